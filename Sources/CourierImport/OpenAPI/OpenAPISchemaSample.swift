import Courier
import OpenAPIKit

/// A small instance of a JSON schema, for a request body that has no example: each value is
/// the schema's own example, default or first `enum` value when it has one, else a
/// placeholder of its type (`"string"`, `0`, `false`, a date for `format: date`, …).
/// Objects get their required properties (all of them when none is required), never
/// read-only ones; arrays one item; `allOf` parts are merged, `oneOf`/`anyOf` take the first.
///
/// `$ref`s are looked up in `components.schemas`; a schema that refers back to itself
/// (`Node.children: [Node]`) stops where it would recur: the property is left out, or the
/// array left empty, and `recursion` says so. Past ``maximumDepth`` levels or
/// ``maximumValues`` values the sample stops the same way (`truncated`).
struct OpenAPISchemaSample {
    let components: OpenAPI.Components
    /// References found inside the schemas that name nothing in `components` (external ones).
    private(set) var unresolved: [String] = []
    /// A schema referred back to itself and the sample stopped there.
    private(set) var recursion = false

    /// The sample stopped at ``maximumValues``.
    private(set) var truncated = false
    private var produced = 0

    /// Below this depth, objects and arrays are left empty.
    static let maximumDepth = 10
    /// The most values one sample has: schemas that share others (each of ten properties a
    /// `$ref` to a schema with ten more, …) would otherwise grow exponentially.
    static let maximumValues = 2_000

    init(components: OpenAPI.Components) {
        self.components = components
    }

    /// The sample of `schema`, or nil when nothing can be made (it only recurs).
    mutating func sample(_ schema: JSONSchema) -> JSONValue? {
        value(schema, visiting: [], depth: 0)
    }

    private mutating func value(_ schema: JSONSchema, visiting: Set<String>, depth: Int) -> JSONValue? {
        produced += 1
        if produced > Self.maximumValues {
            truncated = true
            return nil
        }
        if case .reference(let reference, _) = schema.value {
            let key = reference.absoluteString
            if visiting.contains(key) {
                recursion = true
                return nil
            }
            if let example = schema.examples.first { return OpenAPIExampleValues.json(example) }
            guard let target = components[reference] else {
                if !unresolved.contains(key) { unresolved.append(key) }
                return .null
            }
            return value(target, visiting: visiting.union([key]), depth: depth)
        }
        if let example = schema.examples.first { return OpenAPIExampleValues.json(example) }
        if let value = schema.defaultValue { return OpenAPIExampleValues.json(value) }
        if let value = schema.allowedValues?.first { return OpenAPIExampleValues.json(value) }
        switch schema.value {
        case .null: return .null
        case .boolean: return .bool(false)
        case .integer(_, let context): return .int(context.minimum.map { $0.value + ($0.exclusive ? 1 : 0) } ?? 0)
        case .number(_, let context): return context.minimum.map { .double($0.value) } ?? .int(0)
        case .string(let core, _): return .string(Self.placeholder(format: core.formatString))
        case .array(_, let context):
            guard depth < Self.maximumDepth else {
                truncated = true
                return .array([])
            }
            guard let items = context.items, let item = value(items, visiting: visiting, depth: depth + 1) else { return .array([]) }
            return .array([item])
        case .object(_, let context):
            return object(context, visiting: visiting, depth: depth)
        case .all(of: let parts, _):
            var merged: [String: JSONValue] = [:]
            var other: JSONValue?
            for part in parts {
                switch value(part, visiting: visiting, depth: depth) {
                case .object(let members)?: merged.merge(members) { _, new in new }
                case let value?: other = other ?? value
                case nil: break
                }
            }
            return merged.isEmpty ? (other ?? .object([:])) : .object(merged)
        case .one(of: let parts, _), .any(of: let parts, _):
            for part in parts where !part.isNull {
                if let value = value(part, visiting: visiting, depth: depth) { return value }
            }
            return parts.isEmpty ? .null : nil
        case .not, .fragment:
            return .null
        case .reference:
            return .null  // handled above
        }
    }

    private mutating func object(_ context: JSONSchema.ObjectContext, visiting: Set<String>, depth: Int) -> JSONValue {
        guard depth < Self.maximumDepth else {
            truncated = true
            return .object([:])
        }
        let writable = context.properties.filter { !$0.value.readOnly }
        let required = writable.filter { $0.value.required }
        var members: [String: JSONValue] = [:]
        for (name, property) in required.isEmpty ? writable : required {
            if let value = value(property, visiting: visiting, depth: depth + 1) { members[name] = value }
        }
        return .object(members)
    }

    /// The property names of an object schema in the document's order (a `$ref` and `allOf`
    /// looked through), for form and multipart fields.
    func propertyOrder(_ schema: JSONSchema) -> [String] {
        var order: [String] = []
        var seen: Set<String> = []
        func walk(_ schema: JSONSchema) {
            switch schema.value {
            case .reference(let reference, _):
                guard seen.insert(reference.absoluteString).inserted, let target = components[reference] else { return }
                walk(target)
            case .object(_, let context):
                order += context.properties.keys.filter { !order.contains($0) }
            case .all(of: let parts, _):
                parts.forEach(walk)
            default:
                break
            }
        }
        walk(schema)
        return order
    }

    /// The schema of one property of an object schema (a `$ref` and `allOf` looked through).
    func property(_ name: String, of schema: JSONSchema) -> JSONSchema? {
        var seen: Set<String> = []
        func find(_ schema: JSONSchema) -> JSONSchema? {
            switch schema.value {
            case .reference(let reference, _):
                guard seen.insert(reference.absoluteString).inserted, let target = components[reference] else { return nil }
                return find(target)
            case .object(_, let context):
                return context.properties[name]
            case .all(of: let parts, _):
                return parts.lazy.compactMap(find).first
            default:
                return nil
            }
        }
        return find(schema)
    }

    /// A placeholder string for a `format`.
    static func placeholder(format: String?) -> String {
        switch format {
        case "date-time": return "2024-01-01T00:00:00Z"
        case "date": return "2024-01-01"
        case "time": return "00:00:00Z"
        case "email": return "user@example.com"
        case "uuid": return "00000000-0000-0000-0000-000000000000"
        case "uri", "url": return "https://example.com"
        case "hostname": return "example.com"
        case "ipv4": return "192.0.2.1"
        case "ipv6": return "2001:db8::1"
        case "byte": return ""
        case "binary": return ""
        default: return "string"
        }
    }
}
