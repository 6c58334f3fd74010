import Courier
import Foundation
import OpenAPIKit
import CourierWorkspace

/// Parameters: path ones become `{{variables}}` holding their example (or default, first
/// `enum` value, or nothing); required query ones go into the URL with their example, or as
/// `{{name}}` when they have none; optional query ones are listed in a comment above the
/// request, not sent; required headers are headers, optional ones switched-off header rows;
/// required cookies make a `Cookie` header.
extension OpenAPIConversion {
    /// Adds the parameters of a path and its operation (the operation's replacing the path's
    /// of the same name and place) to `request` and `query`; returns the path with its
    /// `{name}`s as `{{variables}}`.
    mutating func convertParameters(_ pathLevel: OpenAPI.Parameter.Array, _ operationLevel: OpenAPI.Parameter.Array,
                                    path: String, into request: inout ImportedWorkspace.Request,
                                    query: inout [String]) -> String {
        let name = request.definition.name
        var parameters: [OpenAPI.Parameter] = []
        for entry in pathLevel + operationLevel {
            guard let parameter = try? components.lookup(entry) else {
                report.dropped.append("request \"\(name)\": a parameter whose $ref could not be looked up (\(entry.a?.jsonReference.absoluteString ?? "?"))")
                continue
            }
            parameters.removeAll { $0.name == parameter.name && $0.location == parameter.location }
            parameters.append(parameter)
        }
        var optionalQuery: [String] = []
        var optionalCookies: [String] = []
        var cookies: [String] = []
        for parameter in parameters {
            let variable = Self.variableName(parameter.name)
            let example = explicitExample(parameter, request: name)
            let fallback = fallbackValue(parameter)
            switch parameter.context {
            case .path:
                declare(variable, (example ?? fallback).map(OpenAPIExampleValues.text) ?? "")
            case .query(let required, _, _):
                if required, let example {
                    query += Self.queryPairs(parameter.name, example, style: parameter.schemaStyle, explode: parameter.schemaOrContent.a?.explode)
                } else if required {
                    query.append(Self.encodeQuery(parameter.name) + "={{" + variable + "}}")
                    declare(variable, fallback.map(OpenAPIExampleValues.text) ?? "")
                } else {
                    optionalQuery.append(parameter.name + ((example ?? fallback).map { "=" + OpenAPIExampleValues.text($0) } ?? ""))
                }
            case .header(let required, _):
                if ["accept", "content-type", "authorization"].contains(parameter.name.lowercased()) {
                    report.notes.append("request \"\(name)\": header parameter \(parameter.name) left out, as OpenAPI says (the body, accept and auth set it)")
                } else if required {
                    request.definition.headers.append((parameter.name, example.map(OpenAPIExampleValues.text) ?? "{{\(variable)}}"))
                    if example == nil { declare(variable, fallback.map(OpenAPIExampleValues.text) ?? "") }
                } else {
                    request.disabledHeaders.append((parameter.name, (example ?? fallback).map(OpenAPIExampleValues.text) ?? ""))
                }
            case .cookie(let required, _):
                if required {
                    cookies.append(parameter.name + "=" + (example.map(OpenAPIExampleValues.text) ?? "{{\(variable)}}"))
                    if example == nil { declare(variable, fallback.map(OpenAPIExampleValues.text) ?? "") }
                } else {
                    optionalCookies.append(parameter.name + ((example ?? fallback).map { "=" + OpenAPIExampleValues.text($0) } ?? ""))
                }
            case .querystring:
                report.dropped.append("request \"\(name)\": querystring parameter \(parameter.name)")
            }
        }
        if !optionalQuery.isEmpty {
            request.comments.append(Self.oneLine("optional query parameters, not sent: " + optionalQuery.joined(separator: ", ")))
        }
        if !optionalCookies.isEmpty {
            request.comments.append(Self.oneLine("optional cookies, not sent: " + optionalCookies.joined(separator: ", ")))
        }
        for cookie in cookies { addCookie(cookie, to: &request.definition) }
        return Self.templated(path)  // each `{name}` as `{{name}}`, declared above or empty later
    }

