import Courier

/// Which sides of a gRPC call stream.
package enum GRPCMethodKind: Sendable, Hashable {
    case unary, serverStreaming, clientStreaming, bidirectional

    package init(clientStreaming: Bool, serverStreaming: Bool) {
        self = switch (clientStreaming, serverStreaming) {
        case (false, false): .unary
        case (false, true): .serverStreaming
        case (true, false): .clientStreaming
        case (true, true): .bidirectional
        }
    }

    /// unary, server streaming, client streaming, bidirectional.
    package var name: String {
        switch self {
        case .unary: "unary"
        case .serverStreaming: "server streaming"
        case .clientStreaming: "client streaming"
        case .bidirectional: "bidirectional"
        }
    }

    /// The badge beside a call's name: none for unary, ⇣ the server streams, ⇡ the client
    /// does, ⇅ both (`v`, `^`, `<>` without Unicode).
    package func arrow(unicode: Bool) -> String? {
        switch self {
        case .unary: nil
        case .serverStreaming: unicode ? "⇣" : "v"
        case .clientStreaming: unicode ? "⇡" : "^"
        case .bidirectional: unicode ? "⇅" : "<>"
        }
    }

    /// Whether the client sends a stream (`messages:` rather than `message:`).
    package var clientStreams: Bool { self == .clientStreaming || self == .bidirectional }
}

/// A schema's services and methods as plain values — what the workbench's service browser
/// shows, and what a new request made from a method starts with — so that the workbench
/// needs no descriptor library.
package struct GRPCCatalog: Sendable, Hashable {
    /// One method of a service.
    package struct Method: Sendable, Hashable {
        /// Its name, `GetPlace`.
        package var name: String
        /// Its service's full name, `courier.demo.Places`.
        package var service: String
        /// The request and response messages' full type names.
        package var input: String
        package var output: String
        package var kind: GRPCMethodKind
        /// The method and its two messages as `.proto` text.
        package var text: String
        /// A request message with every field at its zero value (proto3 JSON).
        package var template: JSONValue

        package init(name: String, service: String, input: String, output: String, kind: GRPCMethodKind, text: String, template: JSONValue) {
            self.name = name
            self.service = service
            self.input = input
            self.output = output
            self.kind = kind
            self.text = text
            self.template = template
        }
    }

    /// A service and its methods, in the file's order.
    package struct Service: Sendable, Hashable {
        /// Its full name, `courier.demo.Places`.
        package var name: String
        package var methods: [Method]

        package init(name: String, methods: [Method]) {
            self.name = name
            self.methods = methods
        }
    }

    /// The services, sorted by name.
    package var services: [Service]

    package init(services: [Service]) {
        self.services = services
    }
}
