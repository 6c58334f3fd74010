import Courier
@testable import CourierChecks
import CourierDemoServer
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
@testable import CourierWorkspace
import Foundation
import Testing

/// `courier run` on streamed responses, against the demo server's `/sse` and `/ndjson` and
/// httpbin's `/stream/N`.
@Suite("courier run: streams")
struct StreamRunTests {
    /// A run's output lines, each with when the runner handed it over.
    struct TimedRun {
        var status: Int32
        var lines: [(text: String, at: ContinuousClock.Instant)]
        var errors: [String]
        var output: [String] { lines.map(\.text) }
    }

    private func run(_ yaml: String, _ names: [String], json: Bool = false, history state: String? = nil,
                     webSockets: Bool = false) async -> TimedRun {
        var run = HeadlessRun(workspacePath: writeWorkspace(yaml), names: names)
        run.cacheDirectory = temporaryDirectory("courier-cache")
        run.stateDirectory = state ?? temporaryDirectory("courier-state")
        run.json = json
        var lines: [(String, ContinuousClock.Instant)] = []
        var errors: [String] = []
        let status = await run.run(startDemoServer: {
            let server = try await DemoServer.start(webSockets: webSockets)
            return DemoServerHandle(baseURL: server.baseURL, stop: { await server.stop() })
        }, output: { lines.append(($0, .now)) }, errors: { errors.append($0) })
        return TimedRun(status: status, lines: lines, errors: errors)
    }

    private func eventLines(_ run: TimedRun, of name: String) -> [String] {
        run.output.filter { $0.hasPrefix("  \(name)  #") }
    }

    @Test("each event is printed on a line of its own as it arrives, in order, before the result line")
    func eventsAsTheyArrive() async throws {
        // Two a second for five seconds: the in-process server can stall for seconds in a full
        // test run, and events due together are sent together; a gap this long survives that.
        let run = await run("requests:\n  ticker: {url: \"{{demo}}/sse?count=10&rate=2\"}\n", ["ticker"])
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        let events = eventLines(run, of: "ticker")
        expectEqual(events.count, 10)
        #expect(events.map { $0.components(separatedBy: "  ")[2] } == (1...10).map { "#\($0)" })
        #expect(events[0].hasPrefix("  ticker  #1  +") && events[0].contains(" s  tick  id=1  {\"n\":1,\"sentMs\":"))
        #expect(events[4].hasSuffix("  note  id=5  note 5, line one↵line two"))
        let resultIndex = try #require(run.output.firstIndex { $0.hasPrefix("  ✓ ticker  GET  ") })
        #expect(run.output[resultIndex].contains("  200  ") && run.output[resultIndex].contains("streamed 10 events in "))
        #expect(run.output.firstIndex(of: events[9])! < resultIndex)
        // Ten events at two a second: the first was out about 4.5 s before the stream ended.
        let first = run.lines.first { $0.text == events[0] }!.at
        let result = run.lines[resultIndex].at
        #expect(first.duration(to: result) > .milliseconds(500))
    }

    @Test("--json: one object per event as it arrives, then the result with the stream's outcome")
    func jsonLinesPerEvent() async throws {
        let run = await run("requests:\n  feed: {url: \"{{demo}}/ndjson?count=4&rate=50\"}\n", ["feed"], json: true)
        #expect(run.status == 0, "\(run.errors)")
        let objects = try jsonLines(run.output)
        expectEqual(objects.count, 6)
        for (index, object) in objects.prefix(4).enumerated() {
            expectEqual(object["type"] as? String, "event")
            expectEqual(object["request"] as? String, "feed")
            expectEqual(object["sequence"] as? Int, index + 1)
            #expect(object["elapsed"] is Double)
            #expect(object.keys.contains("name") && object["name"] is NSNull)
            #expect(object.keys.contains("id") && object["id"] is NSNull)
            #expect((object["data"] as? String)?.hasPrefix("{\"n\":\(index + 1),") == true)
        }
        expectEqual(objects[4]["name"] as? String, "feed")
        let stream = try #require(objects[4]["stream"] as? [String: Any])
        expectEqual(stream["mode"] as? String, "lines")
        expectEqual(stream["events"] as? Int, 4)
        expectEqual(stream["end"] as? String, "ended")
        #expect(objects[5]["summary"] != nil)
    }

