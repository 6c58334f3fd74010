import Courier
import CourierWorkspace
import Foundation

/// What a HAR import does differently for `courier record` (``HARImport/recorded(har:file:)``):
/// one request per method and path template (numbers and UUIDs in paths become variables,
/// `/users/42` → `/users/{{userId}}`), every origin a variable — by default and in the
/// environment `recorded` — (the most used one `{{baseUrl}}`, the config's base URL), credentials as
/// `{{secret.NAME}}` read from environment variables (`config.secrets`), and each request
/// expecting the status it was answered with.
struct HARRecording {
    /// The credentials of the traffic, hidden in what is written besides the requests (comments).
    var credentials: SecretMatcher = .none
    /// Path variables by name, with the value each was first seen with.
    private(set) var pathVariables: [(name: String, value: String)] = []
    /// Origin → its variable.
    private(set) var originVariables: [(origin: String, name: String)] = []
    /// Method, origin and path template of every request made so far.
    private var seen: Set<String> = []
    /// Exchanges folded into a request made earlier.
    private(set) var folded = 0

    init(credentials: SecretMatcher = .none) {
        self.credentials = credentials
    }

    /// The main origin's variable: the config's `baseUrl`.
    static let mainOriginVariable = "baseUrl"
    /// The environment the origins are values of.
    static let environment = "recorded"
    /// The prefix of the environment variables credentials are read from.
    static let secretEnvironmentPrefix = "COURIER_RECORDED_"

    /// Whether `method` on `origin` with a path of this `shape` is new (and now seen).
    mutating func isNew(method: String, origin: String, shape: String) -> Bool {
        if seen.insert(method + " " + origin + shape).inserted { return true }
        folded += 1
        return false
    }

    /// `path` with its identifiers (numbers, UUIDs) as `{}`: the paths of one request.
    static func shape(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { isIdentifier($0) ? "{}" : String($0) }.joined(separator: "/")
    }

    /// The variable an origin other than the main one is written as: `api_example_com_url`.
    mutating func variable(forOrigin origin: String) -> String {
        if let known = originVariables.first(where: { $0.origin == origin }) { return known.name }
        // The host without its port (`https://localhost:8443` → `localhost_url`), numbered when taken.
        let authority = origin.split(separator: "/").last.map(String.init) ?? origin
        let host = authority.hasPrefix("[") ? String(authority.prefix { $0 != "]" }.dropFirst()) : String(authority.prefix { $0 != ":" })
        // A name starts with a letter (`host_127_0_0_1_url`); a WebSocket origin says so (`localhost_ws_url`).
        var slug = HARSecretVariables.name(host)
        if slug.first?.isLetter != true { slug = "host_" + slug }
        let stem = slug + (origin.hasPrefix("ws") ? "_ws_url" : "_url")
        var name = stem
        var counter = 2
        while originVariables.contains(where: { $0.name == name }) {
            name = stem + String(counter)
            counter += 1
        }
        originVariables.append((origin, name))
        return name
    }

    mutating func registerMainOrigin(_ origin: String) {
        originVariables.insert((origin, Self.mainOriginVariable), at: 0)
    }

