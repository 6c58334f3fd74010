/// `--var name=value` pairs as a dictionary, for `courier run` and `courier load`.
package enum VariableOverrides {
    package struct Problem: Error {
        package var message: String
    }

    /// The pairs; throws for one without `=` or with an empty name.
    package static func parse(_ pairs: [String]) throws(Problem) -> [String: String] {
        var overrides: [String: String] = [:]
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw Problem(message: "--var expects name=value, got \"\(pair)\"")
            }
            overrides[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return overrides
    }
}
