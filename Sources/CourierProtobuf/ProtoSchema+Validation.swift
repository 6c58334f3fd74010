import Foundation
import SwiftProtobuf
import SwiftProtobufPluginLibrary

/// Descriptors made safe for swift-protobuf's descriptor library, which is written for what
/// protoc writes and stops the process (a precondition, a forced unwrap) on anything else: a
/// missing `json_name` (Python's reflection leaves it out), an import after its user or
/// missing, a type no file defines, an edition it does not know, a malformed map entry or
/// oneof, an enum without values. Each is either filled in as protoc would or a ``Problem``.
extension ProtoSchema {
    /// `files` with each one's imports before it and every field's JSON name set, or the
    /// first thing about them swift-protobuf could not take.
    static func validated(_ files: [Google_Protobuf_FileDescriptorProto]) throws(Problem) -> [Google_Protobuf_FileDescriptorProto] {
        var seen = Set<String>()
        var files = files.filter { seen.insert($0.name).inserted }
        try checkReferences(files)
        for index in files.indices {
            try checkShape(files[index])
            for message in files[index].messageType.indices { fillJSONNames(&files[index].messageType[message]) }
            for field in files[index].extension.indices where !files[index].extension[field].hasJsonName {
                files[index].extension[field].jsonName = jsonName(files[index].extension[field].name)
            }
        }
        return try dependencyOrder(files)
    }

    /// protoc's JSON name of a field: underscores dropped, the letter after each upper-cased.
    static func jsonName(_ name: String) -> String {
        var result = "", upper = false
        for character in name {
            if character == "_" { upper = true } else {
                result += upper ? character.uppercased() : String(character)
                upper = false
            }
        }
        return result
    }

    /// Files with each one's imports before it (the order swift-protobuf reads them in); an
    /// import cycle is a problem.
    static func dependencyOrder(_ files: [Google_Protobuf_FileDescriptorProto]) throws(Problem) -> [Google_Protobuf_FileDescriptorProto] {
        let byName = Dictionary(files.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var placed = Set<String>(), visiting = Set<String>(), ordered: [Google_Protobuf_FileDescriptorProto] = []
        func place(_ name: String) throws(Problem) {
            guard !placed.contains(name), let file = byName[name] else { return }
            guard visiting.insert(name).inserted else { throw Problem(description: "\(name) imports itself through its imports") }
            for dependency in file.dependency { try place(dependency) }
            visiting.remove(name)
            placed.insert(name)
            ordered.append(file)
        }
        for file in files { try place(file.name) }
        return ordered
    }

    private static func fillJSONNames(_ message: inout Google_Protobuf_DescriptorProto) {
        for index in message.field.indices where !message.field[index].hasJsonName {
            message.field[index].jsonName = jsonName(message.field[index].name)
        }
        for index in message.extension.indices where !message.extension[index].hasJsonName {
            message.extension[index].jsonName = jsonName(message.extension[index].name)
        }
        for index in message.nestedType.indices { fillJSONNames(&message.nestedType[index]) }
    }

    /// What swift-protobuf asserts of a file's syntax or edition, its messages and its enums.
    private static func checkShape(_ file: Google_Protobuf_FileDescriptorProto) throws(Problem) {
        if file.hasEdition {
            guard DescriptorSet.bundledEditionsSupport.contains(file.edition) else {
                throw Problem(description: "\(file.name) is of edition \(file.edition), which this build cannot read")
            }
        } else if !["", "proto2", "proto3"].contains(file.syntax) {
            throw Problem(description: "\(file.name) has syntax \"\(file.syntax)\", neither proto2 nor proto3")
        }
        func checkEnum(_ type: Google_Protobuf_EnumDescriptorProto, in scope: String) throws(Problem) {
            guard !type.value.isEmpty else { throw Problem(description: "\(file.name): enum \(scope)\(type.name) has no values") }
        }
        func checkMessage(_ message: Google_Protobuf_DescriptorProto, scope: String) throws(Problem) {
            let name = scope + message.name
            if message.options.mapEntry, message.field.count != 2 {
                throw Problem(description: "\(file.name): \(name) is a map entry with \(message.field.count) fields, not a key and a value")
            }
            for field in message.field {
                guard field.extendee.isEmpty else { throw Problem(description: "\(file.name): \(name).\(field.name) is a field with an extendee") }
                if field.hasOneofIndex, !message.oneofDecl.indices.contains(Int(field.oneofIndex)) {
                    throw Problem(description: "\(file.name): \(name).\(field.name) is in oneof \(field.oneofIndex), which \(name) does not declare")
                }
                if field.proto3Optional, !field.hasOneofIndex {
                    throw Problem(description: "\(file.name): \(name).\(field.name) is proto3 optional without its oneof")
                }
            }
            for extensionField in message.extension where extensionField.extendee.isEmpty || extensionField.hasOneofIndex {
                throw Problem(description: "\(file.name): extension \(extensionField.name) in \(name) has no extendee, or a oneof")
            }
            // Synthetic oneofs (each a proto3 optional field's own) come after the others.
            let synthetic = message.oneofDecl.indices.map { index in
                message.field.contains { $0.hasOneofIndex && $0.oneofIndex == index && $0.proto3Optional }
            }
            if let first = synthetic.firstIndex(of: true), synthetic[first...].contains(false) {
                throw Problem(description: "\(file.name): \(name) declares a oneof after a proto3 optional field's own")
            }
            for type in message.enumType { try checkEnum(type, in: name + ".") }
            for nested in message.nestedType { try checkMessage(nested, scope: name + ".") }
        }
        let scope = file.package.isEmpty ? "" : file.package + "."
        for type in file.enumType { try checkEnum(type, in: scope) }
        for message in file.messageType { try checkMessage(message, scope: scope) }
        for extensionField in file.extension where extensionField.extendee.isEmpty || extensionField.hasOneofIndex {
            throw Problem(description: "\(file.name): extension \(extensionField.name) has no extendee, or a oneof")
        }
    }

    /// Every type name a field, a method or an extension refers to is defined in `files`.
    static func checkReferences(_ files: [Google_Protobuf_FileDescriptorProto]) throws(Problem) {
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
            guard field.hasTypeName else {
                guard ![.message, .enum, .group].contains(field.type) else {
                    throw Problem(description: "\(file): \(owner).\(field.name) is a message or an enum without its type's name")
                }
                return
            }
            guard defined.contains(field.typeName) else {
                throw Problem(description: "\(file): \(owner).\(field.name) is of type \(field.typeName), which no file of the set defines (compile with --include_imports)")
            }
        }
        func checkExtension(_ field: Google_Protobuf_FieldDescriptorProto, file: String) throws(Problem) {
            try check(field, in: "extension", file: file)
            guard defined.contains(field.extendee) else {
                throw Problem(description: "\(file): extension \(field.name) extends \(field.extendee), which no file of the set defines")
            }
        }
        func checkMessage(_ message: Google_Protobuf_DescriptorProto, scope: String, file: String) throws(Problem) {
            let name = scope + "." + message.name
            for field in message.field { try check(field, in: String(name.dropFirst()), file: file) }
            for field in message.extension { try checkExtension(field, file: file) }
            for nested in message.nestedType { try checkMessage(nested, scope: name, file: file) }
        }
        for file in files {
            let scope = file.package.isEmpty ? "" : "." + file.package
            for message in file.messageType { try checkMessage(message, scope: scope, file: file.name) }
            for field in file.extension { try checkExtension(field, file: file.name) }
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
