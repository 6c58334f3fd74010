import Courier
import Foundation
import Testing
@testable import Workbench

/// The message line of a WebSocket session in the workbench, through the app model against the
/// in-process demo server's `/ws` (echo): `i` opens it, Enter sends what is typed and empties it,
/// the echo comes back in the transcript, ↑ recalls what was sent, and a session that ended
/// refuses with a reason.
@Suite struct MessageLineWorkbenchTests {
    /// demo.yaml's `ws-broadcast`: a session that stays open until ended.
    private let request = "ws-broadcast"

    /// Sends `ws-broadcast` and waits for the server's welcome.
    private func openSession(_ app: AppHarness) async throws -> Exchange {
        app.select(.request(request))
        app.press(.enter)
        let exchange = try #require(app.model.session.exchanges[request])
        try await app.settle("the welcome") { (exchange.streamView?.lastSequence ?? 0) >= 1 }
        return exchange
    }

    /// The session's messages as the view keeps them: `→ hello`, `← hello`.
    private func transcript(_ exchange: Exchange) -> [String] {
        guard let view = exchange.streamView else { return [] }
        return (view.firstPosition..<view.firstPosition + view.keptCount).compactMap(view.event(at:)).map { event in
            (event.direction == .sent ? "→ " : "← ") + event.text
        }
    }

    private func lineText(_ app: AppHarness) -> String? {
        app.model.panes.exchange.messageLines[request]?.text
    }

    private func isOnTheLine(_ app: AppHarness) -> Bool {
        if case .message(let name)? = app.model.panes.exchange.typing { return name == request }
        return false
    }

    @Test func enterSendsWhatIsTypedTheEchoShowsAndTheLineStaysForTheNext() async throws {
        try await AppHarness.run(webSockets: true) { app in
            let exchange = try await openSession(app)
            app.press(.character("2"))
            #expect(app.screen.contains(" → i types a message to the session"), "the line shows while the session is open")
            app.press(.character("i"))
            #expect(isOnTheLine(app))
            app.type("hello there")
            let typing = app.screen
            #expect(typing.contains(" → hello there"), "the line at the bottom of the response: \(typing)")
            #expect(typing.contains("↵ send") && typing.contains("↑ history") && typing.contains("Esc leave"))

            app.press(.enter)
            #expect(lineText(app) == "", "Enter empties the line")
            #expect(isOnTheLine(app), "and keeps it for the next message")
            try await app.settle("the echo") { transcript(exchange).suffix(2) == ["→ hello there", "← hello there"] }
            let echoed = app.screen.split(separator: "\n")
            #expect(echoed.contains { $0.contains("→   hello there") } && echoed.contains { $0.contains("←   hello there") },
                    "a row each way, the direction in its column: \(echoed.joined(separator: "\n"))")
            #expect(app.screen.contains("Stream · 3 messages"))

            app.type(#"{"type":"subscribe","id":7}"#)
            app.press(.enter)
            try await app.settle("the ack") { transcript(exchange).last?.contains(#""type":"ack""#) == true }

            // ↑ walks back through what was sent, ↓ forward to the empty line.
            app.press(.up)
            #expect(lineText(app) == #"{"type":"subscribe","id":7}"#)
            app.press(.up)
            expectEqual(lineText(app), "hello there")
            app.press(.down, .down)
            expectEqual(lineText(app), "")
            app.press(.up, .up, .enter)
            try await app.settle("the recalled message's echo") { transcript(exchange).suffix(2) == ["→ hello there", "← hello there"] }

            app.press(.escape)
            #expect(!isOnTheLine(app), "Esc leaves the line")
            exchange.request.stop()
            try await app.settle("the session to end") { exchange.stoppedAt != nil }
        }
    }

    @Test func aSessionThatEndedRefusesTheMessageAndSaysWhy() async throws {
        try await AppHarness.run(webSockets: true) { app in
            let exchange = try await openSession(app)
            app.press(.character("2"), .character("i"))
            app.type("too late")
            // The server closes the session (as {"type":"close"} asks it to) while the line is typed.
            #expect(exchange.request.send(.text(#"{"type":"close","code":1000,"reason":"bye"}"#)))
            try await app.settle("the session to end") { exchange.stoppedAt != nil }
            expectEqual(transcript(exchange).last, "← 1000 bye")
            #expect(app.screen.contains("close 1000 bye"), "the close by its kind, code and reason")

            app.press(.enter)
            #expect(lineText(app) == "too late", "a refused message stays on the line")
            #expect(app.screen.contains("not sent: the WebSocket session of ws-broadcast has ended"))

            app.press(.escape)
            app.press(.character("i"))
            #expect(!isOnTheLine(app))
            #expect(app.screen.contains("the WebSocket session of ws-broadcast has ended — send the request again"))
        }
    }

    @Test func iOnARequestThatIsNoSessionSaysSo() async throws {
        try await AppHarness.run(webSockets: true) { app in
            app.select(.request("json-valid"))
            app.press(.enter)
            try await app.settle("the response") { app.model.session.exchanges["json-valid"]?.stoppedAt != nil }
            app.press(.character("2"), .character("i"))
            #expect(app.model.panes.exchange.typing == nil)
            #expect(app.screen.contains("i types a message to a WebSocket session or a streaming gRPC call: json-valid is neither"))
            #expect(!app.screen.contains("i message"), "the hint shows only where the key applies")
        }
    }
}
