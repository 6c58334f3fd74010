import Courier
import CourierFormatCore

extension RequestDefinition {
    /// `auth:` — one scheme of ``AuthSchemes/all``, written as its description says
    /// (``AuthSchemeDescription/Shape``): `digest: {user, password}`, `bearer: TOKEN`,
    /// `negotiate: {}`, `command: CMD` with `ttl:` beside it. Templated fields are read with
    /// `text` (their placeholders stay until the request is sent); words and numbers are
    /// checked here.
    static func auth(_ value: YAMLValue, text: (YAMLValue) throws(WorkspaceError) -> String) throws(WorkspaceError) -> Auth {
        let schemes = AuthSchemes.all
        let descriptions = schemes.map { $0.schemeDescription }
        let map = try value.mapping(allowed: descriptions.flatMap { [$0.key] + $0.siblingFields.map(\.key) },
                                    expected: descriptions.map(\.synopsis).joined(separator: ", ") + ", or none")
        let chosen = schemes.firstIndex { map[$0.schemeDescription.key] != nil }
        for description in descriptions where description.shape == .leading && (chosen.map { descriptions[$0].key } != description.key) {
            let siblings = description.siblingFields.map(\.key)
            if let stray = siblings.compactMap({ map[$0] }).first {
                throw stray.error(.invalidValue, Self.listed(siblings) + " go with auth.\(description.key)")
            }
        }
        guard let chosen, let node = map[descriptions[chosen].key] else {
            throw value.error(.missingKey, "auth needs one of: " + descriptions.map(\.key).joined(separator: ", ") + ", or none")
        }
        let description = descriptions[chosen]
        var nodes: [String: YAMLValue] = [:]
        switch description.shape {
        case .value:
            if let field = description.fields.first { nodes[field.key] = node }
        case .flag:
            if case .scalar = node.node {
                guard try node.bool() else { throw node.error(.invalidValue, "\(description.key): true or {} turns \(description.title) on") }
            } else {
                _ = try node.mapping(allowed: [], expected: "\(description.key): {} (\(description.summary))")
            }
        case .fields:
            let fields = try node.mapping(allowed: description.fields.map(\.key), expected: description.synopsis)
            for field in description.fields where field.isRequired && field.defaultValue == nil {
                _ = try fields.required(field.key, hint: description.requiredHint ?? "")
            }
            for entry in fields.entries { nodes[entry.name] = entry.value }
        case .leading:
            if let field = description.fields.first { nodes[field.key] = node }
            for field in description.siblingFields { nodes[field.key] = map[field.key] }
        }
        var values = AuthValues()
        for field in description.fields {
            guard let fieldNode = nodes[field.key] else { continue }
            values[field.key] = try Self.authValue(field, fieldNode, text: text)
        }
        do {
            return Auth(try HTTPAuthentication(schemes[chosen], values: values), location: node.location)
        } catch {
            let place = error.field.flatMap { nodes[$0] } ?? node
            throw place.error(error.kind == .missing ? .missingKey : .invalidValue, error.message)
        }
    }

    /// `auth: none`: no auth, not even the folder's.
    static func isNone(_ value: YAMLValue) -> Bool {
        guard case .scalar = value.node else { return false }
        return (try? value.string()) == "none"
    }

    /// A field's value as text: a template, a word, a number as written, a list's words.
    private static func authValue(_ field: AuthField, _ node: YAMLValue,
                                  text: (YAMLValue) throws(WorkspaceError) -> String) throws(WorkspaceError) -> String {
        switch field.kind {
        case .integer(let range):
            return String(try node.int(in: range, "a whole number"))
        case .seconds(let range):
            return AuthValues.number(try node.double(in: range, "a number of seconds"))
        case .choice:
            let word = try node.string()
            if let problem = field.problem(with: word) { throw node.error(.invalidValue, problem) }
            return word
        case .list:
            guard case .sequence = node.node else { return try text(node) }
            var words: [String] = []
            for item in try node.list(expected: "a list of \(field.label)") {
                let word = try text(item)
                guard !word.isEmpty, !word.contains(where: { $0 == " " || $0 == "\t" || $0.isNewline }) else {
                    throw item.error(.invalidValue, "an item of \(field.key) is one word")
                }
                words.append(word)
            }
            return words.joined(separator: " ")
        case .text, .secret, .key, .file:
            return field.isTemplate ? try text(node) : try node.string()
        }
    }

    /// `a, b and c`.
    private static func listed(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words.last!
    }
}