    /// The endless streams have a deadline so that, were until: not obeyed, the test fails in seconds.
    @Test("until: and maxEvents: end an endless stream as a success")
    func untilAndMaxEvents() async throws {
        let run = await run("""
            requests:
              until: {url: "{{demo}}/sse?count=0&rate=50", deadline: 30, stream: {until: $.n >= 4}}
              capped: {url: "{{demo}}/sse?count=0&rate=50", deadline: 30, stream: {maxEvents: 3}}
              named: {url: "{{demo}}/sse?count=0&rate=50", deadline: 30, stream: {until: event == "note"}}
            """, ["until", "capped", "named"])
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        expectEqual(eventLines(run, of: "until").count, 4)
        #expect(run.output.contains { $0.hasPrefix("  ✓ until  GET  ") && $0.contains("  streamed 4 events in ") && $0.hasSuffix(" s, ended at until: $.n >= 4") })
        expectEqual(eventLines(run, of: "capped").count, 3)
        #expect(run.output.contains { $0.hasPrefix("  ✓ capped  ") && $0.hasSuffix(", ended at maxEvents: 3") })
        expectEqual(eventLines(run, of: "named").last?.contains("  note  id=5  "), true)
        expectEqual(run.output.last?.hasPrefix("3 requests: 3 ok, 0 failed"), true)
    }

    /// Each stream ends at its own until:/maxEvents: in a batch (two at once) and in a chain
    /// (whose next step then runs); the deadlines fail the test in seconds were they ignored.
    @Test("until: and maxEvents: end streams in a batch and in a chain, whose next step runs")
    func untilInBatchesAndChains() async throws {
        let run = await run("""
            requests:
              until: {url: "{{demo}}/sse?count=0&rate=50", deadline: 30, stream: {until: $.n >= 4}}
              capped: {url: "{{demo}}/ndjson?count=0&rate=50", deadline: 30, stream: {maxEvents: 3}}
              after: {url: "{{demo}}/get"}
            batches:
              both: [until, capped]
            chains:
              watch:
                steps: [{request: until}, {request: capped}, {request: after}]
            """, ["both", "watch"])
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        #expect(eventLines(run, of: "until").count == 8, "four in the batch, four in the chain: \(run.output)")
        expectEqual(eventLines(run, of: "capped").count, 6)
        let results = run.output.map { $0.trimmingCharacters(in: .whitespaces) }  // a chain's are indented
        #expect(results.filter { $0.hasPrefix("✓ until  ") && $0.hasSuffix(", ended at until: $.n >= 4") }.count == 2, "\(run.output)")
        #expect(results.filter { $0.hasPrefix("✓ capped  ") && $0.hasSuffix(", ended at maxEvents: 3") }.count == 2)
        #expect(results.contains { $0.hasPrefix("✓ after  GET  ") })
        #expect(run.output.last?.hasPrefix("5 requests: 5 ok, 0 failed") == true, "\(run.output)")
    }

    @Test("a stream ended at until: is a response: its status and checks stand")
    func untilKeepsTheResponse() async throws {
        let run = await run("""
            requests:
              checked:
                url: "{{demo}}/sse?count=0&rate=50"
                deadline: 30
                stream: {until: $.n >= 3}
                # events already on their way when until: held may still arrive: $.n is 3 or more
                expect: [status == 200, "contentType contains event-stream", "$.n >= 3"]
              broken:
                url: "{{demo}}/sse?count=0&rate=50"
                deadline: 30
                stream: {maxEvents: 2}
                expect: [status == 201]
            """, ["checked", "broken"])
        #expect(run.status == 1, "\(run.output) \(run.errors)")
        #expect(run.output.contains { $0.hasPrefix("  ✓ checked  ") && $0.contains("3 checks passed") }, "\(run.output)")
        #expect(run.output.contains { $0.hasPrefix("  ✗ broken  ") }, "\(run.output)")
        #expect(!run.output.contains { $0.contains("not checked") })
    }

