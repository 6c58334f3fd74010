import Foundation
import SwiftProtobuf

/// The server side of gRPC server reflection, for a schema given as a descriptor set: each
/// `ServerReflectionRequest` message of a `ServerReflectionInfo` call answered with its
/// `ServerReflectionResponse` (`grpc.reflection.v1` and `v1alpha` share the wire format) —
/// the services listed, a file by name, or the file defining a symbol, each with the files
/// it imports. What the demo server's gRPC service answers reflection with.
public struct GRPCReflectionService: Sendable {
    /// Each file's serialized `FileDescriptorProto`, by its name.
    private let files: [String: Data]
    private let imports: [String: [String]]
    /// The file defining each service, method, message and enum, by full name.
    private let symbols: [String: String]
    private let services: [String]

    /// Reflection of the files of `descriptorSet` (compiled with `--include_imports`),
    /// listing `services` — the served ones, reflection's own included.
    public init(descriptorSet: Data, services: [String]) throws {
        let set = try Google_Protobuf_FileDescriptorSet(serializedBytes: descriptorSet)
        var files: [String: Data] = [:], imports: [String: [String]] = [:], symbols: [String: String] = [:]
        for file in set.file {
            files[file.name] = try file.serializedBytes()
            imports[file.name] = file.dependency
            let prefix = file.package.isEmpty ? "" : file.package + "."
            for service in file.service {
                symbols[prefix + service.name] = file.name
                for method in service.method { symbols[prefix + service.name + "." + method.name] = file.name }
            }
            for type in file.enumType { symbols[prefix + type.name] = file.name }
            func add(_ message: Google_Protobuf_DescriptorProto, in scope: String) {
                let name = scope + message.name
                symbols[name] = file.name
                for type in message.enumType { symbols[name + "." + type.name] = file.name }
                for nested in message.nestedType { add(nested, in: name + ".") }
            }
            for message in file.messageType { add(message, in: prefix) }
        }
        self.files = files
        self.imports = imports
        self.symbols = symbols
        self.services = services
    }

    /// The response to one request message of the call (its bytes).
    public func answer(_ request: Data) -> Data {
        let bytes = Array(request)
        var asked: (number: Int, text: String)?
        var reader = ProtoWireReader(bytes)
        while !reader.isAtEnd {
            guard let tag = try? reader.tag() else { break }
            if tag.type == .lengthDelimited, (3...7).contains(tag.number), let range = try? reader.lengthDelimited() {
                asked = (tag.number, String(decoding: bytes[range], as: UTF8.self))
            } else if (try? reader.skip(tag.type, number: tag.number)) == nil {
                break
            }
        }
        var writer = ProtoWireWriter()
        writer.tag(2, .lengthDelimited)  // original_request
        writer.lengthDelimited(bytes)
        switch asked {
        case (7, _)?:
            var list = ProtoWireWriter()
            for service in services {
                var entry = ProtoWireWriter()
                entry.tag(1, .lengthDelimited)
                entry.lengthDelimited(Array(service.utf8))
                list.tag(1, .lengthDelimited)
                list.lengthDelimited(entry.bytes)
            }
            writer.tag(6, .lengthDelimited)
            writer.lengthDelimited(list.bytes)
        case (3, let name)?:
            Self.write(withImports(name), or: "no file \(name)", to: &writer)
        case (4, let symbol)?:
            Self.write(symbols[symbol].map(withImports) ?? [], or: "no symbol \(symbol)", to: &writer)
        default:
            Self.writeError(12, "only list_services, file_by_filename and file_containing_symbol are answered", to: &writer)
        }
        return Data(writer.bytes)
    }

    /// `name` and every file it imports, directly or not, each once: their descriptors.
    private func withImports(_ name: String) -> [Data] {
        var seen: Set<String> = [], order: [String] = [], pending = [name]
        while let next = pending.popLast() {
            guard files[next] != nil, seen.insert(next).inserted else { continue }
            order.append(next)
            pending += imports[next] ?? []
        }
        return order.compactMap { files[$0] }
    }

    private static func write(_ descriptors: [Data], or missing: String, to writer: inout ProtoWireWriter) {
        guard !descriptors.isEmpty else { return writeError(5, missing, to: &writer) }
        var response = ProtoWireWriter()
        for descriptor in descriptors {
            response.tag(1, .lengthDelimited)
            response.lengthDelimited(Array(descriptor))
        }
        writer.tag(4, .lengthDelimited)
        writer.lengthDelimited(response.bytes)
    }

    private static func writeError(_ code: Int, _ message: String, to writer: inout ProtoWireWriter) {
        var error = ProtoWireWriter()
        error.tag(1, .varint)
        error.varint(UInt64(code))
        error.tag(2, .lengthDelimited)
        error.lengthDelimited(Array(message.utf8))
        writer.tag(7, .lengthDelimited)
        writer.lengthDelimited(error.bytes)
    }
}
