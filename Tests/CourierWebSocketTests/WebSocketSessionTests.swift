import Courier
import CourierDemoServer
import CourierWebSocket
import Foundation
import Synchronization
import Testing

/// WebSocket sessions as requests, through swift-websocket's client, against the demo
/// server's `/ws` (Hummingbird) and the `websockets` package's server (Python, a server
/// nobody here wrote): the transcript both ways with directions, JSON and binary messages,
/// close codes, a server that drops the connection, a stop, and the record table.
@Suite struct WebSocketSessionTests {
    /// The events handed to a request's stream handler.
    final class Transcript: Sendable {
        private let events = Mutex<[StreamEvent]>([])
        var entries: [StreamEvent] { events.withLock { $0 } }
        func append(_ event: StreamEvent) { events.withLock { $0.append(event) } }
        var lines: [String] {
            entries.map { "\($0.direction == .sent ? ">" : "<") \($0.name ?? "") \($0.text)" }
        }
    }

    private func session(_ url: String, _ transport: WebSocketTransport, headers: [String: String]? = nil,
                         agent: NetworkAgent) -> (ConfigurableRequest, Transcript) {
        let request = ConfigurableRequest(url, headers: headers)
        request.definition.externalTransport = transport
        request.agent = agent
        let transcript = Transcript()
        request.streamEventHandler = { _, event in transcript.append(event) }
        return (request, transcript)
    }

