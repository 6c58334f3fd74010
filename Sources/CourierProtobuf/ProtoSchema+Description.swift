import Foundation
import SwiftProtobuf
import SwiftProtobufPluginLibrary

/// A schema's symbols as `.proto` text: what `courier grpc describe` prints and the service
/// browser shows.
extension ProtoSchema {
    /// Every service's full name (`package.Service`), sorted.
    public var serviceNames: [String] { services.map(\.fullName).sorted() }

    /// The full names of a service's methods (`package.Service.Method`), in the file's
    /// order; nil when the schema has no such service.
    public func methodNames(ofService name: String) -> [String]? {
        descriptors.serviceDescriptor(named: Self.trimmed(name))?.methods.map(\.fullName)
    }

    /// The method `package.Service.Method` (or `package.Service/Method`, or a gRPC path).
    public func method(named name: String) -> MethodDescriptor? {
        let trimmed = Self.trimmed(name)
        if trimmed.contains("/") { return method(path: "/" + trimmed) }
        guard let dot = trimmed.lastIndex(of: ".") else { return nil }
        return descriptors.serviceDescriptor(named: String(trimmed[..<dot]))?.methods.first { $0.name == trimmed[trimmed.index(after: dot)...] }
    }

    /// `symbol` — a service, a method, a message or an enum, by full name — as `.proto`
    /// text under a comment that says what it is and where it is defined; a method is followed
    /// by its request and response messages. Nil when the schema has no such symbol.
    public func describe(_ symbol: String) -> String? {
        let name = Self.trimmed(symbol)
        if let service = descriptors.serviceDescriptor(named: name) {
            let rpcs = service.methods.map { Self.rpcLine($0) }
            let width = rpcs.map(\.count).max() ?? 0
            let lines = zip(service.methods, rpcs).map { method, rpc in
                "  " + rpc.padding(toLength: width, withPad: " ", startingAt: 0) + "  // " + Self.kind(method)
            }
            return "// \(service.fullName): a service in \(service.file.name)\nservice \(service.name) {\n"
                + lines.map { $0 + "\n" }.joined() + "}"
        }
        if let method = method(named: name) {
            return "// \(method.fullName): a \(Self.kind(method)) method of \(method.service.fullName)\n"
                + Self.rpcLine(method) + "\n\n" + Self.messageText(method.inputType, comment: "request")
                + "\n\n" + Self.messageText(method.outputType, comment: "response")
        }
        if let message = message(named: name) { return Self.messageText(message, comment: nil) }
        if let type = descriptors.enumDescriptor(named: name) {
            return "// \(type.fullName): an enum in \(type.file.name)\n" + Self.enumText(type, indent: "")
        }
        return nil
    }

    private static func trimmed(_ name: String) -> String { name.hasPrefix(".") ? String(name.dropFirst()) : name }

    private static func kind(_ method: MethodDescriptor) -> String {
        switch (method.clientStreaming, method.serverStreaming) {
        case (false, false): "unary"
        case (false, true): "server-streaming"
        case (true, false): "client-streaming"
        case (true, true): "bidirectional"
        }
    }

    private static func rpcLine(_ method: MethodDescriptor) -> String {
        "rpc \(method.name)(\(method.clientStreaming ? "stream " : "")\(method.inputType.fullName)) returns "
            + "(\(method.serverStreaming ? "stream " : "")\(method.outputType.fullName));"
    }

    private static func messageText(_ message: Descriptor, comment: String?) -> String {
        "// \(message.fullName): \(comment.map { "the \($0), " } ?? "")a message in \(message.file.name)\n"
            + body(of: message, indent: "")
    }

    /// `message Name { … }` with its fields (oneofs grouped, maps as `map<K, V>`) and its
    /// nested messages and enums.
    private static func body(of message: Descriptor, indent: String) -> String {
        let inner = indent + "  "
        var lines: [String] = []
        var oneofsDone = Set<Int>()
        for field in message.fields {
            if let oneof = field.realContainingOneof {
                guard oneofsDone.insert(oneof.index).inserted else { continue }
                lines.append(inner + "oneof \(oneof.name) {")
                lines += oneof.fields.map { inner + "  " + fieldLine($0, label: false) }
                lines.append(inner + "}")
            } else {
                lines.append(inner + fieldLine(field, label: true))
            }
        }
        for nested in message.messages where !nested.isMapEntry { lines.append(body(of: nested, indent: inner)) }
        for type in message.enums { lines.append(enumText(type, indent: inner)) }
        let reserved = message.reservedNames.map { "\"\($0)\"" } + message.reservedRanges.map {
            $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound) to \($0.upperBound - 1)"
        }
        if !reserved.isEmpty { lines.append(inner + "reserved " + reserved.joined(separator: ", ") + ";") }
        return indent + "message \(message.name) {" + (lines.isEmpty ? "}" : "\n" + lines.joined(separator: "\n") + "\n" + indent + "}")
    }

    private static func fieldLine(_ field: FieldDescriptor, label: Bool) -> String {
        var type = typeName(field)
        if field.isMap, let entry = field.messageType.mapKeyAndValue {
            type = "map<\(typeName(entry.key)), \(typeName(entry.value))>"
        } else if label, field.isRepeated {
            type = "repeated " + type
        } else if label, field.hasOptionalKeyword {
            type = "optional " + type
        }
        return "\(type) \(field.name) = \(field.number);"
    }

    private static func typeName(_ field: FieldDescriptor) -> String {
        switch field.type {
        case .message, .group: field.messageType.fullName
        case .enum: field.enumType.fullName
        case .double: "double"
        case .float: "float"
        case .int64: "int64"
        case .uint64: "uint64"
        case .int32: "int32"
        case .fixed64: "fixed64"
        case .fixed32: "fixed32"
        case .bool: "bool"
        case .string: "string"
        case .bytes: "bytes"
        case .uint32: "uint32"
        case .sfixed32: "sfixed32"
        case .sfixed64: "sfixed64"
        case .sint32: "sint32"
        case .sint64: "sint64"
        }
    }

    private static func enumText(_ type: EnumDescriptor, indent: String) -> String {
        indent + "enum \(type.name) {\n" + type.values.map { "\(indent)  \($0.name) = \($0.number);\n" }.joined() + indent + "}"
    }
}
