import Foundation

/// A JSON value: what requests send as arguments and what the JSON serializer produces.
///
/// Integers and floating-point numbers stay distinct so that `2` is sent as `2`, and so that
/// a JSON template can tell an `int` from a `number`.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without a fraction or exponent that fits in `Int`, e.g. `2` or `-40`.
    case int(Int)
    /// Any other number, e.g. `2.5`, `1e3` or an integer too large for `Int`.
    case double(Double)
    /// A string, its escapes decoded.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object. A key that appears twice keeps its last value, as `JSONSerialization` does;
    /// the order of members is not kept (they are written with keys sorted).
    case object([String: JSONValue])

    /// Any `Encodable` value as JSON, through `JSONEncoder`: for arguments built from a
    /// model type instead of literal JSON.
    public init(encoding value: some Encodable, encoder: JSONEncoder = JSONEncoder()) throws {
        try self.init(parsing: encoder.encode(value))
    }

    /// Parses UTF-8 JSON text (RFC 8259, strictly; see `JSONParser`); throws ``JSONParseError``,
    /// which gives the byte offset and the reason, when it is not JSON.
    public init(parsing data: Data) throws {
        self = try JSONParser.parse(data)
    }

    /// Checks that UTF-8 text is JSON, with the same rules and errors as ``init(parsing:)``,
    /// without building the value — for a serializer that must reject bad JSON at once but
    /// need not hold a large body's tree until someone reads it.
    public static func validate(_ data: Data) throws(JSONParseError) {
        try JSONParser.validate(data)
    }

    /// Serializes the value; object keys are sorted so that equal values give equal bytes.
    ///
    /// The bytes are exactly those of `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes`
    /// (and `.prettyPrinted`); see `JSONWriter`. Like the encoder, it refuses a NaN or infinite double
    /// and containers nested 512 deep; the whole value then serializes as `null`.
    public func serialized(prettyPrinted: Bool = false) -> Data {
        JSONWriter.serialize(self, prettyPrinted: prettyPrinted)
    }

    /// The member `key` of an object, or nil.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The element at `index` of an array, or nil when out of range or not an array.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    /// The string, or nil for any other value (a number is not converted).
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    /// The integer: an `int`, or a `double` with no fraction below 9×10¹⁵ in magnitude (exact
    /// in a `Double`); nil otherwise.
    public var intValue: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d) where d.rounded() == d && abs(d) < 9.0e15: return Int(d)
        default: return nil
        }
    }
    /// The number, an `int` converted to `Double`; nil for any other value.
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }
    /// The Boolean, or nil for any other value.
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    /// The elements, or nil when the value is not an array.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    /// The members, or nil when the value is not an object.
    public var objectValue: [String: JSONValue]? { if case .object(let o) = self { return o }; return nil }
    /// Whether the value is `null` (not whether a member is missing: `json["x"]` is then nil).
    public var isNull: Bool { self == .null }
}

extension JSONValue: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue: CustomStringConvertible {
    public var description: String { String(decoding: serialized(), as: UTF8.self) }
}