    private func withDemo(agent: NetworkAgent = NetworkAgent(config: NetworkConfig()),
                          _ body: (String, NetworkAgent, DemoServer) async throws -> Void) async throws {
        let server = try await DemoServer.start(webSockets: true)
        do {
            let url = server.baseURL.replacingOccurrences(of: "http://", with: "ws://") + "/ws"
            try await body(url, agent, server)
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }

    @Test func aScriptedSessionWithTheDemoServer() async throws {
        try await withDemo { url, agent, _ in
            let transport = WebSocketTransport(script: [.text("hello"), .text("{\"id\":7,\"type\":\"hi\"}"), .binary(Data([0, 1, 2, 255])),
                                                        .close(code: 4000, reason: "done")])
            let (request, transcript) = session(url, transport, agent: agent)
            try await request.run()
            let lines = transcript.lines
            #expect(lines.contains { $0.hasPrefix("< text {\"type\":\"welcome\"") }, "\(lines)")
            #expect(lines.contains("> text hello") && lines.contains("< text hello"), "\(lines)")
            let ack = try #require(transcript.entries.first { $0.direction == .received && $0.json?["type"] == "ack" })
            expectEqual(ack.json?["id"], 7)
            let binary = transcript.entries.filter { $0.name == "binary" }
            #expect(binary.map(\.direction) == [.sent, .received] && binary.allSatisfy { $0.data == Data([0, 1, 2, 255]) })
            #expect(lines.contains("> close 4000 done"), "\(lines)")
            expectEqual(transcript.entries.map(\.sequence), Array(1...transcript.entries.count))
            #expect(request.error == nil && request.responseStatusCode == 101)
            expectEqual(request.streamState?.mode, .messages)
            #expect(request.responseString?.contains("> text hello\n") == true, "the transcript is the body")
        }
    }

    @Test func theServerClosingWithACodeEndsTheSession() async throws {
        try await withDemo { url, agent, _ in
            let transport = WebSocketTransport(script: [.text("{\"type\":\"close\",\"code\":4000,\"reason\":\"asked\"}")])
            let (request, transcript) = session(url, transport, agent: agent)
            try await request.run()
            #expect(transcript.lines.last == "< close 4000 asked", "\(transcript.lines)")
        }
    }

    @Test func aServerThatDropsTheConnectionFailsTheSession() async throws {
        try await withDemo { url, agent, _ in
            let transport = WebSocketTransport(script: [.text("one"), .text("two")])
            let (request, transcript) = session(url + "?dropAfter=2", transport, agent: agent)
            await #expect(throws: RequestError.self) { try await request.run() }
            #expect(request.error?.family == .transport, "\(String(describing: request.error))")
            #expect(transcript.lines.contains("< text one"), "what came before the drop is kept: \(transcript.lines)")
        }
    }

    @Test func aMessageSentLaterAndAStopWhileOpen() async throws {
        try await withDemo { url, agent, _ in
            let transport = WebSocketTransport()
            let (request, transcript) = session(url, transport, agent: agent)
            let received = AsyncStream.makeStream(of: StreamEvent.self)
            request.streamEventHandler = { _, event in
                transcript.append(event)
                if event.direction == .received { received.continuation.yield(event) }
            }
            let run = Task { try await request.run() }
            var iterator = received.stream.makeAsyncIterator()
            let welcome = await iterator.next()
            expectEqual(welcome?.json?["type"], "welcome")
            let record = try #require(agent.records().first)
            #expect(record.stream?.description.hasPrefix("streaming 1 message") == true, "\(record)")
            #expect(request.takesMessages)
            #expect(request.send(.text("typed")))
            expectEqual(await iterator.next()?.text, "typed")
            request.stop()
            await #expect(throws: RequestError.cancelled) { try await run.value }
            #expect(!request.send(.text("after")), "no session once stopped")
            expectEqual(agent.inFlightCount, 0)
        }
    }

    @Test func endStreamClosesCleanly() async throws {
        try await withDemo { url, agent, _ in
            let transport = WebSocketTransport()
            let (request, transcript) = session(url, transport, agent: agent)
            request.streamEventHandler = { request, event in
                transcript.append(event)
                if event.json?["type"] == "welcome" { request.endStream() }
            }
            try await request.run()
            expectEqual(request.error, nil)
            #expect(transcript.lines.contains("> close 1000"), "\(transcript.lines)")
            #expect(transcript.lines.last?.hasPrefix("< close 1000") == true, "the server answered the close: \(transcript.lines)")
        }
    }

    /// The agent's jar goes with the handshake as libcurl would send it: the cookies of the
    /// host and path, not a secure one over ws://, not another host's; after the request's own.
    @Test func theAgentsCookiesGoWithTheHandshake() async throws {
        let jar = CookieJar()
        try jar.set(Cookie(name: "session", value: "abc", domain: "127.0.0.1"))
        try jar.set(Cookie(name: "deeper", value: "d", domain: "127.0.0.1", path: "/ws"))
        try jar.set(Cookie(name: "elsewhere", value: "e", domain: "127.0.0.1", path: "/other"))
        try jar.set(Cookie(name: "tls-only", value: "t", domain: "127.0.0.1", isSecure: true))
        try jar.set(Cookie(name: "other-host", value: "o", domain: "example.com"))
        try await withDemo(agent: NetworkAgent(config: NetworkConfig(), cookieJar: jar)) { url, agent, server in
            let (request, _) = session(url, WebSocketTransport(script: [.close(code: 1000, reason: nil)]),
                                       headers: ["Cookie": "own=1"], agent: agent)
            try await request.run()
            let handshake = try #require(server.requestLog.last { $0.path == "/ws" })
            let cookies = handshake.headers.filter { $0.name.lowercased() == "cookie" }.map(\.value)
            #expect(cookies == ["own=1; deeper=d; session=abc"], "\(handshake.headers)")
        }
    }

    @Test func theWebsocketsPackagesServer() async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/servers/websockets_server.py").path
        guard let server = await HTTPBinServer.startPython("websockets", { [script, "\($0)"] }) else {
            try Test.cancel("the websockets package is unavailable (scripts/test-servers-bootstrap.sh installs it into .build/test-venv)")
        }
        defer { server.stop() }
        let url = server.baseURL.replacingOccurrences(of: "http://", with: "ws://") + "/echo"
        let transport = WebSocketTransport(script: [.text("ping?"), .binary(Data("bytes".utf8)), .text("close")])
        let (request, transcript) = session(url, transport, headers: ["Authorization": "Bearer s3cret"], agent: NetworkAgent(config: NetworkConfig()))
        try await request.run()
        let received = transcript.lines.filter { $0.hasPrefix("<") }
        #expect(received == ["< text auth: Bearer s3cret", "< text ping?", "< binary bytes", "< close 4001 asked"], "\(transcript.lines)")
        #expect(transcript.lines.filter { $0.hasPrefix(">") } == ["> text ping?", "> binary bytes", "> text close"])
        #expect(transcript.entries.filter { $0.direction == .received }.map(\.text).contains("bytes"))
    }
}
