import Foundation
import Testing

extension EndToEndTests {
    /// A live server-sent event stream in the real binary's workbench, in tmux: its events
    /// appear while it runs, `p` pauses the view, `G` follows again, `x` ends the stream.
    @Suite struct StreamView {
        /// A workspace of one ticker against the binary's own demo server.
        private static let workspace = """
            name: streams

            config:
              baseUrl: "{{demo}}"

            requests:
              ticker:
                description: Server-sent events, 20 a second for 30 seconds.
                url: /sse?count=600&rate=20

            """

        /// The count in the stream view's title: `Stream · 1,204 events`.
        private static func count(in screen: String) -> Int? {
            guard let range = screen.range(of: #"Stream · [0-9,]+ event"#, options: .regularExpression) else { return nil }
            return Int(screen[range].filter(\.isNumber))
        }

        /// The newest `tick` row on screen (`+1.234s  tick 17 ▸ { "n": 17, …`), as its event number.
        private static func newestTick(in screen: String) -> Int? {
            screen.split(separator: "\n").compactMap { line -> Int? in
                guard let range = line.range(of: #"tick +[0-9]+ "#, options: .regularExpression) else { return nil }
                return Int(line[range].filter(\.isNumber))
            }.last
        }

        @Test func eventsAppearWhileTheStreamRunsAndPauseFollowAndXWork() async throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let path = sandbox.directory + "/streams.yaml"
            try Self.workspace.write(toFile: path, atomically: true, encoding: .utf8)
            let session = try TmuxSession(command: "\(EndToEndTests.binary) tui \(path)", environment: sandbox.environment)
            try await session.waitFor("1 Requests")
            try session.select("ticker")
            try session.press("Enter")

            // One by one: the count grows between two reads of the screen, the stream still running.
            let early = try await session.waitUntil("the first events") { (Self.count(in: $0) ?? 0) >= 2 }
            let seen = try #require(Self.count(in: early))
            let later = try await session.waitUntil("more events than \(seen)") { (Self.count(in: $0) ?? 0) > seen }
            #expect(later.contains("streaming GET"), "still in flight:\n\(later)")
            #expect(later.contains("following"))
            #expect(Self.newestTick(in: later) != nil, "event rows with their name and id:\n\(later)")

            // p: the rows stay while the events are still counted.
            try session.press("2", "2", "p")
            let paused = try await session.waitUntil("the view paused with new events") { $0.contains(" new) ") }
            let frozen = try #require(Self.newestTick(in: paused))
            let pausedLater = try await session.waitUntil("more events counted while paused") { screen in
                (Self.count(in: screen) ?? 0) > (Self.count(in: paused) ?? 0)
            }
            #expect(Self.newestTick(in: pausedLater) == frozen, "the paused view does not move:\n\(pausedLater)")

            // p again and the view follows; k scrolls away from the newest, G follows again.
            try session.press("p")
            try await session.waitUntil("the newest events shown again") { (Self.newestTick(in: $0) ?? 0) > frozen + 1 }
            try session.press("k")
            try await session.waitFor("scrolled — G follows")
            try session.press("G")
            try await session.waitFor("· following")

            // x ends the stream; what came stays on screen.
            try session.press("x")
            let ended = try await session.waitFor(all: ["· ended", "ended the stream of ticker"])
            #expect(!ended.contains("streaming GET"))
            #expect(Self.newestTick(in: ended) != nil, "the events stay:\n\(ended)")
            #expect((Self.count(in: ended) ?? 0) < 600, "ended before the server's last event")
        }
    }
}
