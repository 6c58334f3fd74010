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

@Suite("Demo workspace content")
struct DemoContentTests {
    let demo = repositoryRoot + "/workspaces/demo.yaml"

    @Test("the failures batch fails each request with its error family and code")
    func failures() async throws {
        let run = await headlessRun(demo, ["failures"]) { $0.json = true }
        expectEqual(run.status, 1)
        var outcomes: [String: String] = [:]
        for object in try jsonLines(run.output).dropLast() {
            let name = try #require(object["name"] as? String)
            let error = object["error"] as? [String: Any]
            outcomes[name] = "\(error?["family"] as? String ?? "none") \(error?["code"] as? Int ?? 0)"
        }
        #expect(outcomes == [
            "refused": "transport -1004",
            "timeout": "transport -1001",
            "tls-failure": "transport -1200",
            "not-json": "serialization -1016",
            "bad-json": "serialization -1017",
            "server-error": "validation -8",
            "json-invalid": "validation -9",
            "missing-var": "parameter -10",
        ])
    }

    @Test("the viewers batch succeeds: CJK text, a 3 MB catalogue, a long URL, many headers")
    func viewers() async throws {
        let run = await headlessRun(demo, ["viewers"]) { $0.json = true }
        expectEqual(run.status, 0)
        let objects = try jsonLines(run.output).dropLast()
        #expect(Set(objects.compactMap { $0["name"] as? String }) == ["cjk", "big-json", "long-url", "many-headers"])
        #expect(objects.allSatisfy { $0["ok"] as? Bool == true })
        let bigJSON = try #require(objects.first { $0["name"] as? String == "big-json" })
        let bytes = try #require(bigJSON["bytes"] as? Int)
        #expect(abs(bytes - 3_000_000) < 300_000)
        let longURL = try #require(objects.first { $0["name"] as? String == "long-url" }?["url"] as? String)
        #expect(longURL.count > 300)
    }

    @Test("the load batch sends a few hundred requests mixing delays, drips and byte bodies at three priorities")
    func loadShape() throws {
        let workspace = try Workspace.load(path: demo)
        let names = workspace.requestNames(inBatch: "load")
        expectEqual(names.count, 292)
        expectEqual(workspace.batches["load"]?.continueOnFailure, true)
        let requests = try names.map { try #require(workspace.requests[$0]) }
        for endpoint in ["/delay/", "/drip", "/bytes/"] {
            #expect(requests.contains { $0.url.hasPrefix(endpoint) }, "no \(endpoint)")
        }
        #expect(Set(requests.map { $0.priority ?? .default }) == [.low, .default, .high])
        #expect(requests.filter { !$0.url.hasPrefix("/delay/") }.allSatisfy { $0.response == .raw }, "binary bodies are not JSON")
        #expect(requests.allSatisfy { $0.cache == nil && $0.download == nil })
    }

    @Test("one of each load request succeeds together, the drips taking their time")
    func loadSample() async throws {
        let text = try String(contentsOfFile: demo, encoding: .utf8)
        let members = try Workspace.load(path: demo).requestNames(inBatch: "load")
            .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        try #require(members.count == 8)
        // The demo's ten-second timeout is about a person waiting; on a loaded CI host a drip's
        // server can stall longer than that (seen once: "No data for 10 s"), and what is tested
        // here is that the eight run together and finish, not how fast.
        try #require(text.contains("\n  timeout: 10\n"))
        let patient = text.replacingOccurrences(of: "\n  timeout: 10\n", with: "\n  timeout: 120\n")
        let path = writeWorkspace(patient.replacingOccurrences(
            of: "\nbatches:\n", with: "\nbatches:\n  load-sample: {requests: [\(members.joined(separator: ", "))]}\n"))
        // The demo's `expect: {schema: FILE}` files are read when the workspace loads.
        try FileManager.default.copyItem(atPath: repositoryRoot + "/workspaces/schemas",
                                         toPath: (path as NSString).deletingLastPathComponent + "/schemas")
        let run = await headlessRun(path, ["load-sample"]) { $0.json = true }
        #expect(run.status == 0, "\(run.output)")
        let results = try jsonLines(run.output).dropLast()
        #expect(results.compactMap { $0["name"] as? String }.sorted() == members.sorted())
        #expect(results.allSatisfy { $0["ok"] as? Bool == true })
        let slowDrip = try #require(results.first { $0["name"] as? String == "load-slow-drip" })
        expectEqual(slowDrip["bytes"] as? Int, 262_144)
        #expect(try #require(slowDrip["durationMs"] as? Double) >= 2_900)
        #expect(results.first { $0["name"] as? String == "load-large" }?["bytes"] as? Int == 4_194_304)
    }

    @Test("the downloads are large, paced, each to a file of its own, under 600 MB in all")
    func downloadsShape() throws {
        let workspace = try Workspace.load(path: demo)
        let requests = try workspace.requestNames(inBatch: "downloads").map { try #require(workspace.requests[$0]) }
        expectEqual(requests.count, 3)
        let sizes = requests.compactMap { Int($0.url.split(separator: "/").last ?? "") }
        #expect(sizes == [64, 128, 256].map { $0 * 1_048_576 })
        #expect(sizes.reduce(0, +) < 600_000_000)
        let paths = requests.compactMap(\.download?.path)
        #expect(Set(paths).count == 3 && paths.allSatisfy { $0.hasPrefix("{{downloads}}") && $0.hasSuffix(".bin") })
        #expect(requests.allSatisfy { $0.args?["rate"] != nil }, "paced, so that progress can be watched")
        #expect(!workspace.requestNames(inBatch: "everything").contains { $0.hasPrefix("download-") || $0.hasPrefix("load-") })
    }

    @Test("cache-states leaves a fresh, an expiring, a version-mismatched and a per-language entry")
    func cacheStates() async throws {
        let workspace = try Workspace.load(path: demo)
        let server = try await DemoServer.start()
        var options = RunOptions()
        options.demoURL = server.baseURL
        options.cacheDirectory = temporaryDirectory("courier-cache")
        let summary = try? await WorkspaceRunner(workspace: workspace, options: options).run(["cache-states"]) { _ in }
        await server.stop()
        expectEqual(summary?.ok, 4)
        let cache = WorkspaceCache(workspace: workspace, directory: options.cacheDirectory)
        // Judged at times counted from the writes, so that a slow machine cannot age them.
        let written = try #require(cache.list().first { $0.request == "flash-sale" }?.created)
        let soon = cache.list(now: written.addingTimeInterval(1))
        let freshness = Dictionary(uniqueKeysWithValues: soon.compactMap { entry in entry.request.map { ($0, entry.freshness) } })
        expectEqual(freshness, ["cities": "fresh", "flash-sale": "fresh", "catalog": "versionMismatch", "offers": "fresh"])
        let later = cache.list(now: written.addingTimeInterval(3))
        #expect(later.first { $0.request == "flash-sale" }?.freshness == "expired")
        #expect(later.first { $0.request == "cities" }?.freshness == "fresh")

        let offers = try WorkspaceRunner(workspace: workspace, options: options).makeRequest("offers")
        #expect(ResponseCache.explain(offers).isHit)
        options.environment = "french"
        let french = try WorkspaceRunner(workspace: workspace, options: options)
        expectEqual(ResponseCache.explain(french.makeRequest("offers")).error?.code, .sensitiveDataMismatch)
        expectEqual(ResponseCache.explain(french.makeRequest("catalog")).error?.code, .versionMismatch)
    }
}
