import Courier
import CourierFormatCore

/// Headers and arguments sent with every request — CTNetworking's service-wide headers and
/// parameters: `config: {headers: {…}, args: {…}}`, and an environment's own
/// (`environments: {staging: {headers: {…}, args: {…}}}`) over them. Values are templates.
/// A request's header of the same name (in any case) or argument of the same name wins, and
/// `null` there (or in an environment) sends none.
public struct ServiceDefaults: Sendable {
    /// In file order; `nil` removes a header that defaults below set (an environment's `null`).
    public var headers: [(name: String, value: String?)] = []
    /// In file order; `.null` removes an argument that defaults below set.
    public var args: [(name: String, value: JSONValue)] = []

    public init() {}

    public var isEmpty: Bool { headers.isEmpty && args.isEmpty }

    /// Reads `headers:` and `args:` of `map`; strings are reported to `templates`.
    init(headers: YAMLValue?, args: YAMLValue?, templates: inout [TemplateUse]) throws(WorkspaceError) {
        for entry in try headers?.mapping(expected: "a mapping of header names to values (or null)").entries ?? [] {
            if entry.value.isNull {
                self.headers.append((entry.name, nil))
            } else {
                let value = try entry.value.string(expected: "a header value (a string, or null to send none)")
                templates.append(TemplateUse(text: value, location: entry.value.location))
                self.headers.append((entry.name, value))
            }
        }
        for entry in try args?.mapping(expected: "a mapping of argument names to values").entries ?? [] {
            self.args.append((entry.name, try entry.value.json()))
            RequestDefinition.collectTemplates(in: entry.value, into: &templates)
        }
    }

    /// An environment's `headers:` and `args:`: mappings there are defaults, not variables
    /// (a variable is a string, so a variable named `headers` still reads as one).
    init(environment map: YAMLMapping, templates: inout [TemplateUse]) throws(WorkspaceError) {
        func mapping(_ name: String) -> YAMLValue? {
            map.entries.first { $0.name == name && Self.isEnvironmentDefaults($0) }?.value
        }
        try self.init(headers: mapping("headers"), args: mapping("args"), templates: &templates)
    }

    static func isEnvironmentDefaults(_ entry: YAMLMapping.Entry) -> Bool {
        guard entry.name == "headers" || entry.name == "args" else { return false }
        if case .mapping = entry.value.node { return true }
        return false
    }

    /// These defaults with `more` over them: a name `more` sets replaces this one's (headers
    /// in any case), and its `null` removes it.
    public func overlaid(by more: ServiceDefaults) -> ServiceDefaults {
        var result = ServiceDefaults()
        result.headers = headers.filter { header in !more.headers.contains { Self.sameHeader($0.name, header.name) } }
            + more.headers.filter { $0.value != nil }
        result.args = args.filter { arg in !more.args.contains { $0.name == arg.name } } + more.args.filter { $0.value != .null }
        return result
    }

    static func sameHeader(_ one: String, _ other: String) -> Bool { one.caseInsensitiveCompare(other) == .orderedSame }
}

extension Workspace {
    /// `config`'s headers and args with `environment`'s over them.
    public func serviceDefaults(environment: String?) -> ServiceDefaults {
        guard let environment, let own = environmentDefaults[environment] else { return config.defaults }
        return config.defaults.overlaid(by: own)
    }
}

extension RequestDefinition {
    /// The request as it is sent: `defaults`' headers and args joined to its own. Its own
    /// header of the same name (in any case) or argument wins; a header it writes as `null`
    /// (``removedHeaders``) or an argument it gives `null` sends none. Arguments join where
    /// the request's arguments travel: its `args` (the query, a form body, a multipart body's
    /// leading fields, or the query of a text, file or GraphQL body), or the members of a
    /// `body.form` or an object `body.json`.
    public func applyingDefaults(_ defaults: ServiceDefaults) -> RequestDefinition {
        guard !defaults.isEmpty else { return self }
        var result = self
        let inherited = defaults.headers.compactMap { header -> (name: String, value: String)? in
            guard let value = header.value,
                  !headers.contains(where: { ServiceDefaults.sameHeader($0.name, header.name) }),
                  !removedHeaders.contains(where: { ServiceDefaults.sameHeader($0, header.name) }) else { return nil }
            return (header.name, value)
        }
        result.headers = inherited + headers
        guard !defaults.args.isEmpty else { return result }
        func joined(_ own: JSONValue?, order: [String]) -> (JSONValue?, [String])? {
            var members: [String: JSONValue]
            switch own {
            case .object(let existing)?: members = existing
            case nil: members = [:]
            default: return nil
            }
            var names: [String] = []
            for arg in defaults.args where members[arg.name] == nil && arg.value != .null {
                members[arg.name] = arg.value
                names.append(arg.name)
            }
            for arg in defaults.args where members[arg.name] == .null { members.removeValue(forKey: arg.name) }
            return (members.isEmpty && own == nil ? nil : .object(members), names + order.filter { members[$0] != nil })
        }
        switch body {
        case .json(let value)?:
            if case .object = value, let (joinedValue, _) = joined(value, order: []) { result.body = .json(joinedValue ?? .object([:])) }
        case .form(let value, let order)?:
            if let (joinedValue, names) = joined(value, order: order) { result.body = .form(joinedValue ?? .object([:]), order: names) }
        default:
            if let (joinedValue, names) = joined(args, order: argumentOrder) {
                result.args = joinedValue
                result.argumentOrder = names
            }
        }
        return result
    }

    /// The names of the headers `defaults` add to this request (the composer marks them).
    public func inheritedHeaderNames(_ defaults: ServiceDefaults) -> [String] {
        let sent = applyingDefaults(defaults).headers
        return sent.prefix(sent.count - headers.count).map(\.name)
    }

    /// The arguments `defaults` add to this request, with their values (the composer marks
    /// them): those sent that it does not write itself.
    public func inheritedArgs(_ defaults: ServiceDefaults) -> [(name: String, value: JSONValue)] {
        let sent = applyingDefaults(defaults)
        let own: JSONValue?, sentArgs: JSONValue?
        switch (body, sent.body) {
        case (.json(let mine)?, .json(let joined)?): (own, sentArgs) = (mine, joined)
        case (.form(let mine, _)?, .form(let joined, _)?): (own, sentArgs) = (mine, joined)
        default: (own, sentArgs) = (args, sent.args)
        }
        guard case .object(let members)? = sentArgs else { return [] }
        let written: [String: JSONValue]
        if case .object(let mine)? = own { written = mine } else { written = [:] }
        return defaults.args.compactMap { arg in
            guard written[arg.name] == nil, let value = members[arg.name] else { return nil }
            return (arg.name, value)
        }
    }
}
