import Courier
import Foundation
import SwiftProtobuf
import SwiftProtobufPluginLibrary

/// A field the schema does not name, kept as it came: its number, wire type and bytes.
public struct ProtoUnknownField: Sendable, Hashable {
    /// The field number.
    public var number: Int
    /// The wire type (0 varint, 1 64-bit, 2 length-delimited, 3 group, 5 32-bit).
    public var wireType: UInt8
    /// The value's bytes as encoded (without the tag).
    public var bytes: [UInt8]
}

/// A message's binary encoding read by its descriptor into proto3 JSON
/// (protobuf.dev/programming-guides/json): field names in lowerCamelCase (`json_name`), 64-bit
/// integers as strings, enums by name, bytes as base64; fields without presence at their
/// default are left out, as protobuf's own printers do. Fields the schema lacks are kept aside.
enum ProtoBinaryToJSON {
    /// The deepest nesting read (protobuf's own default recursion limit).
    static let depthLimit = 100

    static func json(_ bytes: [UInt8], range: Range<Int>? = nil, type: Descriptor, lookup: ProtoWellKnownTypes.Lookup,
                     unknown: inout [ProtoUnknownField], depth: Int = 0) throws(ProtoWireError) -> JSONValue {
        guard depth < depthLimit else { throw ProtoWireError(offset: range?.lowerBound ?? 0, reason: "messages nested past \(depthLimit) levels") }
        var reader = ProtoWireReader(bytes, range: range)
        let fields = Dictionary(type.fields.map { (Int($0.number), $0) }, uniquingKeysWith: { first, _ in first })
        // Per field: the values in order (a singular field keeps its last; a message field's
        // occurrences merge, which is reading their bytes one after the other).
        var values: [Int: [JSONValue]] = [:]
        var messageBytes: [Int: [UInt8]] = [:]
        var order: [Int] = []
        while !reader.isAtEnd {
            let (number, wireType) = try reader.tag()
            guard let field = fields[number] else {
                let range = try reader.skip(wireType, number: number)
                unknown.append(ProtoUnknownField(number: number, wireType: wireType.rawValue, bytes: Array(bytes[range])))
                continue
            }
            if values[number] == nil, messageBytes[number] == nil { order.append(number) }
            if field.type == .message || field.type == .group, !field.isRepeated, !field.isMap {
                guard wireType == .lengthDelimited else { throw mismatch(field, wireType, reader.offset) }
                messageBytes[number, default: []] += bytes[try reader.lengthDelimited()]
                continue
            }
            if field.isMap {
                guard wireType == .lengthDelimited else { throw mismatch(field, wireType, reader.offset) }
                let entry = try json(bytes, range: try reader.lengthDelimited(), type: field.messageType, lookup: lookup, unknown: &unknown, depth: depth + 1)
                values[number, default: []].append(entry)
                continue
            }
            if field.isRepeated, wireType == .lengthDelimited, isPackable(field.type) {
                var packed = ProtoWireReader(bytes, range: try reader.lengthDelimited())
                while !packed.isAtEnd { values[number, default: []].append(try scalar(field, &packed, wireType: nil, depth: depth, lookup: lookup, unknown: &unknown)) }
                continue
            }
            values[number, default: []].append(try scalar(field, &reader, wireType: wireType, depth: depth, lookup: lookup, unknown: &unknown))
        }
        var object: [String: JSONValue] = [:]
        for number in order {
            let field = fields[number]!
            let key = jsonKey(field)
            if let message = messageBytes[number] {
                object[key] = try json(message, type: field.messageType, lookup: lookup, unknown: &unknown, depth: depth + 1)
            } else if field.isMap {
                object[key] = mapObject(values[number] ?? [], field: field)
            } else if field.isRepeated {
                object[key] = .array(values[number] ?? [])
            } else if let last = values[number]?.last, field.hasPresence || !isDefault(last, field) {
                object[key] = last
            }
        }
        guard let wellKnown = type.wellKnownType else { return .object(object) }
        do {
            var innerUnknown: [ProtoUnknownField] = []
            let special = try ProtoWellKnownTypes.special(.object(object), type: wellKnown, lookup: lookup) { data, inner in
                try json(Array(data), type: inner, lookup: lookup, unknown: &innerUnknown, depth: depth + 1)
            }
            unknown += innerUnknown
            return special
        } catch let error as ProtoWireError {
            throw error
        } catch {
            throw ProtoWireError(offset: range?.lowerBound ?? 0, reason: (error as? ProtoWellKnownTypes.Problem)?.reason ?? "\(error)")
        }
    }

    /// The key a field is written under: its `json_name`, or its name in lowerCamelCase.
    static func jsonKey(_ field: FieldDescriptor) -> String {
        field.jsonName ?? lowerCamelCase(field.name)
    }

    static func lowerCamelCase(_ name: String) -> String {
        var out = ""
        var upper = false
        for character in name {
            if character == "_" { upper = true; continue }
            out += upper ? character.uppercased() : String(character)
            upper = false
        }
        return out
    }

    private static func mismatch(_ field: FieldDescriptor, _ wireType: ProtoWireType, _ offset: Int) -> ProtoWireError {
        ProtoWireError(offset: offset, reason: "field \(field.name) (\(field.number)) came as wire type \(wireType.rawValue), not as its type \(field.type) is sent")
    }

