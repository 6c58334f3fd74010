import Courier
import Foundation
import SwiftProtobuf
import SwiftProtobufPluginLibrary

/// Why a JSON value is not a message of a type: where in the JSON, and what is wrong.
public struct ProtoJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the value (`$.location.latitude`).
    public var path: String
    /// What is wrong, naming what would be right.
    public var reason: String
    /// `$.location.lat: no field "lat" in courier.demo.Point (latitude, longitude)`.
    public var description: String { "\(path): \(reason)" }
}

/// A proto3 JSON value written in a message type's binary encoding: fields by `json_name` or
/// by their name, 64-bit integers as numbers or strings, enums by name or number, bytes as
/// base64 (standard or URL-safe); fields in number order, repeated scalars packed where the
/// schema packs them. `null` leaves a field out.
enum ProtoJSONToBinary {
    static func binary(_ json: JSONValue, type: Descriptor, lookup: ProtoWellKnownTypes.Lookup, path: String = "$",
                       depth: Int = 0) throws(ProtoJSONError) -> [UInt8] {
        guard depth < ProtoBinaryToJSON.depthLimit else { throw ProtoJSONError(path: path, reason: "nested past \(ProtoBinaryToJSON.depthLimit) levels") }
        var json = json
        if let wellKnown = type.wellKnownType {
            do {
                json = try ProtoWellKnownTypes.generic(json, type: wellKnown, lookup: lookup) { value, inner in
                    Data(try binary(value, type: inner, lookup: lookup, path: path, depth: depth + 1))
                }
            } catch let error as ProtoJSONError {
                throw error
            } catch {
                throw ProtoJSONError(path: path, reason: (error as? ProtoWellKnownTypes.Problem)?.reason ?? "\(error)")
            }
        }
        guard case .object(let members) = json else {
            throw ProtoJSONError(path: path, reason: "\(type.fullName) is written as a JSON object, not \(kind(json))")
        }
        var byNumber: [(FieldDescriptor, JSONValue, String)] = []
        for (key, value) in members {
            guard let field = type.fields.first(where: { ProtoBinaryToJSON.jsonKey($0) == key || $0.name == key }) else {
                let names = type.fields.map { ProtoBinaryToJSON.jsonKey($0) }.joined(separator: ", ")
                throw ProtoJSONError(path: path + "." + key, reason: "no field \"\(key)\" in \(type.fullName) (\(names.isEmpty ? "it has none" : names))")
            }
            if case .null = value, field.type != .message || field.messageType.fullName != "google.protobuf.Value" { continue }
            byNumber.append((field, value, path + "." + key))
        }
        var writer = ProtoWireWriter()
        for (field, value, fieldPath) in byNumber.sorted(by: { $0.0.number < $1.0.number }) {
            try write(field, value, path: fieldPath, depth: depth, lookup: lookup, into: &writer)
        }
        return writer.bytes
    }

