import Courier
import Foundation

/// Makes a JSON value that a schema accepts: what a mock server answers with when an OpenAPI
/// response documents a schema and no example (``instance(at:)``).
///
/// The schema's own `examples` (2020-12), `example` (OpenAPI 3.0), `default`, `const` or first
/// `enum` value win; otherwise a value is built from the keywords: every property of an object
/// (the required ones only below ``maxDepth``), `minItems` items of an array (at least one),
/// strings that fit `format`, `minLength`/`maxLength` and simple `pattern`s
/// (``SchemaPatternSample``), numbers within their bounds and `multipleOf`. `$ref`s are followed
/// through the registry (pointers; `$id`/`$anchor` names are not looked up), `allOf` is merged,
/// `oneOf`/`anyOf` take their first branch. A caller that must be sure validates the result
/// (``JSONSchema/validate(_:)``): a generated value can miss keywords this does not read
/// (`not`, `if`/`then`, `contains`, `dependentRequired`, a pattern too rich to sample).
public struct SchemaInstanceGenerator: Sendable {
    /// Below this many nested objects and arrays, an object gets its required properties only
    /// and an array no more items than it must have, so that a recursive schema (a tree of nodes) ends.
    public static let maxDepth = 6
    /// Past this depth nothing more is made (a schema whose required properties recurse for ever).
    static let hardDepth = 24

    private let registry: SchemaRegistry
    private let options: JSONSchema.Options

    /// `options`: the dialect of schemas without `$schema` (OpenAPI 3.0's for its documents),
    /// used to check candidate values.
    public init(registry: SchemaRegistry, options: JSONSchema.Options = JSONSchema.Options()) {
        self.registry = registry
        var options = options
        options.checksSchema = false
        self.options = options
    }

    /// A value for the schema at `reference` (an absolute URI with a pointer fragment, as a
    /// ``JSONSchema`` is compiled from); nil when the reference leads nowhere.
    public func instance(at reference: String) -> JSONValue? {
        guard let (schema, _) = resolve(reference, against: reference) else { return nil }
        var run = Run(generator: self, registry: registry)
        return run.instance(schema, at: SchemaURI.split(reference).fragment == nil ? reference + "#" : reference, depth: 0, references: [])
    }

    /// A value for `schema`, whose `$ref`s are read against `base` (the schema is that document).
    public func instance(of schema: JSONValue, base: String = JSONSchema.anonymousURI) -> JSONValue {
        let resource = SchemaURI.split(base).resource
        var registry = self.registry
        if registry.document(resource) == nil { registry.add(schema, uri: resource) }
        var run = Run(generator: self, registry: registry)
        return run.instance(schema, at: resource + "#", depth: 0, references: [])
    }

    /// One generation: the registry it reads (with an anonymous root added) and the schemas
    /// compiled to check candidates, by location.
    private struct Run {
        let generator: SchemaInstanceGenerator
        let registry: SchemaRegistry
        var compiled: [String: JSONSchema?] = [:]

        init(generator: SchemaInstanceGenerator, registry: SchemaRegistry) {
            self.generator = generator
            self.registry = registry
        }

        /// Whether the schema at `location` accepts `value`; true when it cannot be compiled.
        mutating func accepts(_ value: JSONValue, at location: String) -> Bool {
            if compiled[location] == nil {
                compiled[location] = .some(try? JSONSchema(reference: location, registry: registry, options: generator.options))
            }
            guard let schema = compiled[location] ?? nil else { return true }
            return schema.isValid(value)
        }

        /// A value for `schema`, written at `location` (a URI with a pointer fragment).
        mutating func instance(_ schema: JSONValue, at location: String, depth: Int, references: Set<String>) -> JSONValue {
            guard case .object(let keywords) = schema, depth < SchemaInstanceGenerator.hardDepth else { return .object([:]) }
            let given = SchemaInstanceGenerator.givenValues(keywords)
            if let first = given.first(where: { accepts($0, at: location) }) { return first }
            return built(keywords, at: location, depth: depth, references: references)
        }