    @Test("a stream's deadline ends it as a success once events came; with stream: off it times out as before")
    func deadline() async throws {
        let run = await run("""
            requests:
              live: {url: "{{demo}}/sse?count=0&rate=20", deadline: 10}
              whole: {url: "{{demo}}/sse?count=0&rate=20", deadline: 10, stream: off}
            """, ["live", "whole"])
        expectEqual(run.status, 1)
        #expect(eventLines(run, of: "live").count >= 1)
        #expect(run.output.contains { $0.hasPrefix("  ✓ live  ") && $0.hasSuffix(", ended at its deadline (10 s)") })
        #expect(eventLines(run, of: "whole").isEmpty)
        #expect(run.output.contains { $0.hasPrefix("  ✗ whole  ") && $0.contains("transport -1001: Not finished within 10 s") && !$0.contains("streamed") })
    }

    @Test("reconnect: resumes with Last-Event-ID after the server drops it: every event once")
    func reconnectsOnce() async throws {
        let run = await run("""
            requests:
              resumed:
                url: "{{demo}}/sse?count=10&rate=100&dropAfter=3"
                stream: {reconnect: {tries: 5, delay: 0}, until: id == 10}
            """, ["resumed"], json: true)
        #expect(run.status == 0, "\(run.errors)")
        let objects = try jsonLines(run.output)
        let events = objects.filter { $0["type"] as? String == "event" }
        #expect(events.compactMap { $0["id"] as? String } == (1...10).map(String.init))
        #expect(events.compactMap { $0["sequence"] as? Int } == Array(1...10))
        let stream = try #require(objects[10]["stream"] as? [String: Any])
        // The fourth attempt ends after event 10, so a fifth may have begun when until: held.
        #expect((stream["reconnections"] as? Int ?? 0) >= 3)
        expectEqual(stream["end"] as? String, "until")
    }

    @Test("expect: on a stream reads its transcript, $. its last JSON event; secrets in events are redacted")
    func checksAndSecrets() async throws {
        let run = await run("""
            requests:
              checked:
                url: "{{demo}}/sse?count=10&rate=100"
                sensitive: [line two]
                expect:
                  - status == 200
                  - $.n == 9
                  - body contains "note 10, line one"
                  - contentType contains event-stream
            """, ["checked"])
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        #expect(run.output.contains { $0.hasPrefix("  ✓ checked  ") && $0.contains("4 checks passed") })
        let note = try #require(eventLines(run, of: "checked").first { $0.contains("  note  id=5  ") })
        #expect(note.hasSuffix("note 5, line one↵\(Redaction.placeholder)"))
    }

    @Test("stream: {expect: …} checks every event: a failure names the first event that broke it, a pass counts them")
    func checksOnEveryEvent() async throws {
        let run = await run("""
            requests:
              every: {url: "{{demo}}/ndjson?count=4&rate=200", stream: {expect: [$.n isInteger, $.kind == tick]}}
              broken: {url: "{{demo}}/ndjson?count=4&rate=200", stream: {expect: [$.n isInteger, $.n < 3]}}
              none: {url: "{{demo}}/ndjson?count=0&rate=200", deadline: 0.5, stream: {maxEvents: 1, expect: [$.n isInteger]}}
            """, ["every", "broken"], json: true)
        #expect(run.status == 1, "\(run.output) \(run.errors)")
        let results = try jsonLines(run.output).filter { $0["checks"] != nil }
        let every = try #require(results.first { $0["name"] as? String == "every" })
        #expect(every["ok"] as? Bool == true, "\(every)")
        let broken = try #require(results.first { $0["name"] as? String == "broken" })
        expectEqual(broken["ok"] as? Bool, false)
        let checks = try #require(broken["checks"] as? [[String: Any]])
        #expect(checks.map { $0["passed"] as? Bool } == [true, false], "\(checks)")
        #expect((checks[1]["summary"] as? String) == "$.n: expected < 3, got 3; event #3", "\(checks[1])")
        #expect((checks[1]["actual"] as? String) == "3", "\(checks[1])")
    }

    @Test("the history keeps a stream's raw text as its body, one stopped at until: too")
    func history() async throws {
        let state = temporaryDirectory("courier-state")
        let run = await run("""
            requests:
              whole: {url: "{{demo}}/sse?count=3&rate=100"}
              cut: {url: "{{demo}}/ndjson?count=0&rate=100", deadline: 30, stream: {until: $.n == 2}}
            """, ["whole", "cut"], history: state)
        #expect(run.status == 0, "\(run.errors)")
        let exchanges = try HistoryStore(stateDirectory: state).exchangesWithBodies()
        let whole = try #require(exchanges.first { $0.request == "whole" })
        expectEqual(whole.status, 200)
        #expect(String(decoding: whole.responseBody ?? Data(), as: UTF8.self).contains("event: tick\nid: 3\ndata: {\"n\":3,"))
        let cut = try #require(exchanges.first { $0.request == "cut" })
        #expect(cut.ok)
        // The raw text kept when it was stopped: what arrived up to the event that held, or a little more.
        let lines = String(decoding: cut.responseBody ?? Data(), as: UTF8.self).split(separator: "\n")
        #expect(lines.count >= 2 && lines[1].hasPrefix("{\"n\":2,"), "\(lines)")
    }