    private static func write(_ field: FieldDescriptor, _ value: JSONValue, path: String, depth: Int,
                              lookup: ProtoWellKnownTypes.Lookup, into writer: inout ProtoWireWriter) throws(ProtoJSONError) {
        let number = Int(field.number)
        if field.isMap {
            guard case .object(let entries) = value, let (keyField, valueField) = field.messageType.mapKeyAndValue else {
                throw ProtoJSONError(path: path, reason: "a map is written as a JSON object, not \(kind(value))")
            }
            // In key order, as protobuf's deterministic serializers write maps.
            for (key, entryValue) in entries.sorted(by: { keyPrecedes($0.key, $1.key, keyField) }) {
                var entry = ProtoWireWriter()
                try writeOne(keyField, try mapKey(key, keyField, path: path), path: path + "[\(key)]", depth: depth, lookup: lookup, into: &entry)
                try writeOne(valueField, entryValue, path: path + "." + key, depth: depth, lookup: lookup, into: &entry)
                writer.tag(number, .lengthDelimited)
                writer.lengthDelimited(entry.bytes)
            }
            return
        }
        guard field.isRepeated else {
            // A field without presence at its default is not written (its encoding all zero
            // bytes: 0, false, "", the first enum value, +0.0), as protobuf's serializers do.
            var single = ProtoWireWriter()
            try writeValue(field, value, path: path, depth: depth, lookup: lookup, into: &single)
            if !field.hasPresence, single.bytes.allSatisfy({ $0 == 0 }) { return }
            writer.tag(number, wireType(field))
            writer.append(raw: single.bytes[...])
            return
        }
        guard case .array(let elements) = value else {
            throw ProtoJSONError(path: path, reason: "a repeated field is written as a JSON array, not \(kind(value))")
        }
        if field.isPacked, ProtoBinaryToJSON.isPackable(field.type) {
            guard !elements.isEmpty else { return }
            var packed = ProtoWireWriter()
            for (index, element) in elements.enumerated() { try writeValue(field, element, path: path + "[\(index)]", depth: depth, lookup: lookup, into: &packed) }
            writer.tag(number, .lengthDelimited)
            writer.lengthDelimited(packed.bytes)
        } else {
            for (index, element) in elements.enumerated() { try writeOne(field, element, path: path + "[\(index)]", depth: depth, lookup: lookup, into: &writer) }
        }
    }

    /// A tag and one value.
    private static func writeOne(_ field: FieldDescriptor, _ value: JSONValue, path: String, depth: Int,
                                 lookup: ProtoWellKnownTypes.Lookup, into writer: inout ProtoWireWriter) throws(ProtoJSONError) {
        writer.tag(Int(field.number), wireType(field))
        try writeValue(field, value, path: path, depth: depth, lookup: lookup, into: &writer)
    }

    /// The wire type a field's values travel as (unpacked).
    private static func wireType(_ field: FieldDescriptor) -> ProtoWireType {
        switch field.type {
        case .double, .fixed64, .sfixed64: .fixed64
        case .float, .fixed32, .sfixed32: .fixed32
        case .string, .bytes, .message, .group: .lengthDelimited
        default: .varint
        }
    }

    /// One value without its tag.
    private static func writeValue(_ field: FieldDescriptor, _ value: JSONValue, path: String, depth: Int,
                                   lookup: ProtoWellKnownTypes.Lookup, into writer: inout ProtoWireWriter) throws(ProtoJSONError) {
        switch field.type {
        case .int32: writer.varint(UInt64(bitPattern: Int64(try integer(value, Int64(Int32.min)...Int64(Int32.max), path))))
        case .sint32: writer.varint(ZigZag.encode(try integer(value, Int64(Int32.min)...Int64(Int32.max), path)))
        case .uint32: writer.varint(UInt64(try integer(value, 0...Int64(UInt32.max), path)))
        case .int64: writer.varint(UInt64(bitPattern: try integer(value, Int64.min...Int64.max, path)))
        case .sint64: writer.varint(ZigZag.encode(try integer(value, Int64.min...Int64.max, path)))
        case .uint64: writer.varint(try unsigned64(value, path))
        case .fixed32: writer.fixed32(UInt32(try integer(value, 0...Int64(UInt32.max), path)))
        case .sfixed32: writer.fixed32(UInt32(bitPattern: Int32(try integer(value, Int64(Int32.min)...Int64(Int32.max), path))))
        case .fixed64: writer.fixed64(try unsigned64(value, path))
        case .sfixed64: writer.fixed64(UInt64(bitPattern: try integer(value, Int64.min...Int64.max, path)))
        case .float: writer.fixed32(Float(try floating(value, path)).bitPattern)
        case .double: writer.fixed64(try floating(value, path).bitPattern)
        case .bool:
            guard case .bool(let flag) = value else { throw ProtoJSONError(path: path, reason: "a bool, not \(kind(value))") }
            writer.varint(flag ? 1 : 0)
        case .string:
            guard case .string(let text) = value else { throw ProtoJSONError(path: path, reason: "a string, not \(kind(value))") }
            writer.lengthDelimited(Array(text.utf8))
        case .bytes:
            guard case .string(let text) = value, let data = base64(text) else {
                throw ProtoJSONError(path: path, reason: "bytes are written as a base64 string, not \(kind(value))")
            }
            writer.lengthDelimited(Array(data))
        case .enum: writer.varint(UInt64(bitPattern: Int64(try enumNumber(value, field.enumType, path))))
        case .message, .group: writer.lengthDelimited(try binary(value, type: field.messageType, lookup: lookup, path: path, depth: depth + 1))
        }
    }

