import Courier
import Foundation
import SwiftProtobufPluginLibrary

/// A message with every field written out, for a new request made from a method (the
/// workbench's service browser): something to fill in rather than a blank to look up.
extension ProtoSchema {
    /// A proto3 JSON message of type `typeName` with each field at its zero value, by its
    /// JSON name: `""`, `0`, `"0"` for 64-bit integers, `false`, an enum's first value, a
    /// repeated field as a list of one, a map with one entry, a nested message expanded (a
    /// type already being expanded — a recursive message — as `{}`), the first field of each
    /// oneof alone (two would be an error), and the well-known types in their own JSON forms.
    /// The schema encodes it as it is. Nil when the schema has no such type.
    public func template(ofMessage typeName: String) -> JSONValue? {
        guard let type = message(named: typeName) else { return nil }
        var path: Set<String> = []
        return Self.template(of: type, expanding: &path)
    }

    private static func template(of type: Descriptor, expanding path: inout Set<String>) -> JSONValue {
        if let wellKnown = type.wellKnownType { return wellKnownTemplate(wellKnown) }
        guard path.insert(type.fullName).inserted else { return .object([:]) }
        defer { path.remove(type.fullName) }
        var object: [String: JSONValue] = [:]
        var oneofsDone = Set<Int>()
        for field in type.fields {
            if let oneof = field.realContainingOneof, !oneofsDone.insert(oneof.index).inserted { continue }
            let name = field.jsonName ?? ProtoBinaryToJSON.lowerCamelCase(field.name)
            if field.isMap, let entry = field.messageType.mapKeyAndValue {
                object[name] = .object([mapKey(entry.key): value(of: entry.value, expanding: &path)])
            } else if field.isRepeated {
                object[name] = .array([value(of: field, expanding: &path)])
            } else {
                object[name] = value(of: field, expanding: &path)
            }
        }
        return .object(object)
    }

    /// One value of `field`'s type (a repeated field's element).
    private static func value(of field: FieldDescriptor, expanding path: inout Set<String>) -> JSONValue {
        switch field.type {
        case .message, .group: template(of: field.messageType, expanding: &path)
        case .enum: .string(field.enumType.values.first?.name ?? "0")
        case .int64, .uint64, .fixed64, .sfixed64, .sint64: .string("0")
        case .int32, .uint32, .fixed32, .sfixed32, .sint32, .double, .float: .int(0)
        case .bool: .bool(false)
        case .string, .bytes: .string("")
        }
    }

    /// A map key of the key field's type, as JSON writes keys: text.
    private static func mapKey(_ field: FieldDescriptor) -> String {
        switch field.type {
        case .string: "key"
        case .bool: "false"
        default: "0"
        }
    }

    private static func wellKnownTemplate(_ type: Descriptor.WellKnownType) -> JSONValue {
        switch type {
        case .timestamp: .string("1970-01-01T00:00:00Z")
        case .duration: .string("0s")
        case .int64Value, .uint64Value: .string("0")
        case .int32Value, .uint32Value, .doubleValue, .floatValue: .int(0)
        case .boolValue: .bool(false)
        case .stringValue, .bytesValue, .fieldMask: .string("")
        case .struct, .any: .object([:])
        case .listValue: .array([])
        case .value: .null
        }
    }
}
