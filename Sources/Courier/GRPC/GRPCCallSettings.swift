import Foundation

/// A gRPC call a request makes (``RequestSettings/grpc``): the request's URL is the method's,
/// `scheme://host:port/package.Service/Method`; it goes as one HTTP/2 `POST` whose body is the
/// call's messages and whose response streams the server's messages (``StreamMode/messages``)
/// and ends with the call's status (``Request/grpcStatus``). Every kind of call is one: a
/// unary or server-streaming call sends its message and half-closes; a client-streaming or
/// bidirectional one keeps sending (``keepsSending``) what ``Request/send(_:)`` hands it, until
/// ``Request/finishSending()``. Messages are bytes here — protobuf's encoding is the caller's.
public struct GRPCCallSettings: Sendable, Hashable {
    /// Messages sent as the call starts, in order (a unary call's one request).
    public var messages: [Data]
    /// Whether the request stream stays open after ``messages`` for more, sent with
    /// ``Request/send(_:)``; false: it half-closes after them.
    public var keepsSending: Bool
    /// Call metadata: sent as header fields, each key lower-cased, a `-bin` key's value
    /// base64-encoded and any other value printable ASCII (``GRPCMetadata``).
    public var metadata: [GRPCMetadataEntry]
    /// How the messages sent are compressed (`grpc-encoding`); nil: not. Messages received
    /// compressed with gzip are read whatever this says (`grpc-accept-encoding: gzip`).
    public var compression: GRPCCompression?
    /// The longest message taken from the server, in bytes (4 MiB, as gRPC's own default);
    /// a longer one fails the call with `RESOURCE_EXHAUSTED`.
    public var maximumReceivedMessageBytes: Int
    /// The statuses the call succeeds with (OK); a call that ends with another fails with it
    /// as its error. Widen it to judge the status yourself (``Request/grpcStatus`` is set
    /// either way), as a workspace's `expect: [status == NOT_FOUND]` does.
    public var acceptedStatusCodes: Set<GRPCStatusCode> = [.ok]

    /// A call that sends `messages`, then half-closes unless `keepsSending`.
    public init(messages: [Data] = [], keepsSending: Bool = false, metadata: [GRPCMetadataEntry] = [],
                compression: GRPCCompression? = nil, maximumReceivedMessageBytes: Int = 4 << 20) {
        self.messages = messages
        self.keepsSending = keepsSending
        self.metadata = metadata
        self.compression = compression
        self.maximumReceivedMessageBytes = max(0, maximumReceivedMessageBytes)
    }
}

/// One metadata entry of a gRPC call: a key and its value's bytes (text for an ASCII key,
/// any bytes for a key ending in `-bin`).
public struct GRPCMetadataEntry: Sendable, Hashable {
    /// The key, as given (sent lower-cased).
    public var key: String
    /// The value's bytes.
    public var value: Data

    /// An entry whose value is bytes (a `-bin` key's).
    public init(key: String, value: Data) {
        self.key = key
        self.value = value
    }

    /// An entry whose value is text (UTF-8).
    public init(key: String, text: String) {
        self.init(key: key, value: Data(text.utf8))
    }
}

/// A compression of gRPC messages (`grpc-encoding`).
public enum GRPCCompression: String, Sendable, Hashable, CaseIterable {
    /// gzip (RFC 1952), which every gRPC implementation offers.
    case gzip
}