    /// `path` with each segment that is a number or a UUID replaced by a variable named after
    /// the segment before it (`/users/42/orders/7` → `/users/{{userId}}/orders/{{orderId}}`).
    mutating func template(_ path: String) -> String {
        var previous: Substring?
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            defer { previous = segment }
            guard Self.isIdentifier(segment) else { return String(segment) }
            let value = String(segment)
            let stem = Self.variableStem(after: previous)
            var name = stem
            var counter = 2
            while let taken = pathVariables.first(where: { $0.name == name }), taken.value != value {
                name = stem + String(counter)
                counter += 1
            }
            if !pathVariables.contains(where: { $0.name == name }) { pathVariables.append((name, value)) }
            return "{{" + name + "}}"
        }
        return segments.joined(separator: "/")
    }

    /// A number, or a UUID (any case).
    static func isIdentifier(_ segment: Substring) -> Bool {
        if !segment.isEmpty, segment.count <= 20, segment.allSatisfy(\.isASCII), segment.allSatisfy(\.isNumber) { return true }
        return segment.count == 36 && UUID(uuidString: String(segment)) != nil
    }

    /// `users` → `userId`, `categories` → `categoryId`, `v2` → `v2Id`; none → `id`.
    static func variableStem(after segment: Substring?) -> String {
        guard let segment, !segment.isEmpty, !segment.hasPrefix("{{"), !isIdentifier(segment) else { return "id" }
        var word = HARSecretVariables.name(String(segment)).split(separator: "_").map(String.init)
        guard var last = word.popLast(), !last.isEmpty else { return "id" }
        if last.hasSuffix("ies"), last.count > 3 {
            last = String(last.dropLast(3)) + "y"
        } else if last.hasSuffix("s"), !["ss", "us", "is"].contains(where: last.hasSuffix), last.count > 1 {
            last = String(last.dropLast())
        }
        word.append(last)
        let camel = word.enumerated().map { index, part in index == 0 ? part : part.prefix(1).uppercased() + part.dropFirst() }.joined()
        let name = camel + "Id"
        return name.first.map { $0.isLetter || $0 == "_" } == true ? name : "id" + camel.prefix(1).uppercased() + camel.dropFirst()
    }

    /// The environment variable a credential is read from: `COURIER_RECORDED_TOKEN`.
    static func environmentVariable(for secret: String) -> String {
        secretEnvironmentPrefix + secret.uppercased()
    }
}

extension HARConverter {
    /// A recording's workspace: the config's base URL `{{baseUrl}}`, the origins in the
    /// environment `recorded`, path identifiers as variables, credentials as secrets read from
    /// environment variables — none written in clear.
    mutating func finishRecording(_ recording: HARRecording) -> ImportResult {
        // Every secret is known now: one that an earlier request carried in its URL (a path
        // segment, a query value) becomes its reference there too.
        for index in workspace.requests.indices {
            workspace.requests[index].definition.url = secrets.referencingSecrets(in: workspace.requests[index].definition.url)
        }
        if mainOrigin != nil { workspace.baseURL = "{{\(HARRecording.mainOriginVariable)}}" }
        if !recording.originVariables.isEmpty {
            // The servers are the defaults too: the workspace works with no environment chosen.
            workspace.variables += recording.originVariables.map { ($0.name, $0.origin) }
            workspace.environments.append((HARRecording.environment, recording.originVariables.map { ($0.name, $0.origin) }))
            report.notes.append("the servers are the environment \(HARRecording.environment)'s variables ("
                                + recording.originVariables.map(\.name).joined(separator: ", ") + "): add environments beside it for other servers")
        }
        workspace.variables += recording.pathVariables
        let secretNames = Set(secrets.secretNames)
        workspace.variables += secrets.variables.filter { !secretNames.contains($0.name) }
        workspace.secrets = secrets.secretNames.map { ($0, "{env: \(HARRecording.environmentVariable(for: $0))}") }
        if !secrets.secretNames.isEmpty {
            report.notes.append("credentials are not written into the file: each is {{secret.NAME}}, read from an environment variable ("
                                + secrets.secretNames.map(HARRecording.environmentVariable).joined(separator: ", ")
                                + ") — or point config.secrets at your password manager")
        }
        if recording.folded > 0 {
            report.notes.append("\(recording.folded) exchange\(recording.folded == 1 ? "" : "s") folded into a request recorded earlier (same method and path template)")
        }
        if !droppedHeaders.isEmpty {
            report.notes.append("headers left out (the engine sets them itself): " + droppedHeaders.joined(separator: ", "))
        }
        workspace.defineMissingVariables()
        return ImportResult(workspace: workspace, report: report)
    }
}
