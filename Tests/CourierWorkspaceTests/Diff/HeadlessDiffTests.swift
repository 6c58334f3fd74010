import Courier
import CourierDemoServer
import Foundation
import Testing
@testable import CourierRunner
@testable import CourierWorkspace

/// `courier diff` between two demo servers that differ in one field (a counter one of them
/// was called before) and one status (a counter that fails its first call on one of them).
@Suite struct HeadlessDiffTests {
    /// Two demo servers, the second one ahead: `/counter/stock` and `/counter/stock2` counted
    /// once, `/counter/health` past its failure. The first fails `health` (503), the second does not.
    static func servers() async throws -> (staging: DemoServer, production: DemoServer) {
        let staging = try await DemoServer.start(), production = try await DemoServer.start()
        for path in ["/counter/stock", "/counter/stock2", "/counter/health?fail=1"] {
            _ = try? await ConfigurableRequest(production.baseURL + path, method: .post).run()  // health answers 503 once
        }
        return (staging, production)
    }

    static func workspace(staging: String, production: String) throws -> String {
        let directory = temporaryDirectory("courier-diff")
        let path = directory + "/shop.yaml"
        try """
        name: shop
        config:
          diff:
            ignore: ["header:Date"]
        environments:
          staging: {base: "\(staging)"}
          production: {base: "\(production)"}
        requests:
          stock:
            url: "{{base}}/counter/stock"
          health:
            url: "{{base}}/counter/health?fail=1"
          same:
            url: "{{base}}/counter/same/peek"
          stock-ignored:
            url: "{{base}}/counter/stock"
            diff: {ignore: [$.count]}
          stock-tolerant:
            url: "{{base}}/counter/stock2"
            diff: {tolerance: {$.count: 1}}
          events:
            url: "{{base}}/sse"
            stream: events
        batches:
          quiet: {requests: [same, stock-ignored, stock-tolerant]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func run(_ diff: HeadlessDiff) async throws -> HeadlessDiff.Outcome {
        var configured = diff
        configured.cacheDirectory = temporaryDirectory("courier-diff-cache")
        configured.stateDirectory = temporaryDirectory("courier-diff-state")
        return try await configured.run(startDemoServer: { throw CocoaError(.featureUnsupported) }).get()
    }

    @Test func aFieldAndAStatusDifferTheRestIsTheSame() async throws {
        let (staging, production) = try await Self.servers()
        defer { Task { await staging.stop(); await production.stop() } }
        let path = try Self.workspace(staging: staging.baseURL, production: production.baseURL)
        let outcome = try await Self.run(HeadlessDiff(workspacePath: path, names: [], environments: ["staging", "production"]))
        // The stream is left out: it has no one response to compare.
        expectEqual(outcome.verdicts.map(\.request), ["stock", "health", "same", "stock-ignored", "stock-tolerant"])
        let byName = Dictionary(uniqueKeysWithValues: outcome.verdicts.map { ($0.request, $0.comparison) })
        expectEqual(byName["stock"]?.differences.map(\.text), ["$.count: 1 → 2"])
        expectEqual(byName["health"]?.differences.map(\.text), ["status: 503 → 200", "$.count: 1 → 2", "$.failed: removed true"])
        #expect(byName["same"]?.isSame == true && byName["same"]?.ignored == 0)
        // Left out by ignore: and within tolerance:, and counted.
        #expect(byName["stock-ignored"]?.isSame == true && byName["stock-ignored"]?.ignored == 1)
        #expect(byName["stock-tolerant"]?.isSame == true && byName["stock-tolerant"]?.ignored == 1)
        expectEqual(outcome.differing, 2)
        expectEqual(outcome.before, "staging")
        expectEqual(outcome.after, "production")
    }

    @Test func aSavedRunIsComparedWithAnEnvironment() async throws {
        let (staging, production) = try await Self.servers()
        defer { Task { await staging.stop(); await production.stop() } }
        let path = try Self.workspace(staging: staging.baseURL, production: production.baseURL)
        let saved = temporaryDirectory("courier-diff-saved") + "/staging.json"
        var save = HeadlessDiff(workspacePath: path, names: ["quiet"], environments: ["staging"])
        save.saveFile = saved
        let first = try await Self.run(save)
        #expect(first.verdicts.isEmpty && first.saved?.responses == 3 && first.saved?.file == saved)
        let file = try String(contentsOfFile: saved, encoding: .utf8)
        #expect(file.contains("\"format\" : \"courier-diff-1\"") && file.contains("\"environment\" : \"staging\""), "\(file)")
        // Staging, saved, against production: the batch's requests compare as the same
        // (ignored and tolerated); the save is redacted JSON of each response.
        var against = HeadlessDiff(workspacePath: path, names: ["quiet", "stock"], environments: ["production"])
        against.againstFile = saved
        let outcome = try await Self.run(against)
        #expect(outcome.before.hasPrefix("saved run of staging ("), "\(outcome.before)")
        let byName = Dictionary(uniqueKeysWithValues: outcome.verdicts.map { ($0.request, $0.comparison) })
        #expect(byName["stock-ignored"]?.isSame == true)
        expectEqual(byName["stock"]?.differences.map(\.text), ["status: not in the saved run → 200"])
    }

    @Test func badInputSaysWhat() async throws {
        let path = try Self.workspace(staging: "http://127.0.0.1:9", production: "http://127.0.0.1:9")
        func failure(_ diff: HeadlessDiff) async -> String? {
            if case .failure(let error) = await diff.run(startDemoServer: { throw CocoaError(.featureUnsupported) }) { return error.description }
            return nil
        }
        expectEqual(await failure(HeadlessDiff(workspacePath: path, names: [], environments: ["staging"])),
                    "name two environments to compare (--env a --env b), one with --against FILE, or one with --save FILE")
        #expect(await failure(HeadlessDiff(workspacePath: path, names: [], environments: ["staging", "prod"]))?
            .hasPrefix("no environment named prod") == true)
        #expect(await failure(HeadlessDiff(workspacePath: path, names: ["stok"], environments: ["staging", "production"]))?
            .hasPrefix("no request, batch or chain named stok") == true)
        var against = HeadlessDiff(workspacePath: path, names: [], environments: ["staging"])
        against.againstFile = path
        #expect(await failure(against)?.contains("is not a run saved by courier diff --save") == true)
    }
}
