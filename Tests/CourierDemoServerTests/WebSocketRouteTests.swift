import CourierDemoServer
import Foundation
import NIOCore
import Testing
import WSClient

/// `/ws` on the in-process demo server, with swift-websocket's client and with the Python
/// `websockets` package's.
@Suite(.timeLimit(.minutes(1))) struct WebSocketRouteTests {
    private func url(_ server: DemoServer, _ query: String = "") -> String {
        "ws://127.0.0.1:\(server.port)/ws" + query
    }

    @Test func welcomesThenEchoesTextAndBinaryAndAcksJSONObjects() async throws {
        try await withDemoServer(webSockets: true) { server, _ in
            let socket = try await TestWebSocket.connect(url(server))
            var received = socket.messages.makeAsyncIterator()
            #expect(await received.nextText() == #"{"type":"welcome","client":1}"#)
            try await socket.send("plain text")
            expectEqual(await received.nextText(), "plain text")
            try await socket.send("[1,2]")
            #expect(await received.nextText() == "[1,2]", "JSON that is not an object is text like any other")
            try await socket.send(#"{"id":"a1","b":true}"#)
            #expect(await received.nextText() == #"{"type":"ack","id":"a1","echo":{"b":true,"id":"a1"}}"#)
            try await socket.send(#"{"n":1.5}"#)
            #expect(await received.nextText() == #"{"type":"ack","id":null,"echo":{"n":1.5}}"#)
            try await socket.send(binary: [0, 1, 2, 255])
            expectEqual(await received.next(), .binary(ByteBuffer(bytes: [0, 1, 2, 255])))
            let large = String(repeating: "0123456789", count: 10_000)
            try await socket.send(large)
            #expect(await received.nextText() == large, "100 kB comes back in frames the client's 16 KiB limit accepts")
            let end = try await socket.close()
            expectEqual(end?.closeCode, .normalClosure)
        }
    }

    @Test func broadcastReachesEveryClientTheSenderToo() async throws {
        try await withDemoServer(webSockets: true) { server, _ in
            let first = try await TestWebSocket.connect(url(server))
            var firstReceived = first.messages.makeAsyncIterator()
            #expect(await firstReceived.nextText() == #"{"type":"welcome","client":1}"#)
            let second = try await TestWebSocket.connect(url(server))
            var secondReceived = second.messages.makeAsyncIterator()
            #expect(await secondReceived.nextText() == #"{"type":"welcome","client":2}"#)
            try await second.send(#"{"type":"broadcast","data":{"k":[1,"two"]}}"#)
            let expected = #"{"type":"broadcast","from":2,"data":{"k":[1,"two"]}}"#
            expectEqual(await firstReceived.nextText(), expected)
            expectEqual(await secondReceived.nextText(), expected)
            try await first.close()
            expectEqual(await firstReceived.next(), nil)
            try await second.send(#"{"type":"broadcast"}"#)
            #expect(await secondReceived.nextText() == #"{"type":"broadcast","from":2,"data":null}"#)
            try await second.close()
        }
    }

    @Test func closesWithTheCodeAndReasonAsked() async throws {
        try await withDemoServer(webSockets: true) { server, _ in
            let socket = try await TestWebSocket.connect(url(server))
            var received = socket.messages.makeAsyncIterator()
            _ = await received.next()
            try await socket.send(#"{"type":"close","code":1005}"#)
            #expect(await received.nextText()?.hasPrefix(#"{"type":"error","error":"code must be"#) == true,
                    "1005 is reserved: an error, and the session goes on")
            try await socket.send(#"{"type":"close","code":4000,"reason":"done here"}"#)
            let end = try await socket.end()
            expectEqual(end?.closeCode, .unknown(4000))
            expectEqual(end?.reason, "done here")

            let defaults = try await TestWebSocket.connect(url(server))
            try await defaults.send(#"{"type":"close"}"#)
            let defaultEnd = try await defaults.end()
            expectEqual(defaultEnd?.closeCode, .normalClosure)
            expectEqual(defaultEnd?.reason, "bye")
        }
    }

    @Test func pingsAtTheIntervalAsked() async throws {
        try await withDemoServer(webSockets: true) { server, _ in
            let socket = try await TestWebSocket.connect(url(server, "?pingEvery=0.05"))
            var pings = socket.pings.makeAsyncIterator()
            #expect(await pings.next() != nil)
            #expect(await pings.next() != nil)
            var received = socket.messages.makeAsyncIterator()
            try await socket.send("still talking")
            _ = await received.next()  // the welcome
            #expect(await received.nextText() == "still talking", "pongs answering the pings are not messages")
            try await socket.close()
        }
    }

    @Test func dropAfterEndsTheConnectionWithoutACloseFrame() async throws {
        try await withDemoServer(webSockets: true) { server, _ in
            let socket = try await TestWebSocket.connect(url(server, "?dropAfter=2"))
            var received = socket.messages.makeAsyncIterator()
            _ = await received.next()
            try await socket.send("one")
            expectEqual(await received.nextText(), "one")
            try await socket.send("two")
            #expect(await received.next() == nil, "the second message is not answered: the connection ends")
            do {
                let closeFrame = try await socket.end()
                #expect(closeFrame == nil, "no close frame: an abnormal closure (1006)")
            } catch {
                // The client reports the lost connection as an error: abnormal too.
            }
        }
    }

    @Test func aMessageOverOneMebibyteClosesWith1009() async throws {
        try await withDemoServer(webSockets: true) { server, _ in
            let socket = try await TestWebSocket.connect(url(server))
            var received = socket.messages.makeAsyncIterator()
            _ = await received.next()
            try await socket.send(String(repeating: "x", count: (1 << 20) + 1))
            expectEqual(await received.next(), nil)
            let end = try? await socket.end()
            expectEqual(end?.closeCode, .messageTooLarge)
        }
    }

    @Test func stoppingTheServerClosesTheSessions() async throws {
        try await withDemoServer(webSockets: true) { server, _ in
            let socket = try await TestWebSocket.connect(url(server, "?pingEvery=1"))
            var received = socket.messages.makeAsyncIterator()
            _ = await received.next()
            await server.stop()
            // A close frame with 1000 says the session was closed, not cut off at the grace
            // period (which sends none); how long the stop took depends on the machine's load.
            let end = try await socket.end()
            expectEqual(end?.closeCode, .normalClosure)
        }
    }

    @Test func refusesABadQueryAndAnswers426WithoutUpgrade() async throws {
        try await withDemoServer(webSockets: true) { server, client in
            await #expect(throws: WebSocketClientError.webSocketUpgradeFailed) {
                try await TestWebSocket.connect(url(server, "?pingEvery=soon"))
            }
            let plain = try await client.request("/ws")
            expectEqual(plain.status, 426)
            let endpoints = try await client.request("/").json["endpoints"] as? [String] ?? []
            #expect(endpoints.contains { $0.hasPrefix("/ws?") })
        }
    }

    /// The Python `websockets` client (Tests/Fixtures/servers/ws_client.py) talks to `/ws`:
    /// the subprotocol it offers, text, JSON, a server ping, a close with 4000.
    @Test func pythonWebsocketsClientTalksToIt() async throws {
        let python = Self.package.appendingPathComponent(".build/test-venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python),
              (try? await Self.runOffThePool([python, "-c", "import websockets"]).status) == 0
        else {
            let reason = "no Python with websockets at \(python) (scripts/test-servers-bootstrap.sh installs it)"
            print("skipping: \(reason)")
            try Test.cancel(Comment(rawValue: reason))
        }
        try await withDemoServer(webSockets: true) { server, _ in
            let script = Self.package.appendingPathComponent("Tests/Fixtures/servers/ws_client.py").path
            let run = try await Self.runOffThePool([python, script, url(server, "?pingEvery=0.05")])
            #expect(run.status == 0, "\(run.output)")
            let result = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any] ?? [:]
            #expect(result["subprotocol"] as? String == "chat", "x-unknown is offered first but not accepted")
            #expect(result["received"] as? [String] == [
                #"{"type":"welcome","client":1}"#, "hello", #"{"type":"ack","id":7,"echo":{"id":7,"n":[1,2]}}"#,
            ])
            #expect((result["pings"] as? Int ?? 0) >= 1)
            let close = result["close"] as? [String: Any]
            expectEqual(close?["code"] as? Int, 4000)
            expectEqual(close?["reason"] as? String, "done")
        }
    }

    /// ``ChildProcess/run(_:input:discardingErrors:)`` on a thread of its own: it blocks until
    /// the script ends, and the server's upgrade runs a task on the cooperative pool, which has
    /// as few threads as the machine has cores.
    private static func runOffThePool(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try ChildProcess.run(arguments) }) }.start()
        }
    }

    private static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
