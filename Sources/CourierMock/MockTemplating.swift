import Courier
import CourierWorkspace
import Foundation

/// Fills a mock answer's templates for one call: `{{request.…}}` from the call, every other
/// name from the workspace's scope (variables, `{{uuid}}`, `{{fake.name}}`, …).
struct MockTemplating {
    let incoming: MockIncoming
    let parameters: [String: String]
    let scope: VariableScope
    /// What could not be filled from the call (an absent query parameter): filled with nothing, and said.
    private(set) var missing: [String] = []
    private lazy var bodyJSON: JSONValue? = try? JSONValue(parsing: incoming.body)
    private lazy var query = incoming.queryItems

    init(incoming: MockIncoming, parameters: [String: String], scope: VariableScope) {
        self.incoming = incoming
        self.parameters = parameters
        self.scope = scope
    }

    /// `body` rendered: a JSON body's strings (and keys) filled, a string that is one
    /// `{{request.body.$…}}` replaced by that JSON value; a text body filled as text.
    mutating func render(_ body: MockDefinition.Body) throws(TemplateError) -> (data: Data, isJSON: Bool) {
        switch body {
        case .json(let value): return (try render(value).serialized(), true)
        case .text(let text): return (Data(try render(text).utf8), false)
        }
    }

    mutating func render(_ value: JSONValue) throws(TemplateError) -> JSONValue {
        switch value {
        case .string(let text):
            let placeholders = Template.placeholders(in: text)
            if placeholders.count == 1, placeholders[0].range == text.startIndex..<text.endIndex,
               placeholders[0].name.hasPrefix("request.body.$") {
                return requestJSON(placeholders[0].name) ?? .null
            }
            return .string(try render(text))
        case .array(let items):
            var rendered: [JSONValue] = []
            for item in items { rendered.append(try render(item)) }
            return .array(rendered)
        case .object(let members):
            var rendered: [String: JSONValue] = [:]
            for key in members.keys.sorted() { rendered[try render(key)] = try render(members[key]!) }
            return .object(rendered)
        default:
            return value
        }
    }

    mutating func render(_ text: String) throws(TemplateError) -> String {
        var this = self
        let rendered = try Template.render(text) { (name: String) throws(TemplateError) -> String? in
            guard name.hasPrefix("request.") else { return try this.scope.value(of: name) }
            if let value = this.requestText(name) { return value }
            this.missing.append(name)
            return ""
        }
        self = this
        return rendered
    }

    /// A `request.…` name's value as text; nil when the call has none.
    private mutating func requestText(_ name: String) -> String? {
        switch name {
        case "request.method": return incoming.method
        case "request.path": return incoming.path.removingPercentEncoding ?? incoming.path
        case "request.body": return String(decoding: incoming.body, as: UTF8.self)
        default: break
        }
        if name.hasPrefix("request.path.") { return parameters[String(name.dropFirst("request.path.".count))] }
        if name.hasPrefix("request.query.") { return query[String(name.dropFirst("request.query.".count))] }
        if name.hasPrefix("request.header.") { return incoming.header(String(name.dropFirst("request.header.".count))) }
        if name.hasPrefix("request.body.$") {
            guard let value = requestJSON(name) else { return nil }
            if case .string(let text) = value { return text }
            return String(decoding: value.serialized(), as: UTF8.self)
        }
        return nil
    }

    /// `request.body.$.a.b[0]` evaluated in the call's JSON body.
    private mutating func requestJSON(_ name: String) -> JSONValue? {
        guard let path = try? JSONPath(parsing: String(name.dropFirst("request.body.".count))), let body = bodyJSON else {
            missing.append(name)
            return nil
        }
        guard let value = path.evaluate(in: body) else {
            missing.append(name)
            return nil
        }
        return value
    }
}