        private mutating func built(_ keywords: [String: JSONValue], at location: String, depth: Int, references: Set<String>) -> JSONValue {
            if let reference = keywords["$ref"]?.stringValue {
                let target = SchemaURI.resolve(reference, against: location)
                // A reference back to where it was followed from without anything nested between: stop.
                if !references.contains(target), let (resolved, _) = generator.resolve(reference, against: location, in: registry) {
                    var rest = keywords
                    rest["$ref"] = nil
                    if SchemaInstanceGenerator.hasShape(rest) {
                        return built(SchemaInstanceGenerator.merge([resolved, .object(rest)]).objectValue ?? [:], at: location,
                                     depth: depth, references: references.union([target]))
                    }
                    return instance(resolved, at: target.contains("#") ? target : target + "#", depth: depth, references: references.union([target]))
                }
            }
            if let parts = keywords["allOf"]?.arrayValue {
                var rest = keywords
                rest["allOf"] = nil
                let resolvedParts = parts.map { part -> JSONValue in
                    guard let reference = part["$ref"]?.stringValue, let (resolved, _) = generator.resolve(reference, against: location, in: registry) else { return part }
                    return resolved
                }
                let merged = SchemaInstanceGenerator.merge(resolvedParts + [.object(rest)])
                let value = built(merged.objectValue ?? [:], at: location, depth: depth, references: references)
                if accepts(value, at: location) { return value }
                // The merge lost what a part said by reference: make the first part's value whole.
                return instance(parts[0], at: location + "/allOf/0", depth: depth, references: references)
            }
            for combinator in ["oneOf", "anyOf"] {
                guard let branches = keywords[combinator]?.arrayValue, !branches.isEmpty else { continue }
                var rest = keywords
                rest[combinator] = nil
                var first: JSONValue?
                for (index, branch) in branches.enumerated() {
                    let branchLocation = location + "/\(combinator)/\(index)"
                    let candidate = SchemaInstanceGenerator.hasShape(rest)
                        ? built(SchemaInstanceGenerator.merge([.object(rest), branch]).objectValue ?? [:], at: branchLocation, depth: depth, references: references)
                        : instance(branch, at: branchLocation, depth: depth, references: references)
                    if accepts(candidate, at: location) { return candidate }
                    first = first ?? candidate
                }
                return first!
            }
            switch SchemaInstanceGenerator.type(of: keywords) {
            case "object": return object(keywords, at: location, depth: depth)
            case "array": return array(keywords, at: location, depth: depth)
            case "string": return .string(SchemaInstanceGenerator.string(keywords))
            case "integer": return SchemaInstanceGenerator.number(keywords, integer: true)
            case "number": return SchemaInstanceGenerator.number(keywords, integer: false)
            case "boolean": return .bool(true)
            case "null": return .null
            default: return .object([:])
            }
        }

