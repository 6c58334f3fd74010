import Courier
import Foundation
import HTTPTypes
import Testing

/// Streamed delivery through libcurl against the demo server's `/sse` and `/ndjson`: events
/// reach the handler and the `AsyncSequence` while the transfer runs, in order; the idle
/// timeout applies between events; a stop ends the stream with no event after it; a server-sent
/// event stream reconnects with `Last-Event-ID`; what is kept is bounded and what is let go is
/// counted.
@Suite struct StreamDeliveryTests {
    /// A request to `path` whose events are logged, with the phase it was in at each event.
    private func streaming(_ bed: TestBed, _ path: String, _ configure: (inout ConfigurableRequest.Definition) -> Void = { _ in })
        -> (ConfigurableRequest, AwaitableLog<(StreamEvent, RequestPhase)>) {
        let request = bed.request(path, configure)
        let log = AwaitableLog<(StreamEvent, RequestPhase)>()
        request.streamEventHandler = { request, event in log.append((event, request.phase)) }
        return (request, log)
    }

    @Test func serverSentEventsArriveWhileTheTransferRuns() async throws {
        try await withTestBed { bed in
            // The engine's default serializer is JSON: a stream is not read as one document.
            let (request, log) = streaming(bed, "/sse?count=6&rate=20")
            try await request.run()
            let events = log.entries.map(\.0)
            expectEqual(events.map(\.sequence), Array(1...6))
            expectEqual(events.map(\.id), (1...6).map(String.init))
            expectEqual(events.map(\.name), ["tick", "tick", "tick", "tick", "note", "tick"])
            expectEqual(events[4].text, "note 5, line one\nline two")
            expectEqual(events[0].json?["n"], 1)
            #expect(events.allSatisfy { $0.kind == .event })
            #expect(log.entries.first?.1 == .inFlight, "the first event came while the transfer was still running")
            expectEqual(events.map(\.elapsed), events.map(\.elapsed).sorted())
            let state = try #require(request.streamState)
            #expect(state.mode == .events && state.events == 6 && state.ended && state.lastEventID == "6")
            #expect(state.reconnectionTime == 1000 && state.comments == 1)
            expectEqual(request.streamEvents.map(\.sequence), Array(1...6))
            expectEqual(request.error, nil)
            #expect(request.responseString?.contains("event: note\nid: 5\n") == true, "the body is the stream's text")
            expectEqual(request.responseJSON, nil)
        }
    }

