import Courier
import CourierWebSocket
import Foundation
import Synchronization
import Testing

/// How a session ends against a server that misbehaves on purpose (``RawWebSocketServer``):
/// the request's deadline bounds the whole session, the close handshake included; a close
/// the server never answers is given up after the transport's close timeout; a text message
/// that is not UTF-8 is answered with 1007.
@Suite struct WebSocketClosingTests {
    private func request(_ url: String, _ transport: WebSocketTransport, deadline: Double? = nil) -> (ConfigurableRequest, WebSocketSessionTests.Transcript) {
        let request = ConfigurableRequest(url)
        request.definition.externalTransport = transport
        request.definition.deadline = deadline
        request.agent = NetworkAgent(config: NetworkConfig())
        let transcript = WebSocketSessionTests.Transcript()
        request.streamEventHandler = { _, event in transcript.append(event) }
        return (request, transcript)
    }

    /// The server takes the close and never answers it, nor ends the connection: the run ends
    /// at the request's deadline (before the close timeout), says so, and the connection is dropped.
    @Test func theDeadlineBoundsACloseTheServerNeverAnswers() async throws {
        let clientEnded = Mutex(false)
        let server = try RawWebSocketServer { connection in
            while let frame = connection.readFrame(timeout: 10), frame.closeCode == nil {}
            clientEnded.withLock { $0 = connection.waitForEnd(timeout: 10) }
        }
        defer { server.stop() }
        let transport = WebSocketTransport(script: [.text("hi"), .close(code: 1000, reason: nil)], closeTimeout: 30)
        let (request, transcript) = request(server.url, transport, deadline: 1)
        let started = ContinuousClock.now
        await #expect(throws: RequestError.self) { try await request.run() }
        let took = ContinuousClock.now - started
        #expect(took < .seconds(5), "the run ended at its deadline (1 s), not later: \(took)")
        #expect(request.error?.code == .timedOut, "\(String(describing: request.error))")
        #expect(request.error?.message.contains("deadline") == true, "\(String(describing: request.error?.message))")
        #expect(transcript.lines.contains("> close 1000"), "\(transcript.lines)")
        await server.served()
        #expect(clientEnded.withLock { $0 }, "the client dropped the connection")
    }

    /// The server takes the close, does not answer it and half-closes (FIN): the session ends
    /// at once as abnormal (1006), not at a timeout.
    @Test func aFINInsteadOfTheCloseAnswerEndsTheSessionAtOnce() async throws {
        let server = try RawWebSocketServer { connection in
            while let frame = connection.readFrame(timeout: 10), frame.closeCode == nil {}
            connection.shutdownWrite()
            _ = connection.waitForEnd(timeout: 10)
        }
        defer { server.stop() }
        let transport = WebSocketTransport(script: [.close(code: 1000, reason: nil)], closeTimeout: 30)
        let (request, _) = request(server.url, transport, deadline: 20)
        let started = ContinuousClock.now
        await #expect(throws: RequestError.self) { try await request.run() }
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(request.error?.message.contains("1006") == true, "\(String(describing: request.error))")
        await server.served()
    }

    /// An open session with nothing to do ends at its deadline too.
    @Test func theDeadlineEndsAnOpenSession() async throws {
        let server = try RawWebSocketServer { connection in
            connection.send(opcode: 0x1, Array("hello".utf8))
            _ = connection.waitForEnd(timeout: 10)
        }
        defer { server.stop() }
        let (request, _) = request(server.url, WebSocketTransport(), deadline: 0.5)
        let started = ContinuousClock.now
        await #expect(throws: RequestError.self) { try await request.run() }
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(request.error?.code == .timedOut && request.error?.message.contains("deadline") == true,
                "\(String(describing: request.error))")
        await server.served()
    }

    /// Without a deadline, a close the server never answers is given up after the close
    /// timeout: the connection is dropped and the error says so.
    @Test func aCloseNeverAnsweredIsGivenUpAfterTheCloseTimeout() async throws {
        let clientEnded = Mutex(false)
        let server = try RawWebSocketServer { connection in
            while let frame = connection.readFrame(timeout: 10), frame.closeCode == nil {}
            clientEnded.withLock { $0 = connection.waitForEnd(timeout: 10) }
        }
        defer { server.stop() }
        let transport = WebSocketTransport(script: [.close(code: 4000, reason: "bye")], closeTimeout: 0.5)
        let (request, transcript) = request(server.url, transport)
        let started = ContinuousClock.now
        await #expect(throws: RequestError.self) { try await request.run() }
        #expect(ContinuousClock.now - started < .seconds(5))
        let message = request.error?.message ?? ""
        #expect(message.contains("did not answer the close") && message.contains("0.5 s"), "\(message)")
        #expect(transcript.lines.contains("> close 4000 bye"), "\(transcript.lines)")
        await server.served()
        #expect(clientEnded.withLock { $0 }, "the client dropped the connection")
    }

    /// A text message that is not UTF-8 is answered with a close 1007 at once, and the error
    /// says why.
    @Test func invalidUTF8TextClosesWith1007() async throws {
        let closeCode = Mutex<UInt16?>(nil)
        let server = try RawWebSocketServer { connection in
            connection.send(opcode: 0x1, [0x68, 0x69, 0xC3, 0x28])
            while let frame = connection.readFrame(timeout: 10) {
                guard let code = frame.closeCode else { continue }
                closeCode.withLock { $0 = code }
                connection.sendClose(code)
                break
            }
        }
        defer { server.stop() }
        let (request, transcript) = request(server.url, WebSocketTransport())
        let started = ContinuousClock.now
        await #expect(throws: RequestError.self) { try await request.run() }
        #expect(ContinuousClock.now - started < .seconds(4), "no wait for a timeout")
        await server.served()
        #expect(closeCode.withLock { $0 } == 1007)
        let message = request.error?.message ?? ""
        #expect(message.contains("UTF-8") && message.contains("1007"), "\(message)")
        #expect(request.error?.code == .badServerResponse, "\(String(describing: request.error))")
        #expect(transcript.lines.contains { $0.hasPrefix("> close 1007") }, "\(transcript.lines)")
    }
}
