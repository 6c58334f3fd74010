import Courier
import CourierDemoServer
import Foundation
import GRDB
import Testing
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierRunner
@testable import CourierWorkspace

/// A response's `expect:` checks are kept by the history — each passed or failed, with
/// expected and actual, secrets redacted — exported to HAR, replayed offline, and every try
/// of a `repeat:` step is recorded.
@Suite struct HistoryChecksTests {
    /// The one exchange of `request` that `state`'s history holds, listed without bodies.
    private func recorded(_ request: String, in state: String) throws -> HistoryExchange {
        let rows = try HistoryStore(stateDirectory: state).exchanges().filter { $0.request == request }
        #expect(rows.count == 1, "\(rows.map(\.request))")
        return try #require(rows.first)
    }

    @Test func aFailedCheckIsRecordedWithExpectedAndActual() async throws {
        let state = temporaryDirectory("courier-state")
        let run = await headlessRun(repositoryRoot + "/workspaces/demo.yaml", ["checks-fail"]) { $0.stateDirectory = state }
        #expect(run.status == 1, "\(run.output) \(run.errors)")
        let exchange = try recorded("checks-fail", in: state)
        expectEqual(exchange.errorCode, -13)
        let checks = try #require(exchange.checks)
        #expect(checks.map(\.passed) == [true, true, false, false, false], "\(checks.map(\.line))")
        let count = checks[2]
        expectEqual(count.check, "$.slideshow.slides count >= 3")
        #expect(count.expected == ">= 3" && count.actual == "2", "\(count)")
        expectEqual(count.summary, "$.slideshow.slides count: expected >= 3, got 2")
        expectEqual(count.path, "$.slideshow.slides")
        #expect(count.location.hasSuffix("/workspaces/demo.yaml:150:9"), "\(count.location)")
        expectEqual(checks[3].actual, "nothing")
        let schema = checks[4]
        #expect(schema.isSchema && schema.path == "$.slideshow.date", "\(schema)")
        #expect(schema.note?.hasSuffix("#/properties/slideshow/properties/date/type") == true, "the schema location: \(schema)")
        expectEqual(exchange.failedChecks.count, 3)
    }

    @Test func aSecretActualValueIsRedacted() async throws {
        let path = writeWorkspace("""
            config: {baseUrl: "{{demo}}"}
            variables: {word: swordfish-4711}
            requests:
              leak:
                url: "/response-headers?X-Api-Key=k3y-{{word}}&Note={{word}}&Plain=visible"
                sensitive: ["{{word}}"]
                expect:
                  - header X-Api-Key == "nope"
                  - header Note == "nope"
                  - header Plain == "nope"
                  - cookie session == "nope"
            """)
        let state = temporaryDirectory("courier-state")
        let run = await headlessRun(path, ["leak"]) { $0.stateDirectory = state }
        #expect(run.status == 1, "\(run.output) \(run.errors)")
        let checks = try #require(try recorded("leak", in: state).checks)
        expectEqual(checks.count, 4)
        // A secret header: neither its value nor the expected one.
        #expect(checks[0].actual == Redaction.placeholder && checks[0].expected == "== \(Redaction.placeholder)", "\(checks[0])")
        // A value of a sensitive variable, wherever it shows.
        #expect(checks[1].actual == "\"\(Redaction.placeholder)\"", "\(checks[1])")
        #expect(checks[2].actual == "\"visible\"", "a plain value stays: \(checks[2])")
        #expect(checks[3].actual == "nothing" && checks[3].note != nil, "no cookie: said so, \(checks[3])")
        // The database on disk is its file and its write-ahead log: a row committed but not yet
        // checkpointed is in the log (when the last connection closes is not the run's to say).
        var database = try Data(contentsOf: URL(fileURLWithPath: state + "/history.sqlite"))
        database += (try? Data(contentsOf: URL(fileURLWithPath: state + "/history.sqlite-wal"))) ?? Data()
        #expect(database.range(of: Data("swordfish".utf8)) == nil, "the secret is nowhere in the database")
        #expect(database.range(of: Data("visible".utf8)) != nil)
        // The run's own outputs hide them the same way.
        let json = try jsonLines(await headlessRun(path, ["leak"]) { $0.json = true }.output)
        let outcomes = try #require(json.first?["checks"] as? [[String: Any]], "\(json)")
        #expect(outcomes.map { $0["actual"] as? String } == [Redaction.placeholder, "\"\(Redaction.placeholder)\"", "\"visible\"", "nothing"])
    }

