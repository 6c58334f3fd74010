#if GRPC
import Courier
import CourierChecks
import CourierFormat
import CourierFormatCore
import CourierProtobuf
import Foundation

/// A `grpc:` request filled in: the call's URL and settings, its messages encoded by the
/// method's schema, the script of a streaming call, and the codec that reads its messages
/// back as JSON. The schema must be loaded (``GRPCSchemaStore``); when it is not, resolving
/// throws ``GRPCSchemaNeeded`` and the request loads it before it starts.
struct GRPCCallResolution: Sendable {
    /// The call's settings (``RequestSettings/grpc``).
    var call: GRPCCallSettings
    /// The method's URL.
    var url: String
    /// Reads the call's messages as JSON.
    var codec: GRPCMessageCodec
    /// What the call does once it runs, when its `messages:` has more than sends.
    var script: [GRPCCallScript.Step]

    /// Whether the call stays open after its script (``WorkspaceRequest/keepsCallOpen``).
    var keepsOpen = false

    init(_ definition: GRPCDefinition, scope: VariableScope, acceptsEveryStatus: Bool, keepsOpen: Bool = false,
         filePath: (String, String) throws -> String) throws {
        let target = try scope.render(definition.target)
        url = definition.url(target: target)
        let source = try Self.schemaSource(of: definition, url: url, filePath: filePath)
        guard let schema = GRPCSchemaStore.shared.schema(for: source) else { throw GRPCSchemaNeeded(source: source) }
        guard let shape = schema.shape(ofMethodAt: definition.path) else { throw Self.noMethod(definition, in: schema, source: source) }
        codec = GRPCMessageCodec(schema: schema, shape: shape)
        let codec = codec
        func encoded(_ template: GRPCDefinition.MessageTemplate) throws -> Data {
            let json = try scope.render(template.json)
            do throws(GRPCMessageError) { return try codec.encoded(json) } catch {
                var located = error
                located.location = error.path.flatMap { template.location(of: $0) }
                throw located
            }
        }
        var messages: [Data] = []
        if let message = definition.message { messages.append(try encoded(message)) }
        var script: [GRPCCallScript.Step] = []
        for (index, step) in definition.steps.enumerated() {
            switch step {
            case .send(let template):
                let message = try encoded(template)
                // Sends before anything else goes with the call's start.
                if script.isEmpty { messages.append(message) } else { script.append(.send(message)) }
            case .expect(let condition, let timeout):
                // Its `{{placeholders}}` filled in now, as a message's are.
                let text = try scope.render(condition.text)
                let rendered: Condition
                do { rendered = try Condition(parsing: text, location: condition.location) } catch {
                    throw GRPCMessageError(location: condition.location, text: "messages[\(index)]: expect \(text): \(error.reason)")
                }
                script.append(.expect(rendered, timeout: timeout, step: index))
            case .wait(let seconds): script.append(.wait(seconds))
            case .close: script.append(.close)
            }
        }
        if !shape.clientStreaming {
            if !definition.steps.isEmpty {
                throw GRPCMessageError(location: nil, text: "messages: is for a client or bidirectional streaming call; "
                    + "\(shape.fullName) is \(shape.kindName) and takes one message: write it in message:")
            }
            if messages.isEmpty { messages = [Data()] }  // an empty message: every field at its default
        }
        var metadata: [GRPCMetadataEntry] = []
        for entry in definition.metadata {
            let value = try scope.render(entry.value)
            if entry.key.lowercased().hasSuffix("-bin") {
                guard let bytes = GRPCMetadata.decodedBinary(value) else {
                    throw GRPCMessageError(location: nil, text: "metadata \(entry.key): a -bin key's value is base64")
                }
                metadata.append(GRPCMetadataEntry(key: entry.key, value: bytes))
            } else {
                metadata.append(GRPCMetadataEntry(key: entry.key, text: value))
            }
        }
        if script == [.close] { script = [] }
        self.script = script
        // A script keeps the request stream open for its sends and ends it itself; a client
        // stream kept open for a reader stays open after it too.
        self.keepsOpen = keepsOpen && shape.clientStreaming && definition.steps.last != .close
        call = GRPCCallSettings(messages: messages, keepsSending: !script.isEmpty || self.keepsOpen, metadata: metadata,
                                compression: definition.compression)
        if acceptsEveryStatus { call.acceptedStatusCodes = Set(GRPCStatusCode.allCases) }
    }

    /// Where the schema of the call to `url` comes from, its files' paths resolved by `filePath`.
    static func schemaSource(of definition: GRPCDefinition, url: String,
                             filePath: (String, String) throws -> String) throws -> GRPCSchemaStore.Source {
        switch definition.schema {
        case .protos(let files, let importPaths):
            .protos(files: try files.map { try filePath($0, ".proto file") },
                    importPaths: try importPaths.map { try filePath($0, "proto import folder") })
        case .descriptorSet(let path): .descriptorSet(try filePath(path, "descriptor set"))
        case .reflection: .reflection(String(url.dropLast(definition.path.count)))
        }
    }

    static func noMethod(_ definition: GRPCDefinition, in schema: ProtoSchema, source: GRPCSchemaStore.Source) -> GRPCMessageError {
        guard let methods = schema.methodNames(ofService: definition.service) else {
            let services = schema.serviceNames
            return GRPCMessageError(location: nil, text: "no service \(definition.service) in \(source)"
                + (services.isEmpty ? " (it has none)" : " (it has \(services.joined(separator: ", ")))"))
        }
        let names = methods.map { String($0.split(separator: ".").last ?? "") }
        return GRPCMessageError(location: nil, text: "no method \(definition.method) in \(definition.service) (it has \(names.joined(separator: ", ")))")
    }
}

/// The schema a call needs is not loaded yet: the request loads it, then resolves again.
struct GRPCSchemaNeeded: Error, CustomStringConvertible {
    var source: GRPCSchemaStore.Source
    /// The request's settings so far: what reflection's calls are made with.
    var settings = RequestSettings()
    var description: String { "its schema (\(source)) is not loaded" }
}

/// A gRPC request that cannot be made as written: a message that is not its type (at the
/// field, `file:line:column`), a method the schema lacks, bad metadata.
struct GRPCMessageError: Error, CustomStringConvertible {
    var location: SourceLocation?
    var text: String
    /// The JSON path of the message's value at fault (`$.location.latitude`), when one is.
    var path: String?
    var description: String { location.map { "\($0): \(text)" } ?? text }
}

/// A call's messages as JSON, by its method's schema.
struct GRPCMessageCodec: Sendable {
    let schema: ProtoSchema
    let shape: ProtoMethodShape

    /// A message of the call as JSON — a request message when `sent`, else a response — or
    /// nil when it is not one of its type.
    func json(of message: Data, sent: Bool) -> JSONValue? {
        try? schema.decode(message, as: sent ? shape.input : shape.output).json
    }

    /// A request message written as proto3 JSON, encoded; throws saying what is wrong and
    /// where (`message field longitud: no field …`).
    func encoded(_ json: JSONValue) throws(GRPCMessageError) -> Data {
        do throws(ProtoSchema.CodecError) { return try schema.encode(json, as: shape.input) } catch {
            guard case .json(let problem) = error else { throw GRPCMessageError(location: nil, text: error.description) }
            throw GRPCMessageError(location: nil, text: (problem.path == "$" ? "message: " : "message field \(problem.path.dropFirst(2)): ") + problem.reason,
                                   path: problem.path)
        }
    }
}
#endif
