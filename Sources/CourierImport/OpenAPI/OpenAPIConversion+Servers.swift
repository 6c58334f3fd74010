import OpenAPIKit
import CourierWorkspace

/// Servers: the first is the base URL (`config.baseUrl: "{{baseUrl}}"` and a `baseUrl`
/// variable), each one an environment setting `baseUrl` and its server variables, whose
/// defaults (the first server's) are also plain variables.
extension OpenAPIConversion {
    mutating func convertServers() {
        workspace.baseURL = "{{baseUrl}}"
        let servers = document.servers
        guard let first = servers.first else {
            declare("baseUrl", "")
            report.notes.append("the document names no server: set baseUrl (--var baseUrl=https://…) before sending")
            return
        }
        declare("baseUrl", serverURL(first))
        if !serverURL(first).contains("://") {
            report.notes.append("server \(first.urlTemplate.rawValue) is relative to where the document is served: "
                                + "put the scheme and host in front of baseUrl")
        }
        for server in servers {
            for (name, variable) in server.variables { declare(Self.variableName(name), variable.default) }
        }
        var environmentNames = ImportNaming()
        for (index, server) in servers.enumerated() {
            var values: [(name: String, value: String)] = [("baseUrl", serverURL(server))]
            values += server.variables.map { (Self.variableName($0.key), $0.value.default) }
            let url = server.urlTemplate.rawValue
            let label = server.description ?? url.range(of: "://").map { String(url[$0.upperBound...]) } ?? url
            workspace.environments.append((environmentNames.unique(label, fallback: "server-\(index + 1)"), values))
            for (name, variable) in server.variables {
                if let choices = variable.enum, !choices.isEmpty {
                    report.notes.append("server variable \(name) of \(server.urlTemplate.rawValue) is one of: \(choices.joined(separator: ", "))")
                }
            }
        }
    }

    /// A server's URL with its `{variables}` as `{{variables}}`.
    func serverURL(_ server: OpenAPI.Server) -> String {
        Self.templated(server.urlTemplate.rawValue)
    }

    /// `{name}` in a URL template or path as `{{name}}` (names made safe for a variable).
    static func templated(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            result += "{{" + variableName(String(rest[rest.index(after: open)..<close])) + "}}"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