    @Test func theHeadOfAStreamingResponseIsKnownWhileItStreams() async throws {
        try await withTestBed { bed in
            let heads = AwaitableLog<ResponseHead?>()
            let request = bed.request("/sse?count=3&rate=50")
            request.streamEventHandler = { request, _ in heads.append(request.streamingResponse) }
            #expect(request.streamingResponse == nil, "nothing streams before the run")
            try await request.run()
            expectEqual(heads.entries.count, 3)
            #expect(heads.entries.allSatisfy { $0?.statusCode == 200 && $0?.header("Content-Type") == "text/event-stream" },
                    "\(heads.entries)")
            // While it streamed the run's response was not set yet; once ended it is, and the live head is gone.
            expectEqual(request.response?.statusCode, 200)
            #expect(request.streamingResponse == nil)
        }
    }

    @Test func ndjsonLinesAreEventsAndTheAsyncSequenceEndsWithTheRun() async throws {
        try await withTestBed { bed in
            let request = bed.request("/ndjson?count=7&rate=1000")
            var received: [StreamEvent] = []
            for try await event in request.events() { received.append(event) }
            expectEqual(received.map(\.sequence), Array(1...7))
            #expect(received.allSatisfy { $0.kind == .line && $0.name == nil })
            #expect(received.map { $0.json?["n"]?.intValue } == (1...7).map { $0 })
            expectEqual(request.streamState?.description, "streamed 7 lines")
        }
    }

    @Test func chunksModeDeliversTheBodyAsItCame() async throws {
        try await withTestBed { bed in
            let (request, log) = streaming(bed, "/drip?bytes=300&duration=0.3") { $0.streamMode = .chunks; $0.responseSerializer = .raw }
            try await request.run()
            let chunks = log.entries.map(\.0)
            #expect(chunks.count > 1, "a drip comes in several chunks")
            #expect(chunks.reduce(0) { $0 + $1.data.count } == 300)
            #expect(chunks.allSatisfy { $0.kind == .chunk })
        }
    }

    @Test func breakingOutOfTheSequenceStopsTheRequest() async throws {
        try await withTestBed { bed in
            let request = bed.request("/sse?count=1000&rate=50")
            var seen = 0
            for try await _ in request.events() {
                seen += 1
                if seen == 2 { break }
            }
            await drain(bed.agent.config.callbackQueue)
            expectEqual(request.phase, .cancelled)
            expectEqual(bed.agent.inFlightCount, 0)
        }
    }

    @Test func aStopMidStreamEndsItWithNoEventAfter() async throws {
        try await withTestBed { bed in
            let request = bed.request("/sse?count=1000&rate=200")
            let log = AwaitableLog<Int>()
            request.streamEventHandler = { request, event in
                log.append(event.sequence)
                if event.sequence == 3 { request.stop() }
            }
            await #expect(throws: RequestError.cancelled) { try await request.run() }
            // Events already on their way to the callback queue are dropped there.
            await drain(bed.agent.config.callbackQueue)
            await drain(bed.agent.config.callbackQueue)
            expectEqual(log.entries, [1, 2, 3])
            expectEqual(request.phase, .cancelled)
        }
    }

    @Test func aServerSentEventStreamReconnectsWithLastEventID() async throws {
        try await withTestBed { bed in
            // The demo drops the connection after three events and resumes after Last-Event-ID;
            // it asks for retry: 1000 (ms), which the reconnection waits.
            let (request, log) = streaming(bed, "/sse?count=8&rate=1000&dropAfter=3") {
                $0.streamReconnect = StreamReconnect(maximumAttempts: 2, delay: 5)
            }
            try await request.run()
            #expect(log.entries.map(\.0.id) == (1...8).map(String.init), "every event once, in order")
            expectEqual(log.entries.map(\.0.sequence), Array(1...8))
            let state = try #require(request.streamState)
            expectEqual(state.reconnections, 2)
            expectEqual(state.description, "streamed 8 events · reconnected 2×")
        }
    }

    @Test func withoutReconnectADroppedStreamEndsThere() async throws {
        try await withTestBed { bed in
            let (request, log) = streaming(bed, "/sse?count=8&rate=1000&dropAfter=3")
            _ = try? await request.run()
            expectEqual(log.entries.map(\.0.id), ["1", "2", "3"])
            expectEqual(request.streamState?.reconnections, 0)
        }
    }

    @Test func whatIsKeptIsBoundedAndWhatIsDroppedIsCounted() async throws {
        try await withTestBed { bed in
            let kept = bed.request("/sse?count=20&rate=1000") { $0.streamLimits = StreamLimits(keptEvents: 5, keptBytes: 1024) }
            try await kept.run()
            expectEqual(kept.streamEvents.map(\.sequence), Array(16...20))
            expectEqual(kept.streamState?.evictedEvents, 15)
            expectEqual(kept.streamState?.events, 20)
            let body = String(decoding: try #require(kept.responseData), as: UTF8.self)
            #expect(body.utf8.count <= 1024)
            #expect(body.contains("id: 20\n") && !body.contains("id: 1\n"), "the newest bytes are kept: \(body)")
            // Ticks' data (29 bytes and its line end) is over 28 bytes; notes' two lines are not.
            let (small, log) = streaming(bed, "/sse?count=10&rate=1000") { $0.streamLimits = StreamLimits(maximumEventBytes: 28) }
            try await small.run()
            expectEqual(log.entries.map(\.0.name), ["note", "note"])
            expectEqual(small.streamState?.droppedEvents, 8)
            expectEqual(small.streamState?.description.contains("8 dropped (too large)"), true)
        }
    }

    @Test func theRecordTableShowsAStreamWhileItRuns() async throws {
        try await withTestBed { bed in
            let request = bed.request("/sse?count=1000&rate=100")
            let log = AwaitableLog<Int>()
            request.streamEventHandler = { _, event in log.append(event.sequence) }
            request.start()
            #expect(await log.wait(for: 5))
            let record = try #require(bed.agent.records().first { $0.request === request })
            let stream = try #require(record.stream)
            #expect(stream.events >= 5 && !stream.ended)
            #expect("\(record)".contains("streaming "), "\(record)")
            request.stop()
        }
    }

    @Test func aStreamModeOfOffReadsTheBodyWhole() async throws {
        try await withTestBed { bed in
            let (request, log) = streaming(bed, "/ndjson?count=3&rate=1000") { $0.streamMode = .off; $0.responseSerializer = .raw }
            try await request.run()
            #expect(log.entries.isEmpty)
            expectEqual(request.streamState, nil)
            expectEqual(request.responseString?.split(separator: "\n").count, 3)
        }
    }

    @Test func aStreamAnsweredWithoutTheNetworkIsReplayedAsEvents() async throws {
        try await withTestBed { bed in
            let (request, log) = streaming(bed, "/sse")
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream; charset=utf-8"
            let text = "retry: 500\r\n\r\nevent: tick\r\nid: 7\r\ndata: {\"n\":7}\r\n\r\n: ping\r\ndata: a\r\ndata: b\r\n\r\n"
            let head = ResponseHead(url: bed.server.baseURL + "/sse", statusCode: 200, headers: headers, httpVersion: "HTTP/1.1")
            let done = AwaitableLog<Bool>()
            request.successCompletionHandler = { request in done.append(request.streamEvents.count == 2) }
            request.completeWithoutNetwork(content: ResponseContent(head: head, data: Data(text.utf8)))
            #expect(await done.element(1) == true, "the events are kept by the time the callbacks run")
            expectEqual(log.entries.map(\.0.name), ["tick", "message"])
            #expect(log.entries.map(\.0.text) == ["{\"n\":7}", "a\nb"])
            expectEqual(log.entries.map(\.0.id), ["7", "7"])
            #expect(request.streamState?.events == 2 && request.streamState?.reconnectionTime == 500)
        }
    }

    @Test func endStreamFinishesTheRunWithWhatCame() async throws {
        try await withTestBed { bed in
            let request = bed.request("/sse?count=0&rate=100") { $0.streamReconnect = StreamReconnect(maximumAttempts: 3, delay: 0) }
            let log = AwaitableLog<Int>()
            request.streamEventHandler = { request, event in
                log.append(event.sequence)
                if event.sequence == 3 { #expect(request.endStream()) }
            }
            try await request.run()
            #expect(request.error == nil, "ended by its reader: a success")
            expectEqual(request.responseStatusCode, 200)
            expectEqual(request.responseHeaders[.contentType], "text/event-stream")
            let state = try #require(request.streamState)
            #expect(state.events >= 3 && state.ended && state.reconnections == 0, "\(state)")
            #expect(!ConfigurableRequest("/sse").endStream(), "not streaming: nothing to end")
        }
    }
}

