import Courier

/// One editable row of the composer: an argument, a header or a form field. A row switched
/// off is kept (and shown) but not sent.
package struct KeyValueRow: Sendable, Hashable {
    /// What YAML type a value has, so that an edited `page: 1` stays a number.
    package enum ValueType: Sendable, Hashable {
        case string, int, double, bool, null
    }

    package var name: String
    /// As the user sees and types it: `{{lang}}`, `1`, `true`.
    package var value: String
    package var type: ValueType
    package var isEnabled: Bool

    package init(name: String, value: String, type: ValueType = .string, isEnabled: Bool = true) {
        self.name = name
        self.value = value
        self.type = type
        self.isEnabled = isEnabled
    }

    /// A row for a JSON scalar; nil for an object or an array.
    init?(name: String, json: JSONValue) {
        switch json {
        case .string(let text): self.init(name: name, value: text)
        case .int(let number): self.init(name: name, value: String(number), type: .int)
        case .double(let number): self.init(name: name, value: String(number), type: .double)
        case .bool(let flag): self.init(name: name, value: String(flag), type: .bool)
        case .null: self.init(name: name, value: "null", type: .null)
        case .array, .object: return nil
        }
    }

    /// The type a freshly typed value gets: a number, a boolean or null when it reads as
    /// one, else a string.
    package static func inferredType(of text: String) -> ValueType {
        if Int(text) != nil { return .int }
        if Double(text) != nil, text.contains(".") { return .double }
        if text == "true" || text == "false" { return .bool }
        if text == "null" { return .null }
        return .string
    }

    /// The value as JSON: its type kept while the text still reads as that type, a string
    /// otherwise.
    package var json: JSONValue {
        switch type {
        case .int: if let number = Int(value) { return .int(number) }
        case .double: if let number = Double(value) { return .double(number) }
        case .bool: if value == "true" || value == "false" { return .bool(value == "true") }
        case .null: if value == "null" { return .null }
        case .string: break
        }
        return .string(value)
    }
}

/// The part of a request definition the composer edits in place: method, URL, arguments,
/// headers and form fields. Everything else is edited in `$EDITOR` (`e`).
package struct RequestDraft: Sendable, Hashable {
    /// The request's name now (a rename changes it).
    package var name: String
    package var method: HTTPMethod
    package var url: String
    /// Nil when the arguments are not a flat mapping of scalars (nested JSON is read-only here).
    package var args: [KeyValueRow]?
    package var headers: [KeyValueRow]
    /// The fields of a `body: {form: …}`; nil for other bodies.
    package var form: [KeyValueRow]?

    /// The draft of a definition as it is in the file.
    package init(_ definition: RequestDefinition) {
        name = definition.name
        method = definition.method
        url = definition.url
        headers = Self.headerRows(definition)
        // A gRPC call has neither: it sends message: or messages:.
        if definition.grpc != nil {
            form = nil
            args = nil
            return
        }
        switch definition.body {
        case .form(let fields, let order)?:
            form = Self.rows(fields, order: order)
            args = nil
        case .json?:
            // The JSON body is the arguments; it is edited in $EDITOR.
            form = nil
            args = nil
        default:
            form = nil
            args = definition.args.map { Self.rows($0, order: definition.argumentOrder) } ?? []
        }
    }

    /// The headers in file order, a `null` one (the removal of a config's header) as a null row.
    static func headerRows(_ definition: RequestDefinition) -> [KeyValueRow] {
        let rows = definition.headers.map { KeyValueRow(name: $0.name, value: $0.value) }
            + definition.removedHeaders.map { KeyValueRow(name: $0, value: "null", type: .null) }
        let order = definition.headerOrder
        return rows.enumerated().sorted { one, other in
            let (first, second) = (order.firstIndex(of: one.element.name) ?? Int.max, order.firstIndex(of: other.element.name) ?? Int.max)
            return first != second ? first < second : one.offset < other.offset
        }.map(\.element)
    }

    /// Rows for a flat object in file order (keys the order misses come last, sorted);
    /// nil when a member is an object or an array.
    private static func rows(_ value: JSONValue, order: [String]) -> [KeyValueRow]? {
        guard case .object(let members) = value else { return nil }
        let names = order.filter { members[$0] != nil } + members.keys.filter { !order.contains($0) }.sorted()
        var rows: [KeyValueRow] = []
        for name in names {
            guard let row = KeyValueRow(name: name, json: members[name]!) else { return nil }
            rows.append(row)
        }
        return rows
    }

    /// The enabled rows as a JSON object.
    private static func object(_ rows: [KeyValueRow]) -> JSONValue {
        var members: [String: JSONValue] = [:]
        for row in rows where row.isEnabled && !row.name.isEmpty { members[row.name] = row.json }
        return .object(members)
    }

    /// `definition` with this draft's method, URL, arguments, headers and form fields: what
    /// the workbench sends. Rows switched off are left out.
    package func applied(to definition: RequestDefinition) -> RequestDefinition {
        var result = definition
        result.name = name
        result.method = method
        result.url = url
        if let args {
            let enabled = args.filter { $0.isEnabled && !$0.name.isEmpty }
            result.args = enabled.isEmpty && definition.args == nil ? nil : Self.object(args)
            result.argumentOrder = enabled.map(\.name)
        }
        let sent = headers.filter { $0.isEnabled && !$0.name.isEmpty }
        result.headers = sent.filter { $0.json != .null }.map { (name: $0.name, value: $0.value) }
        result.removedHeaders = sent.filter { $0.json == .null }.map(\.name)
        result.headerOrder = sent.map(\.name)
        if let form {
            result.body = .form(Self.object(form), order: form.filter(\.isEnabled).map(\.name))
        }
        return result
    }
}
