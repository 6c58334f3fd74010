import Courier
import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOSSL
import NIOWebSocket
import Synchronization
import WSClient

/// Carries `ws://` and `wss://` requests on swift-websocket's client (SwiftNIO): Debian's
/// libcurl 7.88 has no WebSocket support. A request names one as its
/// ``Request/externalTransport``; the agent prepares it as any request — its headers
/// (authorization included) go with the handshake, its TLS settings (CA file,
/// verification, client certificate) apply to `wss` — keeps it in the record table, and hands
/// its messages, both ways, to the request's stream handler as ``StreamEvent``s with a
/// direction. The session runs its ``script``, then stays open for ``send(_:)`` until the
/// script closes it, the server does, or the request is stopped or ended. The request's
/// ``Request/deadline`` bounds the whole session, the close handshake included, and a close
/// the server leaves unanswered is given up after ``closeTimeout`` (``SessionLimits``).
///
/// One session at a time: a transport belongs to one request.
public final class WebSocketTransport: MessageSendingTransport, Sendable {
    public let schemes: Set<String> = ["ws", "wss"]
    /// What the session does once open, in order.
    public let script: [WebSocketStep]
    /// Close (1000) after the script instead of staying open for ``send(_:)``.
    public let closesAfterScript: Bool
    /// Subprotocols offered in `Sec-WebSocket-Protocol`.
    public let subprotocols: [String]
    /// The largest message taken in; a larger one ends the session (1009).
    public let maximumMessageBytes: Int
    /// Seconds a close sent is waited for the server's answer before the connection is dropped.
    public let closeTimeout: Double
    private let session = Mutex<AsyncStream<WebSocketStep>.Continuation?>(nil)

    public init(script: [WebSocketStep] = [], closesAfterScript: Bool = false, subprotocols: [String] = [],
                maximumMessageBytes: Int = 1 << 20, closeTimeout: Double = 5) {
        self.script = script
        self.closeTimeout = closeTimeout
        self.closesAfterScript = closesAfterScript
        self.subprotocols = subprotocols
        self.maximumMessageBytes = maximumMessageBytes
    }

    /// Queues `step` on the open session (a message typed in the workbench); false when none is open.
    @discardableResult
    public func send(_ step: WebSocketStep) -> Bool {
        session.withLock { continuation in
            guard let continuation else { return false }
            if case .enqueued = continuation.yield(step) { return true }
            return false
        }
    }

    public func send(_ message: SessionMessage) -> Bool {
        switch message {
        case .text(let text): send(WebSocketStep.text(text))
        case .binary(let data): send(WebSocketStep.binary(data))
        }
    }

    public func begin(_ transfer: ExternalTransfer) {
        let (steps, continuation) = AsyncStream.makeStream(of: WebSocketStep.self)
        for step in script { continuation.yield(step) }
        if closesAfterScript { continuation.yield(.close(code: 1000, reason: nil)) }
        session.withLock { $0 = continuation }
        // Before the session starts: a reader that ends it on its first message (which can
        // come before the line after `Task`, on a loaded machine) must find the clean close,
        // or the session is dropped as by a stop, without its close frames.
        transfer.onEndRequested { continuation.yield(.close(code: 1000, reason: nil)) }
        let limits = SessionLimits(transfer: transfer)
        let task = Task { await self.run(transfer, steps: steps, limits: limits) }
        transfer.onCancel { task.cancel() }
        limits.attach(task, deadline: transfer.prepared.deadline)
    }

