import Courier
import Foundation
import Testing

/// `/sse` and `/ndjson`, read whole here and parsed with the engine's own stream parsers.
@Suite struct StreamRouteTests {
    private func events(_ body: Data) -> (events: [ServerSentEvent], parser: ServerSentEventParser) {
        var parser = ServerSentEventParser()
        let events = parser.consume(Array(body))
        return (events, parser)
    }

    @Test func sseSendsTicksNotesCommentsAndRetry() async throws {
        try await withDemoServer { _, client in
            let result = try await client.request("/sse?count=12&rate=2000")
            expectEqual(result.status, 200)
            expectEqual(result.header("Content-Type"), "text/event-stream")
            let (got, parser) = events(result.body)
            expectEqual(got.map(\.lastEventID), (1...12).map(String.init))
            #expect(got.map(\.type) == (1...12).map { $0 % 5 == 0 ? "note" : "tick" })
            expectEqual(got[4].data, "note 5, line one\nline two")
            #expect(got[0].data.hasPrefix("{\"n\":1,\"sentMs\":"))
            expectEqual(parser.reconnectionTime, 1000)
            #expect(parser.comments == 2, "the opening comment and the keep-alive before event 10")
        }
    }

    @Test func sseResumesAfterLastEventIDAndDropsWhenAsked() async throws {
        try await withDemoServer { _, client in
            let dropped = try await client.request("/sse?count=10&rate=2000&dropAfter=3")
            expectEqual(events(dropped.body).events.map(\.lastEventID), ["1", "2", "3"])
            let resumed = try await client.request("/sse?count=10&rate=2000&dropAfter=3", headers: ["Last-Event-ID": "3"])
            expectEqual(events(resumed.body).events.map(\.lastEventID), ["4", "5", "6"])
            let pastTheEnd = try await client.request("/sse?count=10&rate=2000", headers: ["Last-Event-ID": "10"])
            #expect(events(pastTheEnd.body).events.isEmpty)
            expectEqual(try await client.request("/sse?rate=0").status, 400)
        }
    }

    @Test func ssePacesEventsAtTheRate() async throws {
        try await withDemoServer { _, client in
            let clock = ContinuousClock()
            let start = clock.now
            let result = try await client.request("/sse?count=21&rate=100")
            #expect(clock.now - start >= .milliseconds(190), "event 21 is due 200 ms after event 1")
            expectEqual(events(result.body).events.count, 21)
        }
    }

    @Test func ndjsonSendsOneObjectPerLine() async throws {
        try await withDemoServer { _, client in
            let result = try await client.request("/ndjson?count=7&rate=5000")
            expectEqual(result.header("Content-Type"), "application/x-ndjson")
            var splitter = StreamLineSplitter()
            let lines = splitter.consume(Array(result.body))
            #expect(splitter.finish() == nil, "every line ends with a newline")
            let numbers = try lines.map { line -> Int in
                guard case .object(let object) = try JSONValue(parsing: Data(line.utf8)), case .int(let n)? = object["n"] else { return -1 }
                return n
            }
            expectEqual(numbers, Array(1...7))
        }
    }
}