    @Test("httpbin's /stream/5 (JSON objects a line) streams as 5 lines with stream: lines")
    func httpbinStream() async throws {
        let server = try await HTTPBinServer.required()
        defer { server.stop() }
        let run = await run("""
            config: {baseUrl: "\(server.baseURL)"}
            requests:
              lines: {url: /stream/5, stream: lines, expect: [$.id == 4]}
            """, ["lines"], json: true)
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        let objects = try jsonLines(run.output)
        let events = objects.filter { $0["type"] as? String == "event" }
        expectEqual(events.count, 5)
        let ids = events.compactMap { event in
            (event["data"] as? String).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }?["id"] as? Int
        }
        expectEqual(ids, Array(0...4))
        expectEqual(objects[5]["ok"] as? Bool, true)
        expectEqual((objects[5]["stream"] as? [String: Any])?["events"] as? Int, 5)
    }

    @Test("a ws:// request runs its messages: script, printing the transcript both ways; expect: waits for the server's message")
    func webSocketScript() async throws {
        let run = await run("""
            requests:
              echo:
                url: "{{demoWS}}/ws"
                messages:
                  - send: "hello {{who}}"
                  - expect: data == "hello ada"
                  - send: {type: subscribe, id: 1}
                  - {expect: $.type == "ack", timeout: 2}
                  - binary: AAEC/w==
                  - close: {code: 4000, reason: done}
              missing:
                url: "{{demoWS}}/ws"
                messages:
                  - send: hi
                  - {expect: $.type == "never", timeout: 0.3}
            variables: {who: ada}
            """, ["echo", "missing"], webSockets: true)
        #expect(run.status == 1, "\(run.output) \(run.errors)")
        let echo = eventLines(run, of: "echo")
        #expect(echo.contains { $0.contains("  →  text  hello ada") }, "\(echo)")
        #expect(echo.contains { $0.contains("  ←  text  hello ada") }, "\(echo)")
        #expect(echo.contains { $0.contains("  ←  text  ") && $0.contains("\"type\":\"ack\"") }, "\(echo)")
        #expect(echo.contains { $0.contains("  →  close  4000 done") }, "\(echo)")
        #expect(echo.contains { $0.contains("  ←  binary  4 bytes: 00 01 02 ff") }, "binary shown in hex: \(echo)")
        #expect(run.output.contains { $0.hasPrefix("  ✓ echo  ") && $0.contains("streamed ") && $0.contains(" messages in ") }, "\(run.output)")
        let missing = try #require(run.output.first { $0.hasPrefix("  ✗ missing  ") }, "\(run.output)")
        #expect(missing.contains("No message met $.type == \"never\" within 0.3 s"), "\(missing)")
    }

    @Test("a ws:// session's events carry their direction in --json; a mistake in messages: is reported at its place")
    func webSocketJSONAndMistakes() async throws {
        let session = await run("requests:\n  echo: {url: \"{{demoWS}}/ws\", messages: [{send: hi}, {expect: 'data == \"hi\"'}]}\n", ["echo"], json: true, webSockets: true)
        #expect(session.status == 0, "\(session.output) \(session.errors)")
        let objects = session.output.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let directions = objects.filter { $0["type"] as? String == "event" }.compactMap { $0["direction"] as? String }
        #expect(directions.contains("sent") && directions.contains("received"), "\(session.output)")
        let bad = await run("requests:\n  echo:\n    url: \"{{demoWS}}/ws\"\n    messages: [{sned: hi}]\n", ["echo"], webSockets: true)
        expectEqual(bad.status, 2)
        #expect(bad.errors.contains { $0.contains(".yaml:4:17: error:") && $0.contains("sned") }, "\(bad.errors)")
    }
}

