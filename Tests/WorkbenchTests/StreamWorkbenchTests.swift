import Courier
import Foundation
import Testing
@testable import Workbench

/// A streamed response in the workbench, through the app model against the in-process demo
/// server: events show while the request is still in flight, In flight counts them, `x` ends
/// the stream keeping what came, and the ended stream stays on screen.
@Suite struct StreamWorkbenchTests {
    /// The demo workspace with a ticker: server-sent events, `count` of them at `rate` a second.
    private func withTicker(count: Int, rate: Int, _ body: (AppHarness) async throws -> Void) async throws {
        try await AppHarness.run(editing: { text in
            text.replacingOccurrences(of: "\nrequests:\n", with: """

                requests:
                  view-ticker:
                    url: /sse?count=\(count)&rate=\(rate)

                """)
        }, body)
    }

    @Test func eventsShowWhileTheRequestIsInFlightAndXEndsTheStreamKeepingThem() async throws {
        try await withTicker(count: 10_000, rate: 20) { app in
            app.select(.request("view-ticker"))
            app.press(.enter)
            let exchange = try #require(app.model.session.exchanges["view-ticker"])
            try await app.settle("three events") { (exchange.streamView?.lastSequence ?? 0) >= 3 }
            #expect(app.model.takeDrawAtOnce(), "a stream's first events do not wait for the next paced frame")
            try await app.settle("three more events") { (exchange.streamView?.lastSequence ?? 0) >= 6 }
            #expect(!app.model.takeDrawAtOnce(), "later ones do")
            #expect(exchange.isInFlight)
            #expect(app.model.session.engine.agent.records().contains { $0.request === exchange.request },
                    "the record is still in the agent's table")
            let live = app.screen
            #expect(live.contains("Stream · ") && live.contains("following"))
            #expect(live.contains("streaming GET"))
            #expect(live.split(separator: "\n").contains { $0.contains("tick") && $0.contains("\"n\": ") },
                    "an event's row: \(live)")

            app.press(.character("x"))
            try await app.settle("the stream to stop") { exchange.stoppedAt != nil }
            let view = try #require(exchange.streamView)
            #expect(view.ending == "ended", "ended as if by the server: a response like any")
            #expect(view.keptCount >= 3 && view.keptCount == view.lastSequence)
            let ended = app.screen
            #expect(ended.contains(" Stream ") && ended.contains("· ended"), "the Body tab is the stream: \(ended)")
            #expect(ended.contains("ended the stream of view-ticker after"), "the message says what x did")
            #expect(app.model.lastEvent == "view-ticker 200 · streamed \(view.lastSequence.groupedDigits) events", "\(app.model.lastEvent ?? "")")
        }
    }

    @Test func inFlightShowsAStreamAsItsEventsAndRate() async throws {
        try await withTicker(count: 10_000, rate: 50) { app in
            app.select(.request("view-ticker"))
            app.press(.enter)
            app.press(.character("3"), .character("z"))
            try await app.settle("In flight to say the stream's state") {
                app.screen.contains("streaming ") && app.screen.contains(" events · ")
            }
            let row = try #require(app.screen.split(separator: "\n").first { $0.contains("view-ticker") })
            #expect(row.contains("/s"), "the rate beside the count: \(row)")
            #expect(!row.contains(" B "), "events instead of bytes: \(row)")
            app.model.session.exchanges["view-ticker"]?.request.stop()
            try await app.settle("the stream to stop") { app.model.session.exchanges["view-ticker"]?.stoppedAt != nil }
        }
    }

    @Test func aFinishedStreamKeepsEveryEventAndSaysHowItEnded() async throws {
        try await withTicker(count: 25, rate: 1_000) { app in
            app.select(.request("view-ticker"))
            app.press(.enter)
            let exchange = try #require(app.model.session.exchanges["view-ticker"])
            try await app.settle("the stream to end") { exchange.stoppedAt != nil }
            expectEqual(exchange.streamView?.lastSequence, 25)
            expectEqual(exchange.streamView?.keptCount, 25)
            let screen = app.screen
            #expect(screen.contains("Stream · 25 events · ended"))
            #expect(screen.contains("view-ticker 200 · streamed 25 events"))
        }
    }
}
