import CourierWorkspace

/// Translates the `{{…}}` of a `.http` file into the workspace's templating:
///
/// - system variables: `{{$guid}}`/`{{$uuid}}` → `{{uuid}}`, `{{$timestamp}}` →
///   `{{timestamp}}`, `{{$datetime iso8601}}`/`{{$isoTimestamp}}` → `{{now}}`,
///   `{{$processEnv NAME}}`/`{{$env.NAME}}` → `{{env.NAME}}`; any other becomes a variable
///   declared empty (a stand-in), reported as dropped;
/// - REST Client's request variables, `{{login.response.body.$.token}}`,
///   `{{login.response.body.token}}`, `{{login.response.headers.X-Token}}`: a capture on the
///   named request (`login-token: $.token`), used as `{{login-token}}`;
/// - everything else (a variable name) stays as it is.
struct HTTPFilePlaceholders {
    /// A value a request's response provides to later requests: a chain capture.
    struct Capture: Sendable, Hashable {
        /// The workspace name of the request that provides it.
        var request: String
        var variable: String
        /// `$.token`, `header:X-Token`, `body` or `status`.
        var source: String
    }

    /// Request names as written after `@name` → the workspace's request names.
    private let requestNames: [String: String]
    /// Captures made from request-variable references, in order of first use.
    private(set) var captures: [Capture] = []
    /// Variables that stand in for what has no equivalent, declared empty.
    private(set) var standIns: [String] = []
    private(set) var dropped: [String] = []
    private(set) var notes: [String] = []
    private var naming = ImportNaming()
    private var standInFor: [String: String] = [:]

    /// `reserved`: the file's variable names, which captures and stand-ins must not take.
    init(requestNames: [String: String], reserved: [String]) {
        self.requestNames = requestNames
        reserved.forEach { naming.reserve($0) }
        Template.builtIns.forEach { naming.reserve($0) }
    }

    /// `text` with its placeholders translated; `context` names where it is, for the report
    /// (`request "login"`).
    mutating func translate(_ text: String, in context: String) -> String {
        HTTPFileText.replacingPlaceholders(in: text) { inside in
            if inside.hasPrefix("$") { return "{{" + system(inside, in: context) + "}}" }
            if let reference = Self.reference(inside) {
                return "{{" + capture(reference, inside: inside, named: nil, in: context) + "}}"
            }
            return nil
        }
    }

    /// A file variable that is exactly one request-variable reference
    /// (`@token = {{login.response.body.$.token}}`) becomes a capture of that name; false when
    /// `value` is not such a reference or cannot be captured.
    mutating func captureAlias(variable: String, value: String, in context: String) -> Bool {
        let found = HTTPFileText.placeholders(in: value)
        guard found.count == 1, found[0].range == value.startIndex..<value.endIndex,
              let reference = Self.reference(found[0].inside) else { return false }
        let captured = capture(reference, inside: found[0].inside, named: variable, in: context)
        return captured == variable
    }

    // MARK: - Request variables

    private struct Reference {
        var request: String
        var part: String
        var kind: String
        var path: String?
    }

    /// `NAME.(response|request).(body|headers|cookies)[.PATH]`.
    private static func reference(_ inside: String) -> Reference? {
        let parts = inside.split(separator: ".", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, !parts[0].isEmpty, !parts[0].contains(" "),
              ["response", "request"].contains(parts[1]), ["body", "headers", "cookies"].contains(parts[2]) else { return nil }
        return Reference(request: parts[0], part: parts[1], kind: parts[2], path: parts.count > 3 ? parts[3] : nil)
    }

    /// The capture variable for a reference (`preferred` names it), or a stand-in.
    private mutating func capture(_ reference: Reference, inside: String, named preferred: String?, in context: String) -> String {
        guard let request = requestNames[reference.request] else {
            return standIn(inside, in: context, because: "refers to a request named \(reference.request), which the file does not name (# @name)")
        }
        guard reference.part == "response" else {
            return standIn(inside, in: context, because: "reads what another request sent, which a chain cannot capture")
        }
        let source: String
        let leaf: String
        switch (reference.kind, reference.path) {
        case ("body", nil), ("body", "*"?):
            (source, leaf) = ("body", "body")
        case ("body", let path?) where !path.hasPrefix("/"):
            let jsonPath = path.hasPrefix("$") ? path : "$." + path
            guard let parsed = try? JSONPath(parsing: jsonPath) else {
                return standIn(inside, in: context, because: "uses a JSONPath Courier's captures cannot read (they take $.a.b[0]['c'])")
            }
            source = jsonPath
            leaf = parsed.components.reversed().compactMap { if case .key(let key) = $0 { key } else { nil } }.first ?? "value"
        case ("headers", let name?) where !name.isEmpty:
            (source, leaf) = ("header:" + name, name)
        default:
            return standIn(inside, in: context, because: "reads XPath or cookies, which captures cannot")
        }
        if let existing = captures.first(where: { $0.request == request && $0.source == source }), preferred == nil {
            return existing.variable
        }
        let variable = preferred ?? naming.unique(request + "-" + leaf, fallback: request + "-value")
        captures.append(Capture(request: request, variable: variable, source: source))
        return variable
    }

    // MARK: - System variables

    private mutating func system(_ inside: String, in context: String) -> String {
        let words = inside.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let arguments = Array(words.dropFirst())
        func withOffsetDropped(_ builtIn: String, after count: Int) -> String {
            if arguments.count > count {
                dropped.append("\(context): the offset of {{\(inside)}} is not carried over; it is {{\(builtIn)}}, the time now")
            }
            return builtIn
        }
        switch words[0] {
        case "$guid", "$uuid", "$random.uuid":
            return "uuid"
        case "$timestamp":
            return withOffsetDropped("timestamp", after: 0)
        case "$isoTimestamp":
            return "now"
        case "$datetime" where arguments.first?.lowercased() == "iso8601":
            return withOffsetDropped("now", after: 1)
        case "$localDatetime" where arguments.first?.lowercased() == "iso8601":
            notes.append("\(context): {{\(inside)}} is {{now}}, in UTC rather than local time")
            return withOffsetDropped("now", after: 1)
        case "$processEnv" where arguments.count == 1 && !arguments[0].hasPrefix("%"):
            return "env." + arguments[0]
        case let word where word.hasPrefix("$env.") && word.count > 5 && arguments.isEmpty:
            return "env." + word.dropFirst(5)
        default:
            return standIn(inside, in: context, because: "has no Courier equivalent")
        }
    }

    /// A variable declared empty in place of `inside`, reported once.
    private mutating func standIn(_ inside: String, in context: String, because reason: String) -> String {
        if let name = standInFor[inside] { return name }
        let words = inside.map { "$./".contains($0) ? " " : $0 }
        let name = naming.unique(String(words), fallback: "value")
        standInFor[inside] = name
        standIns.append(name)
        dropped.append("\(context): {{\(inside)}} \(reason); it is {{\(name)}}, declared empty (set it under variables or with --var \(name)=…)")
        return name
    }
}
