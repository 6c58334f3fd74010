import Courier
import Foundation
import Testing

/// Streams from servers nobody here wrote: sse-starlette on uvicorn (CRLF framing, `retry:`,
/// multi-line data, resuming after `Last-Event-ID`) and httpbin's `/stream/N` (JSON Lines
/// served as `application/json`). Each test skips with the reason when its server is not in
/// the test venv (scripts/test-servers-bootstrap.sh installs them).
@Suite struct StreamInteropTests {
    // Symlinks resolved: the TSan package reaches this file through TSan/CourierTests.
    private static let script = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/servers/sse_starlette_server.py").path

    private func sseStarlette() async throws -> HTTPBinServer {
        guard let server = await HTTPBinServer.startPython("sse-starlette", { [Self.script, "\($0)"] }) else {
            try Test.cancel("sse-starlette unavailable (scripts/test-servers-bootstrap.sh installs it into .build/test-venv)")
        }
        return server
    }

    private func request(_ url: String, _ configure: (inout ConfigurableRequest.Definition) -> Void = { _ in })
        -> (ConfigurableRequest, AwaitableLog<StreamEvent>) {
        let request = ConfigurableRequest(url)
        request.agent = NetworkAgent(config: NetworkConfig())   // the shared one is ReadmeExampleTests'
        configure(&request.definition)
        let log = AwaitableLog<StreamEvent>()
        request.streamEventHandler = { _, event in log.append(event) }
        return (request, log)
    }

    @Test func sseStarlettesEventsAreParsedAsTheyCome() async throws {
        let server = try await sseStarlette()
        defer { server.stop() }
        let (request, log) = request(server.baseURL + "/numbers?count=5")
        try await request.run()
        let events = log.entries
        expectEqual(events.map(\.name), ["number", "number", "number", "note", "number", "number"])
        #expect(events.filter { $0.name == "number" }.map { $0.json?["n"]?.intValue } == [1, 2, 3, 4, 5])
        #expect(events[3].text == "first line\nsecond line", "multi-line data over CRLF")
        #expect(events[3].id == "3", "an event without an id keeps the last one")
        #expect(request.responseString?.contains("\r\n") == true, "sse-starlette frames with CRLF")
        expectEqual(request.streamState?.reconnectionTime, 100)
    }

    @Test func sseStarletteIsResumedAfterLastEventID() async throws {
        let server = try await sseStarlette()
        defer { server.stop() }
        let (request, log) = request(server.baseURL + "/numbers?count=6&drop=2") {
            $0.streamReconnect = StreamReconnect(maximumAttempts: 2)
        }
        try await request.run()
        #expect(log.entries.filter { $0.name == "number" }.compactMap(\.id) == ["1", "2", "3", "4", "5", "6"])
        expectEqual(request.streamState?.reconnections, 2)
    }

    @Test func httpbinsJSONLinesStreamLineByLine() async throws {
        let server = try await HTTPBinServer.required()
        defer { server.stop() }
        // httpbin says application/json: the body is read as lines when asked.
        let (lines, log) = request(server.baseURL + "/stream/5") { $0.streamMode = .lines }
        try await lines.run()
        #expect(log.entries.map { $0.json?["id"]?.intValue } == [0, 1, 2, 3, 4])
        expectEqual(lines.error, nil)
        // Read whole as one JSON document it fails, saying what it is and what to do.
        let whole = ConfigurableRequest(server.baseURL + "/stream/5")
        whole.agent = lines.agent
        await #expect(throws: RequestError.self) { try await whole.run() }
        expectEqual(whole.error?.code, .cannotParseResponse)
        #expect(whole.error?.message.contains("5 JSON documents, one per line") == true, "\(whole.error?.message ?? "")")
    }

    /// Against a server in a process of its own: in a full test run the in-process demo
    /// server's pacing can stall for seconds, which would look like silence.
    @Test func theIdleTimeoutAppliesBetweenEventsNotToTheWholeStream() async throws {
        let server = try await sseStarlette()
        defer { server.stop() }
        // Twelve events 0.25 s apart take longer than the 1 s timeout, and succeed.
        let (steady, steadyLog) = request(server.baseURL + "/numbers?count=12&interval=0.25") { $0.timeoutInterval = 1 }
        try await steady.run()
        #expect(steadyLog.entries.filter { $0.name == "number" }.count == 12)
        // Events 3 s apart do not.
        let (slow, slowLog) = request(server.baseURL + "/numbers?count=3&interval=3") { $0.timeoutInterval = 1 }
        await #expect(throws: RequestError.self) { try await slow.run() }
        expectEqual(slow.error?.code, .timedOut)
        #expect(slowLog.entries.map(\.id) == ["1"], "the first event came before the silence")
        #expect(slow.streamEvents.map(\.id) == ["1"], "what came is kept")
    }
}

