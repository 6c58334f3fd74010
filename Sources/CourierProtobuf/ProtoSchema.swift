import Foundation
import SwiftProtobuf
import SwiftProtobufPluginLibrary

/// The messages, enums and services of a set of `.proto` files, read from a descriptor set
/// (what `protoc --include_imports --descriptor_set_out` writes and server reflection sends):
/// swift-protobuf's descriptor types, resolved. Immutable once made, so shared freely.
public final class ProtoSchema: @unchecked Sendable {
    /// Why a descriptor set cannot be used.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, naming the file and the type.
        public var description: String
    }

    let descriptors: DescriptorSet

    /// The schema of a serialized `FileDescriptorSet`. Throws when the bytes are not one, or a
    /// field names a type no file of the set defines (a file compiled without
    /// `--include_imports`): swift-protobuf's resolution would stop the process on that.
    public convenience init(descriptorSet bytes: Data) throws(Problem) {
        let set: Google_Protobuf_FileDescriptorSet
        do {
            set = try Google_Protobuf_FileDescriptorSet(serializedBytes: bytes)
        } catch {
            throw Problem(description: "not a protobuf descriptor set (\(error))")
        }
        try self.init(files: set.file)
    }

    /// The schema of these file descriptors (each file's imports among them, before it).
    /// Descriptors protoc did not write — from a server's reflection, or a file from anywhere —
    /// are checked first (``validated(_:)``): swift-protobuf's descriptor library stops the
    /// process on what protoc never writes.
    public init(files: [Google_Protobuf_FileDescriptorProto]) throws(Problem) {
        let files = try Self.validated(files)
        descriptors = DescriptorSet(protos: files)
    }

    /// The message type named `name` (`package.Message`, with or without a leading dot).
    public func message(named name: String) -> Descriptor? {
        descriptors.descriptor(named: name.hasPrefix(".") ? String(name.dropFirst()) : name)
    }

    /// Every service of every file, in order.
    public var services: [ServiceDescriptor] { descriptors.files.flatMap(\.services) }

    /// The method a gRPC path names: `/package.Service/Method`.
    public func method(path: String) -> MethodDescriptor? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count == 2, let service = descriptors.serviceDescriptor(named: String(parts[0])) else { return nil }
        return service.methods.first { $0.name == parts[1] }
    }
}
