import Logging
import NIOCore
import WSClient

/// One swift-websocket client session driven step by step by a test: the messages received
/// arrive on ``messages``, the server's pings on ``pings``, and the test sends when it likes.
///
/// WSClient answers pings by itself and tells its handler nothing of them; it logs each frame
/// it receives at trace level (`Received WebSocketFrame(WebSocketOpcode.ping, …)`), which is
/// how the pings are seen here.
final class TestWebSocket: Sendable {
    /// The messages received, in order; it finishes when the session ends.
    let messages: AsyncStream<WebSocketMessage>
    /// One element per ping received from the server.
    let pings: AsyncStream<Void>
    private let writer: WebSocketOutboundWriter
    private let session: Task<WebSocketCloseFrame?, any Error>

    private init(messages: AsyncStream<WebSocketMessage>, pings: AsyncStream<Void>, writer: WebSocketOutboundWriter,
                 session: Task<WebSocketCloseFrame?, any Error>) {
        self.messages = messages
        self.pings = pings
        self.writer = writer
        self.session = session
    }

    /// Connects to `url` (`ws://…`) with WSClient's defaults (frames of at most 16 KiB) and
    /// returns once the upgrade is done.
    ///
    /// - Throws: WSClient's error when the upgrade fails (e.g. `webSocketUpgradeFailed`).
    static func connect(_ url: String) async throws -> TestWebSocket {
        let (messages, messageSink) = AsyncStream.makeStream(of: WebSocketMessage.self)
        let (pings, pingSink) = AsyncStream.makeStream(of: Void.self)
        let (writers, writerSink) = AsyncStream.makeStream(of: WebSocketOutboundWriter.self)
        let logger = Logger(label: "test-websocket") { _ in PingLog(sink: pingSink) }
        let session = Task {
            defer {
                messageSink.finish()
                pingSink.finish()
                writerSink.finish()
            }
            return try await WebSocketClient.connect(url: url, logger: logger) { inbound, outbound, _ in
                writerSink.yield(outbound)
                for try await message in inbound.messages(maxSize: 1 << 21) { messageSink.yield(message) }
            }
        }
        for await writer in writers {
            return TestWebSocket(messages: messages, pings: pings, writer: writer, session: session)
        }
        _ = try await session.value  // rethrows why the upgrade failed
        throw WebSocketClientError.webSocketUpgradeFailed
    }

    func send(_ text: String) async throws {
        try await writer.write(.text(text))
    }

    func send(binary bytes: [UInt8]) async throws {
        try await writer.write(.binary(ByteBuffer(bytes: bytes)))
    }

    /// Closes from the client's side and waits for the end.
    @discardableResult
    func close() async throws -> WebSocketCloseFrame? {
        try await writer.close(.normalClosure, reason: nil)
        return try await end()
    }

    /// Waits for the session to end: the server's close frame, nil when it ended without one.
    func end() async throws -> WebSocketCloseFrame? {
        try await session.value
    }

    /// Yields to `sink` for each ping frame the client logs as received.
    private struct PingLog: LogHandler {
        let sink: AsyncStream<Void>.Continuation
        var metadata: Logger.Metadata = [:]
        var metadataProvider: Logger.MetadataProvider?
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            if event.message.description.hasPrefix("Received WebSocketFrame(WebSocketOpcode.ping") { sink.yield() }
        }
    }
}

extension AsyncStream<WebSocketMessage>.Iterator {
    /// The next message's text (nil at the end or for a binary message).
    mutating func nextText() async -> String? {
        guard case .text(let text)? = await next() else { return nil }
        return text
    }
}
