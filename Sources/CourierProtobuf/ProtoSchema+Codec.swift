import Courier
import Foundation
import SwiftProtobufPluginLibrary

/// Messages as JSON both ways, by the schema: what a gRPC call sends and shows.
extension ProtoSchema {
    /// Why a message could not be encoded or read.
    public enum CodecError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The schema has no message type of that name.
        case unknownType(String)
        /// The JSON is not a message of the type.
        case json(ProtoJSONError)
        /// The bytes are not a message of the type.
        case binary(ProtoWireError)

        /// What went wrong, in a sentence.
        public var description: String {
            switch self {
            case .unknownType(let name): "no message type \(name) in the schema"
            case .json(let error): error.description
            case .binary(let error): "not a message of its type: \(error)"
            }
        }
    }

    /// `json` (proto3 JSON) in the binary encoding of message type `typeName`.
    public func encode(_ json: JSONValue, as typeName: String) throws(CodecError) -> Data {
        guard let type = message(named: typeName) else { throw .unknownType(typeName) }
        do throws(ProtoJSONError) { return Data(try ProtoJSONToBinary.binary(json, type: type, lookup: { self.message(named: $0) })) } catch { throw .json(error) }
    }

    /// A message of type `typeName` as proto3 JSON, and the fields the schema does not name.
    public func decode(_ data: Data, as typeName: String) throws(CodecError) -> (json: JSONValue, unknownFields: [ProtoUnknownField]) {
        guard let type = message(named: typeName) else { throw .unknownType(typeName) }
        var unknown: [ProtoUnknownField] = []
        do throws(ProtoWireError) {
            let json = try ProtoBinaryToJSON.json(Array(data), type: type, lookup: { self.message(named: $0) }, unknown: &unknown)
            return (json, unknown)
        } catch { throw .binary(error) }
    }
}
