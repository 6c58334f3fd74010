import Courier
@testable import CourierChecks
@testable import CourierDemoServer
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
@testable import CourierWorkspace
import Foundation
import Testing

/// A response that cannot be cached is said, and the run goes on.
@Suite struct CacheWriteWarningTests {
    @Test func aCacheDirectoryThatIsAFileIsSaidOnStandardError() async throws {
        let path = writeWorkspace("""
        config: {baseUrl: "{{demo}}"}
        requests:
          cities: {url: /anything/cities, cache: 600}
        """)
        let blocker = temporaryDirectory("courier-blocked") + "/cache"
        try "not a directory".write(toFile: blocker, atomically: true, encoding: .utf8)
        let run = await headlessRun(path, ["cities"]) { $0.cacheDirectory = blocker }
        #expect(run.status == 0, "the request itself succeeded")
        let warning = run.errors.first { $0.contains("was not cached") }
        #expect(warning?.hasPrefix("courier run: warning: the response of GET") == true, "\(run.errors)")
        expectEqual(warning?.contains("is not a directory"), true)
    }
}

/// A workspace's deadline and body limit reach the engine.
@Suite struct WorkspaceLimitsTests {
    @Test func aDeadlineAndABodyLimitFromTheWorkspaceApply() async throws {
        let path = writeWorkspace("""
        config: {baseUrl: "{{demo}}", maxBodyBytes: 2048}
        requests:
          steady: {url: "/drip?bytes=100&duration=5", response: raw, deadline: 0.4}
          big: {url: /bytes/4096, response: raw}
          allowed: {url: /bytes/4096, response: raw, maxBodyBytes: 8192}
        """)
        let run = await headlessRun(path, ["steady", "big", "allowed"]) { $0.json = true }
        let objects = try jsonLines(run.output).dropLast()
        let codes = objects.map { ($0["error"] as? [String: Any])?["code"] as? Int }
        #expect(codes == [-1001, -1103, nil], "\(run.output)")
        expectEqual(((objects.first?["error"] as? [String: Any])?["message"] as? String)?.contains("deadline"), true)
    }

    @Test func aBodyOverSpoolBodiesOverIsCheckedFromItsFileAndABodyCheckSaysWhyNot() async throws {
        let state = temporaryDirectory("courier-state")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let path = writeWorkspace("""
        config: {baseUrl: "{{demo}}", spoolBodiesOver: 1048576}
        requests:
          export:
            url: /big-json?bytes=1500000
            expect:
              - bytes > 1048576
              - $.count > 0
              - $.items[1].id exists
              - body contains items
        """)
        let run = await headlessRun(path, ["export"]) {
            $0.json = true
            $0.stateDirectory = state
        }
        let line = try #require(try jsonLines(run.output).first { $0["name"] as? String == "export" }, "\(run.output)")
        let checks = try #require(line["checks"] as? [[String: Any]], "\(line)")
        #expect(checks.map { $0["passed"] as? Bool } == [true, true, true, false], "\(checks)")
        let summary = checks.last?["summary"] as? String ?? ""
        #expect(summary.contains("was spooled to a file as it arrived"), "\(summary)")
        #expect(FileManager.default.fileExists(atPath: state + "/spool"), "the body was spooled beside the run's state")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: state + "/spool")) ?? ["?"]
        #expect(left.isEmpty, "and its file went with the run: \(left)")
        // The history has its size and SHA-256, read from the file, as the server made it.
        let recorded = try #require(try HistoryStore(stateDirectory: state).exchangesWithBodies().first { $0.request == "export" })
        let served = BigJSONDocument(approximateBytes: 1_500_000)
        let text = served.prefix + (1...served.count).map(BigJSONDocument.item).joined(separator: ",") + BigJSONDocument.suffix
        let bytes = Data(text.utf8)
        #expect(recorded.responseBodyBytes == served.length)
        #expect(recorded.responseBodySHA256 == SHA256Hex.of(bytes))
        #expect(recorded.responseBody == nil, "a body that large is not kept whole")
    }
}
