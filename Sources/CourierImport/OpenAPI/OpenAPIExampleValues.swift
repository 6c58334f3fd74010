import Courier
import Foundation
import OpenAPIKit

/// Example values of a document (`example`, `examples`, a schema's `examples`, `default`,
/// `enum`) as JSON, and as the text a URL, header or form field carries.
enum OpenAPIExampleValues {
    /// What OpenAPIKit decoded (`Bool`, `Int`, `Double`, `String`, arrays, dictionaries,
    /// `NSNull`) as JSON; object members come out sorted, as OpenAPIKit keeps no order there.
    static func json(_ value: AnyCodable) -> JSONValue { json(any: value.value) }

    static func json(any value: Any) -> JSONValue {
        switch value {
        case let value as AnyCodable: return json(any: value.value)
        case is NSNull: return .null
        case let value as Bool: return .bool(value)
        case let value as Int: return .int(value)
        case let value as UInt: return value <= UInt(Int.max) ? .int(Int(value)) : .double(Double(value))
        case let value as Double: return .double(value)
        case let value as Float: return .double(Double(value))
        case let value as String: return .string(value)
        case let value as URL: return .string(value.absoluteString)
        case let value as Date: return .string(ISO8601DateFormatter().string(from: value))
        case let value as [Any]: return .array(value.map(json(any:)))
        case let value as [String: Any]: return .object(value.mapValues(json(any:)))
        case let value as [AnyHashable: Any]:
            return .object(Dictionary(value.map { ("\($0.key)", json(any: $0.value)) }, uniquingKeysWith: { first, _ in first }))
        default:
            if case Optional<Any>.none = value as Any? { return .null }
            return .string("\(value)")
        }
    }

    /// A value as one piece of text: strings as they are, numbers and booleans written out,
    /// lists joined with commas, objects as JSON.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .string(let string): return string
        case .array(let items): return items.map(text).joined(separator: ",")
        case .object: return String(decoding: value.serialized(), as: UTF8.self)
        }
    }

    /// The first example of a media type or parameter: the first of `examples` (a `$ref`
    /// looked up), else `example`. (OpenAPIKit fills `example` from the first inline entry
    /// of `examples`, skipping references, so `examples` is read first.) `external` is set
    /// when the first entry only names a file.
    static func first(example: AnyCodable?, examples: OpenAPI.Example.Map?, components: OpenAPI.Components,
                      external: inout URL?) -> JSONValue? {
        if let (_, entry) = examples?.first, let resolved = try? components.lookup(entry) {
            if let value = resolved.dataOrLegacyValue { return json(value) }
            if let serialized = resolved.serializedValue { return .string(serialized) }
            if let url = resolved.externalValue {
                external = url
                return nil
            }
        }
        return example.map(json)
    }

    /// A schema's own value: its first `examples` entry (3.0's `example`), `default`, or the
    /// first `enum` value (`const` too), looking through a `$ref`.
    static func schemaValue(_ schema: JSONSchema, components: OpenAPI.Components) -> JSONValue? {
        var schema = schema
        var seen: Set<String> = []
        while case .reference(let reference, _) = schema.value, seen.insert(reference.absoluteString).inserted {
            if let first = schema.examples.first { return json(first) }
            guard let target = components[reference] else { return nil }
            schema = target
        }
        if let first = schema.examples.first { return json(first) }
        if let value = schema.defaultValue { return json(value) }
        if let value = schema.allowedValues?.first { return json(value) }
        return nil
    }
}