    private func run(_ transfer: ExternalTransfer, steps: AsyncStream<WebSocketStep>, limits: SessionLimits) async {
        defer {
            limits.sessionEnded()
            session.withLock { $0?.finish(); $0 = nil }
        }
        let prepared = transfer.prepared
        let tls: TLSConfiguration?
        do {
            tls = prepared.url.lowercased().hasPrefix("wss:") ? try WebSocketTLS.configuration(prepared.tlsPolicy) : nil
        } catch {
            return transfer.finish(head: nil, error: RequestError(family: .transport, code: .secureConnectionFailed,
                                                                   message: "The TLS settings cannot be used: \(error)."))
        }
        // The client's own wait for a close's answer is bounded by the deadline too: a session
        // cancelled at its deadline while connecting (a loaded machine) could otherwise send
        // its close afterwards and keep the connection for the whole close timeout.
        let clientCloseTimeout = min(closeTimeout, prepared.deadline.flatMap { $0 > 0 ? $0 : nil } ?? closeTimeout)
        let configuration = WebSocketClientConfiguration(maxFrameSize: maximumMessageBytes, additionalHeaders: headers(prepared),
                                                         closeTimeout: .milliseconds(Int64(clientCloseTimeout * 1000)), validateUTF8: true)
        let maximum = maximumMessageBytes
        let closeTimeout = closeTimeout
        let received = ReceivedMessages()
        do {
            let closeFrame = try await WebSocketClient.connect(url: prepared.url, configuration: configuration, tlsConfiguration: tls,
                                                               logger: Logger(label: "courier.websocket")) { inbound, outbound, _ in
                transfer.connected(head: Self.handshake(prepared.url))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await step in steps {
                            if case .expect(let expectation) = step {
                                let (match, others) = await received.await(expectation)
                                guard match == nil else { continue }
                                let seen = others.isEmpty ? "no message came" : "came: " + others.suffix(3).map { "\"\($0.prefix(120))\"" }.joined(separator: ", ")
                                received.fail(RequestError(family: .validation, code: .responseRejected,
                                                                     message: "No message met \(expectation.description) within \(expectation.timeout) s (\(seen))."))
                                limits.closeSent(code: 1008, timeout: closeTimeout)
                                try? await outbound.close(.policyViolation, reason: "expectation not met")
                                break
                            }
                            let sent = try? await Self.perform(step, on: outbound, transfer: transfer) { code in
                                limits.closeSent(code: code, timeout: closeTimeout)
                            }
                            guard sent == true else { break }
                        }
                    }
                    // The session lasts as long as the server's side: until its close (an answer to
                    // ours or its own) or the connection's end.
                    do {
                        for try await message in inbound.messages(maxSize: maximum) {
                            let (data, name) = Self.payload(message)
                            transfer.moved(received: data.count)
                            let event = StreamEvent.message(data, direction: .received, name: name)
                            transfer.deliver([event])
                            received.append(event)
                        }
                    } catch {
                        // A message the client refuses (not UTF-8, too large): the client's close
                        // goes out with its code when this handler throws; say so now.
                        if let refusal = WebSocketFailure.refusal(error, maximumMessageBytes: maximum) {
                            received.fail(refusal.error)
                            transfer.deliver([.message(Data("\(refusal.code)".utf8), direction: .sent, name: "close")])
                            limits.closeSent(code: refusal.code, timeout: closeTimeout)
                        }
                        received.end()
                        group.cancelAll()
                        throw error
                    }
                    received.end()
                    group.cancelAll()
                }
            }
            if let closeFrame {
                let reason = closeFrame.reason.map { " " + $0 } ?? ""
                transfer.deliver([.message(Data("\(Self.number(closeFrame.closeCode))\(reason)".utf8), direction: .received, name: "close")])
            }
            if let failed = received.failure {
                return transfer.finish(head: Self.handshake(prepared.url), error: failed)
            }
            guard closeFrame != nil || transfer.isCancelled else {
                return transfer.finish(head: Self.handshake(prepared.url), error: RequestError(
                    family: .transport, code: .networkConnectionLost,
                    message: "The server dropped the connection without a close frame (1006, abnormal closure)."))
            }
            transfer.finish(head: Self.handshake(prepared.url), error: nil)
        } catch is CancellationError {
            transfer.finish(head: nil, error: .cancelled)
        } catch {
            transfer.finish(head: nil, error: received.failure ?? WebSocketFailure.error(error, url: prepared.url))
        }
    }

    /// Sends one step; false when it closed the session (nothing more is sent).
    /// `closing` hears a close's code before it goes out (its answer is waited for from then).
    private static func perform(_ step: WebSocketStep, on outbound: WebSocketOutboundWriter, transfer: ExternalTransfer,
                                closing: (UInt16) -> Void) async throws -> Bool {
        switch step {
        // A message is in the transcript as it goes out, before the write returns: the server's
        // answer can arrive first otherwise, and the transcript would show the answer before it.
        case .text(let text):
            transfer.deliver([.message(Data(text.utf8), direction: .sent, name: "text")])
            try await outbound.write(.text(text))
            transfer.moved(sent: text.utf8.count)
        case .binary(let data):
            transfer.deliver([.message(data, direction: .sent, name: "binary")])
            try await outbound.write(.binary(ByteBuffer(bytes: data)))
            transfer.moved(sent: data.count)
        case .ping(let data):
            transfer.deliver([.message(data, direction: .sent, name: "ping")])
            try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer(bytes: data))))
        case .wait(let seconds):
            try await Task.sleep(for: .seconds(seconds))
        case .expect:
            break  // waited for by the session, which has the server's messages
        case .close(let code, let reason):
            let closeCode = WebSocketErrorCode(codeNumber: Int(code))
            closing(code)
            try await outbound.close(closeCode, reason: reason)
            transfer.deliver([.message(Data("\(code)\(reason.map { " " + $0 } ?? "")".utf8), direction: .sent, name: "close")])
            return false
        }
        return true
    }

    /// The handshake's headers: the request's own (authorization included), the agent's
    /// cookies for the URL (after a `Cookie` header the request sets itself, as libcurl puts
    /// them) and the subprotocols offered.
    private func headers(_ prepared: PreparedRequest) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in prepared.headers {
            guard let field = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: field, value: value))
        }
        if let jar = prepared.cookieJar?.cookieHeader(for: prepared.url) {
            // One field, as RFC 6265 asks of HTTP/1.1 (HTTPFields' subscript would split it in crumbs).
            let own = fields[values: .cookie]
            fields[values: .cookie] = []
            fields.append(HTTPField(name: .cookie, value: (own + [jar]).joined(separator: "; ")))
        }
        if !subprotocols.isEmpty, let name = HTTPField.Name("Sec-WebSocket-Protocol") {
            fields[name] = subprotocols.joined(separator: ", ")
        }
        return fields
    }

    /// What the handshake answered, as far as the client says: 101 and the upgrade.
    static func handshake(_ url: String) -> ResponseHead {
        var headers = HTTPFields()
        headers[.upgrade] = "websocket"
        headers[.connection] = "Upgrade"
        return ResponseHead(url: url, statusCode: 101, headers: headers, httpVersion: "HTTP/1.1")
    }

    /// A close code's number (NIO keeps it to itself).
    private static func number(_ code: WebSocketErrorCode) -> UInt16 {
        var buffer = ByteBuffer()
        buffer.write(webSocketErrorCode: code)
        return buffer.readInteger(as: UInt16.self) ?? 0
    }

    private static func payload(_ message: WebSocketMessage) -> (Data, String) {
        switch message {
        case .text(let text): (Data(text.utf8), "text")
        case .binary(let buffer): (Data(buffer.readableBytesView), "binary")
        }
    }
}