        private mutating func object(_ keywords: [String: JSONValue], at location: String, depth: Int) -> JSONValue {
            let properties = keywords["properties"]?.objectValue ?? [:]
            let required = Set(keywords["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            var members: [String: JSONValue] = [:]
            for (name, property) in properties where depth < SchemaInstanceGenerator.maxDepth || required.contains(name) {
                // A response never carries what only a client writes, unless it must; nothing is allowed under `false`.
                if property["writeOnly"]?.boolValue == true, !required.contains(name) { continue }
                if property == .bool(false) { continue }
                members[name] = instance(property, at: location + "/properties/" + JSONPointer.escape(name), depth: depth + 1, references: [])
            }
            for name in required where members[name] == nil {
                members[name] = keywords["additionalProperties"].map {
                    instance($0, at: location + "/additionalProperties", depth: depth + 1, references: [])
                } ?? .string("string")
            }
            return .object(members)
        }

        private mutating func array(_ keywords: [String: JSONValue], at location: String, depth: Int) -> JSONValue {
            let minimum = keywords["minItems"]?.intValue ?? 0
            let prefix = keywords["prefixItems"]?.arrayValue ?? []
            // `items: false` after prefixItems: exactly the prefix's items, at most.
            let itemsAllowed = keywords["items"] != .bool(false)
            var count = depth < SchemaInstanceGenerator.maxDepth ? max(1, minimum) : minimum
            if !itemsAllowed { count = min(count, prefix.count) }
            let unique = keywords["uniqueItems"]?.boolValue == true
            var items: [JSONValue] = []
            for index in 0..<min(count, keywords["maxItems"]?.intValue ?? count) {
                let (schema, at) = index < prefix.count ? (prefix[index], location + "/prefixItems/\(index)")
                                                         : (keywords["items"] ?? .object([:]), location + "/items")
                var item = instance(schema, at: at, depth: depth + 1, references: [])
                if unique, items.contains(item) {
                    let resolved = schema["$ref"]?.stringValue.flatMap { generator.resolve($0, against: at, in: registry)?.0 } ?? schema
                    let choices = resolved["enum"]?.arrayValue ?? []
                    item = choices.first { !items.contains($0) } ?? SchemaInstanceGenerator.varied(item, by: index)
                }
                items.append(item)
            }
            return .array(items)
        }
    }

    /// The values the schema gives, in the order they are tried: `examples`, `example`,
    /// `default`, `const`, `enum`.
    private static func givenValues(_ keywords: [String: JSONValue]) -> [JSONValue] {
        var values = keywords["examples"]?.arrayValue ?? []
        values += [keywords["example"], keywords["default"], keywords["const"]].compactMap { $0 }
        return values + (keywords["enum"]?.arrayValue ?? [])
    }

    /// Whether `keywords` say anything about a value's shape (not only annotations).
    private static func hasShape(_ keywords: [String: JSONValue]) -> Bool {
        let annotations: Set<String> = ["description", "title", "summary", "deprecated", "readOnly", "writeOnly", "nullable",
                                        "$comment", "externalDocs", "xml", "discriminator", "$schema", "$id"]
        return keywords.keys.contains { !annotations.contains($0) }
    }

    /// The type to build: `type` (the first that is not `null` of a list), or what the keywords imply.
    private static func type(of keywords: [String: JSONValue]) -> String? {
        if let type = keywords["type"]?.stringValue { return type }
        if let types = keywords["type"]?.arrayValue?.compactMap(\.stringValue) { return types.first { $0 != "null" } ?? types.first }
        if keywords["properties"] != nil || keywords["required"] != nil || keywords["additionalProperties"] != nil { return "object" }
        if keywords["items"] != nil || keywords["prefixItems"] != nil || keywords["minItems"] != nil { return "array" }
        if keywords["minLength"] != nil || keywords["maxLength"] != nil || keywords["pattern"] != nil || keywords["format"] != nil { return "string" }
        if keywords["minimum"] != nil || keywords["maximum"] != nil || keywords["multipleOf"] != nil { return "number" }
        return nil
    }

    /// Subschemas merged into one, for `allOf`: properties and required lists joined, the
    /// other keywords of later parts over earlier ones.
    static func merge(_ parts: [JSONValue]) -> JSONValue {
        var merged: [String: JSONValue] = [:]
        var properties: [String: JSONValue] = [:]
        var required: [JSONValue] = []
        for case .object(let keywords) in parts {
            for (key, value) in keywords {
                switch key {
                case "properties": properties.merge(value.objectValue ?? [:]) { _, later in later }
                case "required": required += (value.arrayValue ?? []).filter { !required.contains($0) }
                default: merged[key] = value
                }
            }
        }
        if !properties.isEmpty { merged["properties"] = .object(properties) }
        if !required.isEmpty { merged["required"] = .array(required) }
        return .object(merged)
    }

    private static func string(_ keywords: [String: JSONValue]) -> String {
        let minimum = keywords["minLength"]?.intValue ?? 0
        let maximum = keywords["maxLength"]?.intValue ?? Int.max
        if let pattern = keywords["pattern"]?.stringValue, let sample = SchemaPatternSample.string(matching: pattern, length: minimum...maximum) {
            return sample
        }
        var text: String
        switch keywords["format"]?.stringValue {
        case "date-time": text = "2026-01-01T12:00:00Z"
        case "date": text = "2026-01-01"
        case "time": text = "12:00:00Z"
        case "duration": text = "P1D"
        case "email", "idn-email": text = "user@example.com"
        case "hostname", "idn-hostname": text = "example.com"
        case "ipv4": text = "192.0.2.1"
        case "ipv6": text = "2001:db8::1"
        case "uri", "iri", "url": text = "https://example.com/"
        case "uri-reference", "iri-reference": text = "/example"
        case "uuid": text = "3fa85f64-5717-4562-b3fc-2c963f66afa6"
        case "byte": text = "ZXhhbXBsZQ=="
        case "json-pointer": text = "/example"
        case "regex": text = "^example$"
        default: text = "string"
        }
        if text.count < minimum { text += String(repeating: "x", count: minimum - text.count) }
        if text.count > maximum { text = String(text.prefix(maximum)) }
        return text
    }

    /// A value the bounds and `multipleOf` allow: the first that fits of 1, 0, the bounds and
    /// the numbers beside them, the multiples nearest them, their middle.
    private static func number(_ keywords: [String: JSONValue], integer: Bool) -> JSONValue {
        var low = keywords["minimum"]?.doubleValue, high = keywords["maximum"]?.doubleValue
        var lowIsStrict = false, highIsStrict = false
        // Draft 4 / OpenAPI 3.0 write exclusiveness as a boolean beside minimum and maximum.
        if keywords["exclusiveMinimum"]?.boolValue == true { lowIsStrict = true }
        if keywords["exclusiveMaximum"]?.boolValue == true { highIsStrict = true }
        if let bound = keywords["exclusiveMinimum"]?.doubleValue, bound >= (low ?? -.infinity) { (low, lowIsStrict) = (bound, true) }
        if let bound = keywords["exclusiveMaximum"]?.doubleValue, bound <= (high ?? .infinity) { (high, highIsStrict) = (bound, true) }
        let step = keywords["multipleOf"]?.doubleValue.flatMap { $0 > 0 ? $0 : nil }
        func fits(_ value: Double) -> Bool {
            if integer, value.rounded() != value { return false }
            if let low, lowIsStrict ? value <= low : value < low { return false }
            if let high, highIsStrict ? value >= high : value > high { return false }
            if let step { let ratio = value / step; return abs(ratio - ratio.rounded()) < 1e-9 }
            return true
        }
        var candidates: [Double] = [1, 0]
        for bound in [low, high].compactMap({ $0 }) {
            candidates += [bound, bound.rounded(.up), bound.rounded(.down), bound + 1, bound - 1, bound.rounded(.down) + 1, bound.rounded(.up) - 1]
            if let step {
                let nearest = (bound / step).rounded(.down) * step
                candidates += [nearest - step, nearest, nearest + step, nearest + 2 * step]
            }
        }
        if let low, let high { candidates += [(low + high) / 2, ((low + high) / 2).rounded()] }
        if let step { candidates.append(step) }
        let value = candidates.first(where: fits) ?? low ?? high ?? 1
        if integer || value.rounded() == value, abs(value) < 9.0e15 { return .int(Int(value)) }
        return .double(value)
    }

    /// `item` made different from the items before it (for `uniqueItems`): a number or string
    /// with `index` added, an object with a property changed.
    private static func varied(_ item: JSONValue, by index: Int) -> JSONValue {
        switch item {
        case .int(let value): return .int(value + index)
        case .double(let value): return .double(value + Double(index))
        case .string(let text): return .string(text + String(index))
        case .object(var members):
            if let key = members.keys.sorted().first { members[key] = varied(members[key]!, by: index) }
            return .object(members)
        default: return item
        }
    }

    /// The schema a reference leads to and its base URI.
    private func resolve(_ reference: String, against base: String, in registry: SchemaRegistry? = nil) -> (JSONValue, String)? {
        let uri = SchemaURI.resolve(reference, against: base)
        let (resource, fragment) = SchemaURI.split(uri)
        guard let document = (registry ?? self.registry).document(resource) else { return nil }
        guard let fragment, !fragment.isEmpty else { return (document, resource) }
        guard let tokens = JSONPointer.tokens(ofFragment: fragment), let target = JSONPointer.walk(document, tokens) else { return nil }
        return (target, resource)
    }
}

extension JSONValue {
    var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