    /// Adds `name=value` to the request's `Cookie` header (made when it has none).
    func addCookie(_ pair: String, to request: inout RequestDefinition) {
        if let index = request.headers.firstIndex(where: { $0.name.lowercased() == "cookie" }) {
            request.headers[index].value += "; " + pair
        } else {
            request.headers.append(("Cookie", pair))
        }
    }

    /// The parameter's own example: `example`, the first of `examples`, the schema's
    /// `examples` (for a parameter with `content`, its media type's).
    private mutating func explicitExample(_ parameter: OpenAPI.Parameter, request name: String) -> JSONValue? {
        var external: URL?
        defer {
            if let external { report.dropped.append("request \"\(name)\": parameter \(parameter.name)'s example in \(external.absoluteString)") }
        }
        switch parameter.schemaOrContent {
        case .a(let context):
            if let value = OpenAPIExampleValues.first(example: context.example, examples: context.examples,
                                                      components: components, external: &external) {
                return value
            }
            guard let schema = try? components.lookup(context.schema) else { return nil }
            return schemaExample(schema)
        case .b(let content):
            guard let entry = content.first?.value, let media = try? components.lookup(entry) else { return nil }
            if let value = OpenAPIExampleValues.first(example: media.example, examples: media.examples,
                                                      components: components, external: &external) {
                return value
            }
            return media.schema.flatMap(schemaExample)
        }
    }

    /// The first `examples` entry of a schema (looking through a `$ref`).
    private func schemaExample(_ schema: JSONSchema) -> JSONValue? {
        var schema = schema
        var seen: Set<String> = []
        while schema.examples.isEmpty, case .reference(let reference, _) = schema.value,
              seen.insert(reference.absoluteString).inserted, let target = components[reference] {
            schema = target
        }
        return schema.examples.first.map(OpenAPIExampleValues.json)
    }

    /// The parameter's schema `default`, or its first `enum` value.
    private func fallbackValue(_ parameter: OpenAPI.Parameter) -> JSONValue? {
        let schema: JSONSchema?
        switch parameter.schemaOrContent {
        case .a(let context): schema = try? components.lookup(context.schema)
        case .b(let content): schema = content.first.flatMap { try? components.lookup($0.value) }?.schema
        }
        return schema.flatMap { OpenAPIExampleValues.schemaValue($0, components: components) }
    }

    /// `name=value` pairs of a query parameter as its style says: a list repeated
    /// (`explode`, the default) or joined, an object's members as pairs or `name[key]=`.
    static func queryPairs(_ name: String, _ value: JSONValue, style: OpenAPI.Parameter.SchemaContext.Style?, explode: Bool?) -> [String] {
        let key = encodeQuery(name)
        let explode = explode ?? (style == nil || style == .form)
        switch value {
        case .array(let items):
            if explode && (style == nil || style == .form) {
                return items.map { key + "=" + encodeQuery(OpenAPIExampleValues.text($0)) }
            }
            let separator = style == .spaceDelimited ? "%20" : style == .pipeDelimited ? "|" : ","
            return [key + "=" + items.map { encodeQuery(OpenAPIExampleValues.text($0)) }.joined(separator: separator)]
        case .object(let members):
            let names = members.keys.sorted()
            if style == .deepObject {
                return names.map { key + "[" + encodeQuery($0) + "]=" + encodeQuery(OpenAPIExampleValues.text(members[$0]!)) }
            }
            if explode {
                return names.map { encodeQuery($0) + "=" + encodeQuery(OpenAPIExampleValues.text(members[$0]!)) }
            }
            return [key + "=" + names.map { encodeQuery($0) + "," + encodeQuery(OpenAPIExampleValues.text(members[$0]!)) }.joined(separator: ",")]
        default:
            return [key + "=" + encodeQuery(OpenAPIExampleValues.text(value))]
        }
    }

    /// Text percent-encoded for a query name or value (`&`, `=`, `+`, `#` and spaces too).
    static func encodeQuery(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#?")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
