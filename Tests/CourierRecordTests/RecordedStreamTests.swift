import Courier
import CourierDemoServer
import CourierRecord
import Foundation
import Testing

/// A stream through the proxy reaches the client as it comes: server-sent events from an
/// endless stream are read one by one, and when the client leaves, the proxy stops the
/// upstream request and records what passed.
@Suite struct RecordedStreamTests {
    @Test(.timeLimit(.minutes(1))) func anEndlessEventStreamPassesThroughAsItComes() async throws {
        let demo = try await DemoServer.start()
        defer { Task { await demo.stop() } }
        let (exchanges, sink) = AsyncStream.makeStream(of: RecordedExchange.self)
        let proxy = try await RecordingProxy.start(port: 0, authority: nil) { sink.yield($0) }
        defer { Task { await proxy.stop() } }
        // Python's requests reads three events of a stream that never ends, then leaves: if
        // the proxy waited for the body's end, the first read would never return.
        let script = """
            import requests, sys
            with requests.get(sys.argv[2] + "/sse?count=0&rate=50", proxies={"http": sys.argv[1]}, stream=True, timeout=30) as response:
                ids = []
                for line in response.iter_lines():
                    if line.startswith(b"id: "):
                        ids.append(line.decode()[4:])
                    if len(ids) == 3:
                        break
                print(response.status_code, response.headers.get("Content-Type"), " ".join(ids))
            """
        let python = try await ChildProcess.finish([HTTPBinServer.python.path, "-c", script, "http://127.0.0.1:\(proxy.port)", demo.baseURL])
        expectEqual(python.output, "200 text/event-stream 1 2 3\n")
        // The client left: the upstream request was stopped, and what passed is recorded.
        var iterator = exchanges.makeAsyncIterator()
        let recorded = try #require(await iterator.next())
        expectEqual(recorded.status, 200)
        expectEqual(recorded.url, demo.baseURL + "/sse?count=0&rate=50")
        #expect(String(decoding: recorded.responseBody, as: UTF8.self).contains("id: 3\n"))
        // Written as a stream request.
        let yaml = RecordingFiles(workspace: nil, har: nil, origin: "test").workspace(of: [recorded]).workspace.yaml()
        #expect(yaml.contains("    stream: events\n"), "\(yaml)")
    }
}