    private static func integer(_ value: JSONValue, _ range: ClosedRange<Int64>, _ path: String) throws(ProtoJSONError) -> Int64 {
        let number: Int64? = switch value {
        case .int(let number): Int64(number)
        case .double(let number) where number.rounded() == number && abs(number) < 9.3e18: Int64(number)
        case .string(let text): Int64(text) ?? Double(text).flatMap { $0.rounded() == $0 && abs($0) < 9.3e18 ? Int64($0) : nil }
        default: nil
        }
        guard let number else { throw ProtoJSONError(path: path, reason: "an integer, not \(kind(value))") }
        guard range.contains(number) else { throw ProtoJSONError(path: path, reason: "\(number) is out of range (\(range.lowerBound)…\(range.upperBound))") }
        return number
    }

    private static func unsigned64(_ value: JSONValue, _ path: String) throws(ProtoJSONError) -> UInt64 {
        if case .string(let text) = value, let number = UInt64(text) { return number }
        return UInt64(try integer(value, 0...Int64.max, path))
    }

    private static func floating(_ value: JSONValue, _ path: String) throws(ProtoJSONError) -> Double {
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        case .string("NaN"): return .nan
        case .string("Infinity"): return .infinity
        case .string("-Infinity"): return -.infinity
        case .string(let text): if let number = Double(text) { return number }
        default: break
        }
        throw ProtoJSONError(path: path, reason: "a number (or \"NaN\", \"Infinity\", \"-Infinity\"), not \(kind(value))")
    }

    private static func enumNumber(_ value: JSONValue, _ type: EnumDescriptor, _ path: String) throws(ProtoJSONError) -> Int32 {
        switch value {
        case .string(let name):
            if let found = type.values.first(where: { $0.name == name }) { return found.number }
            throw ProtoJSONError(path: path, reason: "\"\(name)\" is not a value of \(type.fullName) (\(type.values.map(\.name).joined(separator: ", ")))")
        case .int(let number) where Int64(number) >= Int64(Int32.min) && Int64(number) <= Int64(Int32.max):
            return Int32(number)
        case .null where type.fullName == "google.protobuf.NullValue":
            return 0
        default:
            throw ProtoJSONError(path: path, reason: "a value of \(type.fullName) by name or number, not \(kind(value))")
        }
    }

    /// Whether map key `a` sorts before `b`: integers by value, strings by their UTF-8 bytes.
    private static func keyPrecedes(_ a: String, _ b: String, _ field: FieldDescriptor) -> Bool {
        if field.type == .uint64 || field.type == .fixed64, let x = UInt64(a), let y = UInt64(b) { return x < y }
        if let x = Int64(a), let y = Int64(b), field.type != .string { return x < y }
        return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
    }

    /// A map key as the key field's JSON value (keys are always strings in JSON).
    private static func mapKey(_ key: String, _ field: FieldDescriptor, path: String) throws(ProtoJSONError) -> JSONValue {
        switch field.type {
        case .string: return .string(key)
        case .bool:
            guard key == "true" || key == "false" else { throw ProtoJSONError(path: path, reason: "the key \"\(key)\" is not true or false") }
            return .bool(key == "true")
        default: return .string(key)
        }
    }

    /// Standard or URL-safe base64, with or without padding.
    static func base64(_ text: String) -> Data? {
        var normalized = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while normalized.count % 4 != 0 { normalized += "=" }
        return Data(base64Encoded: normalized)
    }

    static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a bool"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
