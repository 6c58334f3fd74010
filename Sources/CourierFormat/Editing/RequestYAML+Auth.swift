import Courier

extension RequestYAML {
    /// `auth:` lines of any scheme, two spaces in, written as its description says: the
    /// fields given, in the description's order, those equal to their default left out;
    /// words and text as YAML scalars, numbers as they are, a list as a flow list.
    /// Parsing the lines gives back an equal scheme.
    static func authLines(_ authentication: HTTPAuthentication) -> [String] {
        let description = authentication.schemeDescription
        let values = authentication.values
        var lines = ["  auth:"]
        func written(_ field: AuthField) -> String? {
            guard let value = values[field.key], value != field.defaultValue else { return nil }
            switch field.kind {
            case .integer, .seconds:
                return value
            case .list:
                return "[" + AuthValues.words(value).map { YAMLScalar.string($0, at: .flowValue) }.joined(separator: ", ") + "]"
            default:
                return YAMLScalar.string(value, at: .blockValue)
            }
        }
        func add(_ fields: [AuthField], level: Int) {
            for field in fields {
                if let value = written(field) { lines.append(String(repeating: "  ", count: level) + field.key + ": " + value) }
            }
        }
        switch description.shape {
        case .flag:
            lines.append("    \(description.key): {}")
        case .value, .leading:
            let value = description.fields.first.flatMap { values[$0.key] } ?? ""
            lines.append("    \(description.key): " + YAMLScalar.string(value, at: .blockValue))
            add(description.siblingFields, level: 2)
        case .fields:
            lines.append("    \(description.key):")
            add(description.fields, level: 3)
        }
        return lines
    }
}
