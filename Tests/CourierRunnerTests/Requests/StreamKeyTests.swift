import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierRunner
import Foundation
import Testing

@Suite("stream: key")
struct StreamKeyTests {
    private func definition(_ stream: String) throws -> RequestDefinition {
        try #require(try parseWorkspace("requests:\n  s:\n    url: /sse\n    stream: \(stream)\n").requests["s"])
    }

    @Test("without stream: a request streams by content type; the short form names the mode")
    func shortForm() throws {
        let plain = try #require(try parseWorkspace("requests:\n  s: {url: /sse}\n").requests["s"])
        expectEqual(plain.stream, StreamDefinition())
        expectEqual(plain.stream.mode, .automatic)
        for (written, mode) in [("auto", StreamMode.automatic), ("events", .events), ("lines", .lines), ("chunks", .chunks), ("off", .off)] {
            expectEqual(try definition(written).stream.mode, mode)
        }
    }

    @Test("the long form: keep, maxEventBytes, reconnect, until and maxEvents")
    func longForm() throws {
        let stream = try definition("""
            {mode: events, keep: {events: 300, bytes: 2MiB}, maxEventBytes: 4096, reconnect: {tries: 3, delay: 0.5}, until: 'event == "done"', maxEvents: 40}
            """).stream
        expectEqual(stream.mode, .events)
        expectEqual(stream.limits, StreamLimits(keptEvents: 300, keptBytes: 2 << 20, maximumEventBytes: 4096))
        expectEqual(stream.reconnect, StreamReconnect(maximumAttempts: 3, delay: 0.5))
        expectEqual(stream.until?.text, "event == \"done\"")
        expectEqual(stream.maxEvents, 40)
        #expect(try definition("{reconnect: true}").stream.reconnect == StreamReconnect())
        #expect(try definition("{reconnect: false}").stream.reconnect == nil)
        #expect(try definition("{keep: {bytes: 512 KiB}}").stream.limits.keptBytes == 512 << 10)
    }

    @Test("until: reads the event's name, id, data, sequence and JSON paths into its data")
    func untilReadsTheEvent() throws {
        func holds(_ condition: String, _ event: StreamEvent) throws -> Bool {
            try definition("{until: '\(condition)'}").stream.ends(at: event)
        }
        let tick = StreamEvent(kind: .event, sequence: 7, elapsed: 0.7, receivedAt: Date(), name: "tick", id: "7",
                               data: Data(#"{"n":7,"state":{"done":true},"items":[1,2]}"#.utf8))
        #expect(try holds("$.n >= 7", tick))
        #expect(try !holds("$.n > 7", tick))
        #expect(try holds("$.state.done == true", tick))
        #expect(try holds("$.items[1] == 2", tick))
        #expect(try holds("event == \"tick\"", tick))
        #expect(try holds("id == 7", tick))
        #expect(try holds("sequence >= 5", tick))
        #expect(try holds("$.missing not exists", tick))
        let line = StreamEvent(kind: .line, sequence: 1, elapsed: 0, receivedAt: Date(), data: Data("[DONE]".utf8))
        #expect(try holds("data == \"[DONE]\"", line))
        #expect(try holds("event not exists", line))
    }

    @Test("a WorkspaceRequest sends with the definition's mode, limits and reconnection")
    func requestOverrides() throws {
        let workspace = try parseWorkspace("""
            requests:
              plain: {url: "http://127.0.0.1:9/sse"}
              tuned:
                url: "http://127.0.0.1:9/sse"
                stream: {mode: events, keep: {events: 10, bytes: 4096}, maxEventBytes: 128, reconnect: {tries: 2, delay: 0}}
            """)
        let runner = try WorkspaceRunner(workspace: workspace)
        let plain = runner.makeRequest("plain"), tuned = runner.makeRequest("tuned")
        expectEqual(plain.streamMode, .automatic)
        expectEqual(plain.streamLimits, StreamLimits())
        expectEqual(plain.streamReconnect, nil)
        expectEqual(tuned.streamMode, .events)
        expectEqual(tuned.streamLimits, StreamLimits(keptEvents: 10, keptBytes: 4096, maximumEventBytes: 128))
        expectEqual(tuned.streamReconnect, StreamReconnect(maximumAttempts: 2, delay: 0))
    }

    @Test("mistakes are errors at the value's line and column", arguments: [
        ("event", "test.yaml:4:13: error: requests.s.stream: unknown stream mode \"event\"; did you mean \"events\"? (expected one of: auto, events, lines, chunks, off)"),
        ("{mode: events, untill: $.done}",
         "test.yaml:4:28: error: requests.s.stream: unknown key \"untill\"; did you mean \"until\"? (expected one of: mode, keep, maxEventBytes, reconnect, until, maxEvents, expect)"),
        ("{until: n >= 3}",
         "test.yaml:4:21: error: requests.s.stream.until: until: reads \"n\", which an event does not have; did you mean \"id\"? (expected event, id, data, sequence or a JSON path like $.done)"),
        ("{until: $..n == 3}",
         "test.yaml:4:21: error: requests.s.stream.until: a name is missing after \".\" in the JSON path $..n"),
        ("{maxEvents: 0}",
         "test.yaml:4:25: error: requests.s.stream.maxEvents: expected a number of events from 1 to 100000000, found 0"),
        ("{keep: {bytes: 4MB}}",
         "test.yaml:4:28: error: requests.s.stream.keep.bytes: expected a number of bytes or a size like 4MiB, from 1.0 KiB to 1024.0 MiB, found the string \"4MB\""),
        ("{mode: lines, reconnect: true}",
         "test.yaml:4:38: error: requests.s.stream.reconnect: only a server-sent event stream reconnects (mode is lines)"),
    ])
    func errors(stream: String, message: String) {
        expectEqual(parseError("requests:\n  s:\n    url: /sse\n    stream: \(stream)\n")?.description, message)
    }
}
