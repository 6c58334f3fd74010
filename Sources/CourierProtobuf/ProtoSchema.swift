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

    /// The schema of these file descriptors (each file's imports among them).
    public init(files: [Google_Protobuf_FileDescriptorProto]) throws(Problem) {
        try Self.checkReferences(files)
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

    /// Every type name a field, a method or an extension refers to is defined in `files`.
    private static func checkReferences(_ files: [Google_Protobuf_FileDescriptorProto]) throws(Problem) {
        let names = Set(files.map(\.name))
        for file in files {
            for dependency in file.dependency where !names.contains(dependency) {
                throw Problem(description: "\(file.name) imports \(dependency), which is not in the set (compile with --include_imports)")
            }
        }
        var defined = Set<String>()
        func collect(_ message: Google_Protobuf_DescriptorProto, scope: String) {
            let name = scope + "." + message.name
            defined.insert(name)
            for nested in message.nestedType { collect(nested, scope: name) }
            for nested in message.enumType { defined.insert(name + "." + nested.name) }
        }
        for file in files {
            let scope = file.package.isEmpty ? "" : "." + file.package
            for message in file.messageType { collect(message, scope: scope) }
            for type in file.enumType { defined.insert(scope + "." + type.name) }
        }
        func check(_ field: Google_Protobuf_FieldDescriptorProto, in owner: String, file: String) throws(Problem) {
            guard field.hasTypeName else { return }
            guard defined.contains(field.typeName) else {
                throw Problem(description: "\(file): \(owner).\(field.name) is of type \(field.typeName), which no file of the set defines (compile with --include_imports)")
            }
        }
        func checkMessage(_ message: Google_Protobuf_DescriptorProto, scope: String, file: String) throws(Problem) {
            let name = scope + "." + message.name
            for field in message.field { try check(field, in: String(name.dropFirst()), file: file) }
            for nested in message.nestedType { try checkMessage(nested, scope: name, file: file) }
        }
        for file in files {
            let scope = file.package.isEmpty ? "" : "." + file.package
            for message in file.messageType { try checkMessage(message, scope: scope, file: file.name) }
            for service in file.service {
                for method in service.method {
                    for type in [method.inputType, method.outputType] where !defined.contains(type) {
                        throw Problem(description: "\(file.name): \(service.name).\(method.name) uses \(type), which no file of the set defines (compile with --include_imports)")
                    }
                }
            }
        }
    }
}