    @Test func harCarriesTheChecks() async throws {
        let state = temporaryDirectory("courier-state")
        _ = await headlessRun(repositoryRoot + "/workspaces/demo.yaml", ["checks-fail", "checks-pass"]) { $0.stateDirectory = state }
        let file = state + "/run.har"
        try HARExport.write(from: try HistoryStore(stateDirectory: state), query: HistoryQuery(), to: file)
        let har = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
        let entries = try #require((har?["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        let failed = try #require(entries.first { ($0["comment"] as? String)?.contains("checks-fail") == true })
        let comment = try #require(failed["comment"] as? String)
        #expect(comment.contains("✗ 3/5 checks failed"), "\(comment)")
        #expect(comment.contains("\n✗ $.slideshow.slides count: expected >= 3, got 2"), "\(comment)")
        let checks = try #require(failed["_checks"] as? [[String: Any]])
        expectEqual(checks.count, 5)
        #expect(checks[2]["expected"] as? String == ">= 3" && checks[2]["actual"] as? String == "2" && checks[2]["passed"] as? Bool == false)
        #expect((checks[4]["schemaLocation"] as? String)?.hasSuffix("/date/type") == true, "\(checks[4])")
        let passed = try #require(entries.first { ($0["comment"] as? String)?.contains("checks-pass") == true })
        #expect((passed["comment"] as? String)?.contains("✓ 5 checks passed") == true, "\(passed)")
    }

    @Test func everyTryOfARepeatedStepIsRecorded() async throws {
        let path = writeWorkspace("""
            config: {baseUrl: "{{demo}}"}
            requests:
              poll: {url: /counter/job, expect: ["$.count >= 0"]}
            chains:
              give-up:
                steps:
                  - request: poll
                    capture: {count: $.count}
                    repeat: {until: count >= 10, max: 3, delay: 0.05}
            """)
        let state = temporaryDirectory("courier-state")
        let run = await headlessRun(path, ["give-up"]) { $0.stateDirectory = state }
        #expect(run.status == 1, "\(run.output) \(run.errors)")
        let store = try HistoryStore(stateDirectory: state)
        let rows = try store.exchangesWithBodies()
        #expect(rows.map(\.request) == ["poll [try 1]", "poll [try 2]", "poll"], "\(rows.map(\.request))")
        #expect(rows.allSatisfy { $0.chain == "give-up" && $0.step == 1 })
        // Each try its own response, and its own checks.
        #expect(rows.map { $0.responseBody.flatMap { try? JSONValue(parsing: $0) }?["count"] } == [.int(1), .int(2), .int(3)])
        #expect(rows.map { $0.checks?.first?.actual } == ["1", "2", "3"])
        #expect(rows.last?.errorCode == -13, "the last try is the step's, failed")
        // The request's history lists its tries too.
        let poll = try store.exchanges(HistoryQuery(workspacePath: URL(fileURLWithPath: path).standardizedFileURL.path, request: "poll"))
        expectEqual(poll.count, 3)
        #expect(try store.exchanges(HistoryQuery(request: "pol")).isEmpty)
    }

    @Test func offlineReplayChecksTheRecordedResponseAgain() async throws {
        let state = temporaryDirectory("courier-state")
        let server = try await DemoServer.start()
        // Both runs see the one server's URL: the offline one finds the exchange by it.
        func run(offline: Bool) async -> RunCapture {
            var run = HeadlessRun(workspacePath: repositoryRoot + "/workspaces/demo.yaml", names: ["checks-fail"])
            run.cacheDirectory = temporaryDirectory("courier-cache")
            run.stateDirectory = state
            run.json = true
            run.offline = offline
            run.offlineDemoURL = server.baseURL
            var output: [String] = []
            let status = await run.run(startDemoServer: { DemoServerHandle(baseURL: server.baseURL, stop: {}) },
                                       output: { output.append($0) }, errors: { _ in })
            return RunCapture(status: status, output: output, errors: [])
        }
        _ = await run(offline: false)
        let replay = await run(offline: true)
        await server.stop()
        let line = try #require(try jsonLines(replay.output).first { $0["name"] as? String == "checks-fail" }, "\(replay.output)")
        let checks = try #require(line["checks"] as? [[String: Any]], "\(line)")
        #expect(checks.map { $0["passed"] as? Bool } == [true, true, false, false, false])
        #expect(line["fromHistory"] as? Int != nil, "answered from the history: \(line)")
    }
}
