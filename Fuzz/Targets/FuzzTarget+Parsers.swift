import Courier
import CourierChecks
import CourierFormatCore
import CourierWorkspace
import Foundation

/// The targets over Courier's text parsers: each input is refused with an error or read, and
/// what is read is used as a run would use it.
extension FuzzTarget {
    /// Any text as a workspace file: it loads or fails with a WorkspaceError, and nothing else
    /// (no crash, no hang, no runaway memory — aliases and templates are bounded).
    static func workspace(_ text: String) {
        if let workspace = try? Workspace.parse(yaml: text, file: "fuzz.yaml") {
            for name in workspace.requestNames { _ = workspace.requestNames(inBatch: name) }
        }
    }

    /// The first line defines variables (`a=…;b=…`), the rest is a template rendered with them.
    static func template(_ text: String) {
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        var variables: [String: String] = [:]
        for pair in (lines.first ?? "").split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { variables[String(parts[0])] = String(parts[1]) }
        }
        let scope = VariableScope(variables: variables, environment: ["HOME": "/home/fuzz"])
        _ = try? scope.render(lines.count > 1 ? String(lines[1]) : "")
    }

    /// A chain step's `when:` text: it parses or fails with a ParseError.
    static func condition(_ text: String) {
        if let condition = try? Condition(parsing: text, location: SourceLocation(file: "fuzz.yaml", line: 1, column: 1)) {
            _ = condition.description
        }
    }

    /// A capture's JSON path (`$.orders[0].id`), then looked up in a small document.
    static func capture(_ text: String) {
        if let path = try? JSONPath(parsing: text) {
            let document: JSONValue = ["orders": [["id": 101, "tags": ["a", "b"]]], "name": "x"]
            _ = path.evaluate(in: document)
        }
    }

    /// Any text as a pasted curl command: YAML of a request, or a failure that says why; what
    /// the importer writes must read back as a workspace.
    static func curl(_ text: String) {
        if let yaml = try? CurlImport.yaml(from: text) {
            let workspace = "requests:\n" + yaml.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
            _ = try? Workspace.parse(yaml: workspace, file: "fuzz.yaml")
        }
    }

    /// The first line is a base URL, the second a request URL, the rest `key=value` arguments:
    /// the URL builder joins them or refuses with a RequestError, and never sends a URL with a
    /// line break or a header that could split the request.
    static func url(_ text: String) {
        let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        var arguments: [String: JSONValue] = [:]
        for pair in (lines.count > 2 ? lines[2] : "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            arguments[String(parts[0])] = .string(parts.count > 1 ? String(parts[1]) : "")
        }
        let request = ConfigurableRequest(lines.count > 1 ? lines[1] : "", arguments: .object(arguments))
        request.definition.baseURL = lines.first ?? ""
        if let prepared = try? request.preparedRequest() {
            precondition(!prepared.url.contains("\r") && !prepared.url.contains("\n"), "a line break in \(prepared.url)")
        }
    }

    /// Any bytes as a token endpoint's answer body, read as `auth: oauth2` reads it, under a
    /// success status and under an error status. A token it accepts must be one that can be
    /// sent: nothing the header check refuses (a CR/LF in a token was a header injection, #41),
    /// not absurdly long.
    static func token(_ body: Data) {
        for status in [200, 400] {
            switch OAuth2TokenResponse.read(status: status, body: body, now: Date(timeIntervalSince1970: 1_800_000_000)) {
            case .success(let token):
                precondition(HeaderFieldCheck.controlCharacter(in: token.accessToken) == nil,
                             "a token with a control character was accepted")
                precondition(token.accessToken.utf8.count <= 64 << 10, "a token of \(token.accessToken.utf8.count) bytes was accepted")
            case .failure(let problem):
                _ = problem.description
            }
        }
    }

    /// Any text as `courier load` options, one `name=value` a line (`rate=1e300`,
    /// `duration=2s`, `fail-on=p99>250ms`): the plan, the `--fail-on` rules, the report's lines
    /// and the schedule, as a run uses them (``LoadOptions/exercise(_:)``). Absurd values must
    /// be refused or handled, never trap (#41: `--rate 1e300` trapped in the report's formatting).
    static func load(_ text: String) {
        LoadOptions.exercise(text)
    }
}
