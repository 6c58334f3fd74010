import Foundation
import SwiftProtobufPluginLibrary

/// What a caller needs to know of a method to call it: its message types and which sides
/// stream — plain values, so that modules above need no descriptor library.
public struct ProtoMethodShape: Sendable, Hashable {
    /// The method's full name, `package.Service.Method`.
    public var fullName: String
    /// The request message's full type name.
    public var input: String
    /// The response message's full type name.
    public var output: String
    /// Whether the client sends a stream of messages (client or bidirectional streaming).
    public var clientStreaming: Bool
    /// Whether the server answers with a stream (server or bidirectional streaming).
    public var serverStreaming: Bool

    /// The shape of a method `fullName` taking `input` and answering `output`.
    public init(fullName: String, input: String, output: String, clientStreaming: Bool = false, serverStreaming: Bool = false) {
        self.fullName = fullName
        self.input = input
        self.output = output
        self.clientStreaming = clientStreaming
        self.serverStreaming = serverStreaming
    }

    /// unary, server streaming, client streaming or bidirectional streaming.
    public var kindName: String {
        switch (clientStreaming, serverStreaming) {
        case (false, false): "unary"
        case (false, true): "server streaming"
        case (true, false): "client streaming"
        case (true, true): "bidirectional streaming"
        }
    }
}

extension ProtoSchema {
    /// The shape of the method at gRPC path `/package.Service/Method`; nil when the schema has
    /// no such method.
    public func shape(ofMethodAt path: String) -> ProtoMethodShape? {
        guard let method = method(path: path) else { return nil }
        return ProtoMethodShape(fullName: method.fullName, input: method.inputType.fullName, output: method.outputType.fullName,
                                clientStreaming: method.clientStreaming, serverStreaming: method.serverStreaming)
    }
}
