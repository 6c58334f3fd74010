import Foundation
import Testing

extension EndToEndTests {
    /// A WebSocket session in the real binary's workbench, in tmux, against its own demo
    /// server's `/ws`: a message typed on the message line and sent with Enter comes back as
    /// the server's echo, each a row of the transcript with its direction.
    @Suite struct MessageLine {
        /// The row of `text` going the way `arrow` says (`→   hello` sent, `←   hello` received).
        private static func hasRow(_ arrow: String, _ text: String, in screen: String) -> Bool {
            screen.split(separator: "\n").contains { $0.range(of: "\(arrow) +\(text)", options: .regularExpression) != nil }
        }

        @Test func aMessageTypedAndSentComesBackAsTheEcho() async throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let session = try TmuxSession(command: "\(EndToEndTests.binary) tui \(sandbox.workspace)", environment: sandbox.environment)
            try await session.waitFor("1 Requests")
            try session.select("ws-broadcast")
            try session.press("Enter")
            try await session.waitFor(all: ["\"welcome\"", "i types a message to the session"])

            try session.press("2", "i")
            try await session.waitFor("↵ send")
            try session.type("hello from tmux")
            try await session.waitFor(" → hello from tmux")
            try session.press("Enter")
            let echoed = try await session.waitUntil("the echo's row") { Self.hasRow("←", "hello from tmux", in: $0) }
            #expect(Self.hasRow("→", "hello from tmux", in: echoed), "the sent message's row:\n\(echoed)")
            #expect(echoed.contains("Stream · 3 messages"), "the welcome, the message and its echo:\n\(echoed)")
            #expect(!echoed.contains(" → hello from tmux"), "Enter emptied the line:\n\(echoed)")

            // ↑ brings the message back; Esc leaves the line and x ends the session.
            try session.press("Up")
            try await session.waitFor(" → hello from tmux")
            try session.press("Escape", "x")
            let ended = try await session.waitFor("· ended")
            #expect(Self.hasRow("←", "hello from tmux", in: ended), "the transcript stays:\n\(ended)")
        }
    }
}
