@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
@testable import CourierWorkspace
import Foundation
import FoundationXML
import Testing
#if canImport(FoundationXML)
#endif

/// `{request: NAME, times: N}` in a batch: parsed, checked, expanded, run, renamed and
/// guarded against deletion.
@Suite("Batches repeating a request")
struct BatchRepetitionTests {
    static let workspace = """
        config: {baseUrl: "{{demo}}"}
        requests:
          ping:
            url: /get
          pong:
            url: /status/201
        batches:
          load:
            requests:
              - {request: ping, times: 3}
              - pong
              - request: pong
                times: 2
          twice: [load, {request: ping, times: 1}]
        """

    @Test("the item is read with its count, and expanded as often as it says, nested batches too")
    func expansion() throws {
        let workspace = try parseWorkspace(Self.workspace)
        let items = try #require(workspace.batches["load"]?.items)
        expectEqual(items.map(\.name), ["ping", "pong", "pong"])
        expectEqual(items.map(\.times), [3, nil, 2])
        expectEqual(items[0].location, SourceLocation(file: "test.yaml", line: 10, column: 19))
        expectEqual(workspace.requestNames(inBatch: "load"), ["ping", "ping", "ping", "pong", "pong", "pong"])
        expectEqual(workspace.requestNames(inBatch: "twice"), ["ping", "ping", "ping", "pong", "pong", "pong", "ping"])
    }

    @Test("bad items are reported at their place", arguments: [
        ("{request: ping, times: 0}",
         "test.yaml:4:41: error: batches.b.requests[0].times: expected a number of times from 1 to 10000, found 0"),
        ("{request: ping, times: 10001}",
         "test.yaml:4:41: error: batches.b.requests[0].times: expected a number of times from 1 to 10000, found 10001"),
        ("{request: ping, times: many}",
         "test.yaml:4:41: error: batches.b.requests[0].times: expected a number of times from 1 to 10000, found the string \"many\""),
        ("{request: ping, times: 2.5}",
         "test.yaml:4:41: error: batches.b.requests[0].times: expected a number of times from 1 to 10000, found the number 2.5"),
        ("{request: ping, time: 2}",
         "test.yaml:4:34: error: batches.b.requests[0]: unknown key \"time\"; did you mean \"times\"? (expected one of: request, times, each)"),
        ("{request: ping}",
         "test.yaml:4:18: error: batches.b.requests[0]: missing key \"times\" (how many times to send ping: {request: NAME, times: N})"),
        ("{times: 2}",
         "test.yaml:4:18: error: batches.b.requests[0]: missing key \"request\" (the request to send: {request: NAME, times: N})"),
        ("{request: pign, times: 2}",
         "test.yaml:4:28: error: unknown request \"pign\"; did you mean \"ping\"? (expected one of: ping)"),
        ("{request: other, times: 2}",
         "test.yaml:4:28: error: \"other\" is a batch; times repeats a request (name the batch on its own to include its requests once)"),
    ])
    func errors(item: String, message: String) {
        let yaml = """
            requests:
              ping: {url: /get}
            batches:
              b: {requests: [\(item)]}
              other: [ping]
            """
        expectEqual(parseError(yaml)?.description, message)
    }

    @Test("a headless run sends every repetition and reports each one")
    func headless() async throws {
        let path = writeWorkspace(Self.workspace)
        let run = await headlessRun(path, ["load"]) { $0.json = true }
        expectEqual(run.status, 0)
        let objects = try jsonLines(run.output)
        let results = objects.dropLast()
        #expect(results.compactMap { $0["name"] as? String } == ["ping", "ping", "ping", "pong", "pong", "pong"])
        #expect(results.allSatisfy { $0["ok"] as? Bool == true && $0["batch"] as? String == "load" })
        #expect(results.compactMap { $0["status"] as? Int } == [200, 200, 200, 201, 201, 201])
        expectEqual((objects.last?["summary"] as? [String: Any])?["total"] as? Int, 6)
    }

    @Test("JUnit numbers the repetitions of a request so that every test case keeps its own name")
    func junit() async throws {
        let file = temporaryDirectory() + "/report.xml"
        let run = await headlessRun(writeWorkspace(Self.workspace), ["load"]) { $0.junitPath = file }
        expectEqual(run.status, 0)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: file))
        let names = try document.nodes(forXPath: "//testcase/@name").compactMap(\.stringValue)
        expectEqual(names, ["ping #1", "ping #2", "ping #3", "pong #1", "pong #2", "pong #3"])
    }

    @Test("renaming a request renames it in repeated items too, in flow and block style")
    func rename() throws {
        let result = try saveDraft(Self.workspace, "pong") { $0.name = "status" }
        #expect(result.text == Self.workspace
            .replacingOccurrences(of: "  pong:", with: "  status:")
            .replacingOccurrences(of: "- pong\n", with: "- status\n")
            .replacingOccurrences(of: "request: pong", with: "request: status"))
        let renamed = try saveDraft(Self.workspace, "ping") { $0.name = "get" }
        #expect(try parseWorkspace(renamed.text).requestNames(inBatch: "twice")
            == ["get", "get", "get", "pong", "pong", "pong", "get"])
    }

    @Test("a request a batch repeats cannot be deleted")
    func deleteRefused() throws {
        let error = try #require(saveError(Self.workspace, [.delete(name: "ping")]))
        expectEqual(error.message, "cannot delete request \"ping\": batch \"load\" and batch \"twice\" refer to it")
    }
}