    static func isPackable(_ type: Google_Protobuf_FieldDescriptorProto.TypeEnum) -> Bool {
        ![.string, .bytes, .message, .group].contains(type)
    }

    /// One value of a scalar, enum or (repeated) message field; `wireType` nil inside a packed run.
    private static func scalar(_ field: FieldDescriptor, _ reader: inout ProtoWireReader, wireType: ProtoWireType?, depth: Int,
                               lookup: ProtoWellKnownTypes.Lookup, unknown: inout [ProtoUnknownField]) throws(ProtoWireError) -> JSONValue {
        let expected: ProtoWireType = switch field.type {
        case .double, .fixed64, .sfixed64: .fixed64
        case .float, .fixed32, .sfixed32: .fixed32
        case .string, .bytes, .message: .lengthDelimited
        case .group: .startGroup
        default: .varint
        }
        if let wireType, wireType != expected { throw mismatch(field, wireType, reader.offset) }
        switch field.type {
        case .int32: return .int(Int(Int32(truncatingIfNeeded: try reader.varint())))
        case .uint32: return .int(Int(UInt32(truncatingIfNeeded: try reader.varint())))
        case .sint32: return .int(Int(Int32(truncatingIfNeeded: ZigZag.decode(try reader.varint()))))
        case .int64: return .string(String(Int64(bitPattern: try reader.varint())))
        case .uint64: return .string(String(try reader.varint()))
        case .sint64: return .string(String(ZigZag.decode(try reader.varint())))
        case .bool: return .bool(try reader.varint() != 0)
        case .enum: return enumValue(Int32(truncatingIfNeeded: try reader.varint()), field.enumType)
        case .fixed32: return .int(Int(try reader.fixed32()))
        case .sfixed32: return .int(Int(Int32(bitPattern: try reader.fixed32())))
        // The shortest decimal that reads back as the same float (0.1, not 0.10000000149…), as
        // protobuf's printers write a float.
        case .float: return floating(Double(Float(bitPattern: try reader.fixed32()).description) ?? .nan)
        case .fixed64: return .string(String(try reader.fixed64()))
        case .sfixed64: return .string(String(Int64(bitPattern: try reader.fixed64())))
        case .double: return floating(Double(bitPattern: try reader.fixed64()))
        case .string:
            let range = try reader.lengthDelimited()
            guard let text = String(validating: reader.bytes[range], as: UTF8.self) else {
                throw ProtoWireError(offset: range.lowerBound, reason: "field \(field.name) is a string but not UTF-8")
            }
            return .string(text)
        case .bytes: return .string(Data(reader.bytes[try reader.lengthDelimited()]).base64EncodedString())
        case .message: return try json(reader.bytes, range: try reader.lengthDelimited(), type: field.messageType, lookup: lookup, unknown: &unknown, depth: depth + 1)
        case .group: return .object([:])
        }
    }

    /// An enum's value by name; a number the enum does not name stays a number.
    static func enumValue(_ number: Int32, _ type: EnumDescriptor) -> JSONValue {
        if type.fullName == "google.protobuf.NullValue" { return .null }
        return type.values.first { $0.number == number }.map { .string($0.name) } ?? .int(Int(number))
    }

    /// Infinities and NaN as proto3 JSON spells them.
    static func floating(_ value: Double) -> JSONValue {
        if value.isNaN { return .string("NaN") }
        if value.isInfinite { return .string(value > 0 ? "Infinity" : "-Infinity") }
        return .double(value)
    }

    private static func isDefault(_ value: JSONValue, _ field: FieldDescriptor) -> Bool {
        switch value {
        case .int(let number): number == 0
        case .double(let number): number == 0 && number.sign == .plus
        case .bool(let flag): !flag
        case .string(let text): text.isEmpty || (text == "0" && [.int64, .uint64, .sint64, .fixed64, .sfixed64].contains(field.type))
            || (field.type == .enum && field.enumType.values.first?.name == text)
        default: false
        }
    }

    /// A map field's entries (`{key, value}` objects) as one object keyed by the key's text.
    private static func mapObject(_ entries: [JSONValue], field: FieldDescriptor) -> JSONValue {
        var object: [String: JSONValue] = [:]
        let valueField = field.messageType.mapKeyAndValue?.value
        for entry in entries {
            let key: String = switch entry["key"] {
            case .string(let text)?: text
            case .int(let number)?: String(number)
            case .bool(let flag)?: flag ? "true" : "false"
            default: valueField.map { _ in "" } ?? ""
            }
            object[key] = entry["value"] ?? defaultValue(valueField)
        }
        return .object(object)
    }

    private static func defaultValue(_ field: FieldDescriptor?) -> JSONValue {
        guard let field else { return .null }
        switch field.type {
        case .string, .bytes: return .string("")
        case .bool: return .bool(false)
        case .int64, .uint64, .sint64, .fixed64, .sfixed64: return .string("0")
        case .float, .double: return .double(0)
        case .enum: return field.enumType.values.first.map { .string($0.name) } ?? .int(0)
        case .message, .group: return .object([:])
        default: return .int(0)
        }
    }
}
