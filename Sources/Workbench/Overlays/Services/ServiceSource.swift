import CourierWorkspace

/// A schema the service browser lists: that of a workspace request's `grpc:` (its `.proto`
/// files, descriptor set or server reflection), or of a server typed in (reflection).
package struct ServiceSource: Sendable, Hashable {
    /// What the browser calls it: `places.proto`, `http://127.0.0.1:50051's reflection`.
    package var label: String
    /// The request it was found on; a new request made from one of its methods copies that
    /// request's TLS, authentication and headers. Nil for a server typed in.
    package var request: String?
    /// The `grpc:` a new request starts from: the target and the schema as written.
    package var basis: GRPCDefinition
}

/// Why a schema could not be loaded for the browser, in a sentence.
package struct ServiceLoadFailure: Error, Sendable, Hashable {
    package var reason: String
}

/// A method the user chose in the browser to make a request of (`n`).
package struct NewCall: Sendable, Hashable {
    package var source: ServiceSource
    package var method: GRPCCatalog.Method

    /// The request's name to suggest: the method's in kebab case (`GetPlace` → `get-place`,
    /// `GetHTTPStatus` → `get-http-status`).
    package var suggestedName: String {
        let characters = Array(method.name.replacingOccurrences(of: "_", with: "-"))
        var name = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0, name.last != "-" {
                let previous = characters[index - 1]
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) { name.append("-") }
            }
            name.append(contentsOf: character.lowercased())
        }
        return name
    }
}
