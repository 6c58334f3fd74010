import HummingbirdWebSocket
import NIOCore

/// One `/ws` connection (the protocol is ``WebSocketRoutes``'s): the welcome, the replies,
/// the client's share of broadcasts and the server's pings, until the client or the server
/// ends it.
struct WebSocketSession: Sendable {
    let options: WebSocketRoutes.Options
    let hub: WebSocketHub
    /// The connection, closed without a close frame after `options.dropAfter` messages.
    let channel: any Channel

    func run(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter) async throws {
        let (client, outbox) = hub.join()
        defer { hub.leave(client) }
        let welcome: DemoJSON = ["type": "welcome", "client": .int(Int64(client))]
        try await Self.write(.text(welcome.serialized), to: outbound)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await broadcast in outbox { try await Self.write(.text(broadcast), to: outbound) }
            }
            if let period = options.pingEvery {
                group.addTask { try await Self.ping(every: period, outbound) }
            }
            // Writers that fail once the session is closing end quietly: the group is left
            // without awaiting them, which drops their errors.
            try await answer(inbound, outbound, as: client)
            group.cancelAll()
        }
    }

    /// Answers the client's messages until it closes, asks to close, or has sent `dropAfter`.
    private func answer(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, as client: Int) async throws {
        var received = 0
        for try await message in inbound.messages(maxSize: WebSocketRoutes.maximumMessageSize) {
            received += 1
            if let dropAfter = options.dropAfter, received >= dropAfter {
                try? await channel.close()
                return
            }
            guard case .text(let text) = message else {
                try await Self.write(message, to: outbound)
                continue
            }
            switch WebSocketReply(to: text, from: client) {
            case .send(let reply):
                try await Self.write(.text(reply), to: outbound)
            case .broadcast(let broadcast):
                hub.broadcast(broadcast)
            case .close(let code, let reason):
                try await outbound.close(.init(codeNumber: code), reason: reason)
                return
            }
        }
    }

    /// Writes `message` in frames of at most ``WebSocketRoutes/outgoingFrameSize`` bytes, so
    /// clients with a smaller frame limit than ours still receive large messages.
    private static func write(_ message: WebSocketMessage, to outbound: WebSocketOutboundWriter) async throws {
        func writeFrames(of buffer: ByteBuffer, _ writer: inout WebSocketOutboundWriter.MessageWriter) async throws {
            var buffer = buffer
            repeat {
                try await writer(buffer.readSlice(length: min(WebSocketRoutes.outgoingFrameSize, buffer.readableBytes))!)
            } while buffer.readableBytes > 0
        }
        switch message {
        case .text(let text):
            try await outbound.withTextMessageWriter { try await writeFrames(of: ByteBuffer(string: text), &$0) }
        case .binary(let buffer):
            try await outbound.withBinaryMessageWriter { try await writeFrames(of: buffer, &$0) }
        }
    }

    /// Sends a ping every `period`, with `ping 1`, `ping 2`, … as its data; the client's
    /// pongs need no answer.
    private static func ping(every period: Duration, _ outbound: WebSocketOutboundWriter) async throws {
        var count = 0
        while true {
            try await Task.sleep(for: period)
            count += 1
            try await outbound.write(.custom(.init(fin: true, opcode: .ping, data: ByteBuffer(string: "ping \(count)"))))
        }
    }
}
