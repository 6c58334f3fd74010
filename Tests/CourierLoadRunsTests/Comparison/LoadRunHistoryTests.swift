import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
import Foundation
import GRDB
import Testing

/// Load runs in the history database (one row per run), and `--compare last|ID|FILE`.
@Suite struct LoadRunHistoryTests {
    private typealias Fixtures = LoadComparisonFixtures
    private let workspacePath = "/w/demo.yaml"

    private func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func aRunIsSavedListedLoadedAndFoundAsTheLast() throws {
        let store = try HistoryStore(stateDirectory: temporaryDirectory("courier-state"))
        let first = Fixtures.baseline()
        var second = Fixtures.current()
        second.stopped = true
        let firstID = try store.saveLoadRun(first, workspacePath: workspacePath)
        let otherTarget = try store.saveLoadRun(Fixtures.baseline(target: "orders"), workspacePath: workspacePath)
        let otherWorkspace = try store.saveLoadRun(first, workspacePath: "/elsewhere/demo.yaml")
        let secondID = try store.saveLoadRun(second, workspacePath: workspacePath)

        // Listed newest first, with the headline figures as columns.
        let listed = try store.loadRuns(workspacePath: workspacePath, target: "get-json")
        expectEqual(listed.map(\.id), [secondID, firstID])
        #expect(listed[0].throughput == 880 && listed[0].p50 == 2.1 && listed[0].p99 == 13.75)
        #expect(listed[0].errorRate == 0.0025 && listed[0].requests == 26_400 && listed[0].seconds == 30 && listed[0].stopped)
        #expect(listed[0].workspace == "demo.yaml" && listed[0].kind == "batch" && listed[0].plan == second.plan)
        expectEqual(listed[1].startedAt, first.startedAt)
        expectEqual(try store.loadRuns().map(\.id), [secondID, otherWorkspace, otherTarget, firstID])
        expectEqual(try store.loadRuns(workspacePath: workspacePath).count, 3)
        expectEqual(try store.loadRuns(limit: 1).map(\.id), [secondID])

        // Loaded whole, with its id.
        var expected = second
        expected.id = secondID
        expectEqual(try store.loadRun(id: secondID), expected)
        expectEqual(try store.loadRun(id: 999), nil)

        // The last run of the target, or the one before a given run.
        expectEqual(try store.lastLoadRun(workspacePath: workspacePath, target: "get-json")?.id, secondID)
        expectEqual(try store.lastLoadRun(workspacePath: workspacePath, target: "get-json", before: secondID)?.id, firstID)
        expectEqual(try store.lastLoadRun(workspacePath: workspacePath, target: "get-json", before: firstID), nil)
        expectEqual(try store.lastLoadRun(workspacePath: "/nowhere.yaml", target: "get-json"), nil)

        // The history file stays the owner's alone.
        expectEqual(try mode(store.path), 0o600)
        // Aggregate only: one row per run, none in the exchanges.
        expectEqual(try store.count(), 0)
        let rows = try DatabaseQueue(path: store.path).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM load_runs") }
        expectEqual(rows, 4)
    }

    @Test func aFindMaxRunIsListedByItsSLONotByTheRateItBeganAt() throws {
        let store = try HistoryStore(stateDirectory: temporaryDirectory("courier-state"))
        var search = Fixtures.current()
        search.knee = LoadKnee(slo: "p99<50ms,errors<1%", rate: 800, steps: [], complete: true)
        let plain = try store.saveLoadRun(Fixtures.baseline(), workspacePath: workspacePath)
        let found = try store.saveLoadRun(search, workspacePath: workspacePath)

        let listed = try store.loadRuns(workspacePath: workspacePath)
        expectEqual(listed.map(\.id), [found, plain])
        expectEqual(listed.map(\.slo), ["p99<50ms,errors<1%", nil])
        let headline = LoadReport.headline(listed[0], timeZone: TimeZone(identifier: "UTC")!)
        #expect(headline.contains("find-max p99<50ms,errors<1%"), "\(headline)")
        #expect(!LoadReport.headline(listed[1]).contains("find-max"))
    }

    @Test func pruningKeepsTheNewestRunsOfEachTargetAndDropsOldOnes() throws {
        let store = try HistoryStore(stateDirectory: temporaryDirectory("courier-state"))
        let start = Fixtures.baseline().startedAt
        func run(_ target: String, hoursLater hours: Double) -> LoadResult {
            var result = Fixtures.baseline(target: target)
            result.startedAt = start.addingTimeInterval(hours * 3_600)
            return result
        }
        var saved: [String: [Int64]] = [:]
        for hours in 0..<4 {
            saved["get-json", default: []].append(try store.saveLoadRun(run("get-json", hoursLater: Double(hours)), workspacePath: workspacePath))
            saved["orders", default: []].append(try store.saveLoadRun(run("orders", hoursLater: Double(hours)), workspacePath: workspacePath))
        }
        let elsewhere = try store.saveLoadRun(run("get-json", hoursLater: 0), workspacePath: "/elsewhere/demo.yaml")

        // The newest two of each target in this workspace; the other workspace's run is left alone.
        expectEqual(try store.pruneLoadRuns(HistoryRetention(count: 2), workspacePath: workspacePath), 4)
        expectEqual(try store.loadRuns(workspacePath: workspacePath, target: "get-json").map(\.id), saved["get-json"]!.suffix(2).reversed())
        expectEqual(try store.loadRuns(workspacePath: workspacePath, target: "orders").map(\.id), saved["orders"]!.suffix(2).reversed())
        expectEqual(try store.loadRuns(workspacePath: "/elsewhere/demo.yaml").map(\.id), [elsewhere])

        // By age, in every workspace: runs started more than a day before `now`.
        let now = start.addingTimeInterval(86_400 + 2.5 * 3_600)
        expectEqual(try store.pruneLoadRuns(HistoryRetention(days: 1), now: now), 3)
        expectEqual(try store.loadRuns().map(\.id), [saved["orders"]![3], saved["get-json"]![3]])

        // Saving with a retention prunes the target's runs in the same write, keeping the new one.
        let newest = try store.saveLoadRun(run("orders", hoursLater: 5), workspacePath: workspacePath, retention: HistoryRetention(count: 1))
        expectEqual(try store.loadRuns(workspacePath: workspacePath, target: "orders").map(\.id), [newest])
        expectEqual(try store.loadRuns(workspacePath: workspacePath, target: "get-json").map(\.id), [saved["get-json"]![3]])
        // Exchanges' pruning leaves load runs alone.
        expectEqual(try store.prune(HistoryRetention(count: 1, days: 1), now: now.addingTimeInterval(86_400 * 30)), 0)
        expectEqual(try store.loadRuns().count, 2)
    }

    @Test func compareFindsTheLastRunAnIdOrAFile() throws {
        let state = temporaryDirectory("courier-state")
        let store = try HistoryStore(stateDirectory: state)
        var current = Fixtures.current()
        #expect(throws: LoadBaselineError("no earlier load run of get-json in demo.yaml")) {
            try LoadBaseline("last").resolve(for: current, workspacePath: workspacePath, history: store)
        }
        let firstID = try store.saveLoadRun(Fixtures.baseline(), workspacePath: workspacePath)
        current.id = try store.saveLoadRun(current, workspacePath: workspacePath)

        // `last` skips the run itself once it is saved.
        expectEqual(try LoadBaseline("last").resolve(for: current, workspacePath: workspacePath, history: store).id, firstID)
        expectEqual(LoadBaseline(String(firstID)), .history(id: firstID))
        expectEqual(try LoadBaseline(String(firstID)).resolve(for: current, workspacePath: workspacePath, history: store).throughput, 1_000)
        #expect(throws: LoadBaselineError("no load run 12 in the history")) {
            try LoadBaseline("12").resolve(for: current, workspacePath: workspacePath, history: store)
        }
        #expect(throws: LoadBaselineError("no load run 12 in the history")) {
            try LoadBaseline("12").resolve(for: current, workspacePath: workspacePath, history: nil)
        }

        // A file `--json` wrote, read back whole.
        let file = state + "/before.json"
        try LoadResult.jsonData(Fixtures.baseline(), pretty: true).write(to: URL(fileURLWithPath: file))
        expectEqual(try LoadBaseline(file).resolve(for: current, workspacePath: workspacePath, history: nil), Fixtures.baseline())
        // Anything else says what is wrong with it, and where.
        let cases = [
            ("{\"workspace\": \"demo.yaml\"}", "no \"target\""),
            ("[1, 2]", "expected"),
            ("not json", "not JSON"),
        ]
        for (text, problem) in cases {
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            #expect {
                try LoadBaseline(file).resolve(for: current, workspacePath: workspacePath, history: nil)
            } throws: { error in
                (error as? LoadBaselineError)?.message.hasPrefix("\(file): not a load result: \(problem)") == true
            }
        }
        var wrong = try JSONSerialization.jsonObject(with: LoadResult.jsonData(Fixtures.baseline())) as? [String: Any] ?? [:]
        var latency = wrong["latency"] as? [String: Any] ?? [:]
        latency["p50"] = "fast"
        wrong["latency"] = latency
        try JSONSerialization.data(withJSONObject: wrong).write(to: URL(fileURLWithPath: file))
        #expect(throws: LoadBaselineError("\(file): not a load result: expected a number at latency.p50")) {
            try LoadBaseline(file).resolve(for: current, workspacePath: workspacePath, history: nil)
        }
        #expect {
            try LoadBaseline(state + "/missing.json").resolve(for: current, workspacePath: workspacePath, history: nil)
        } throws: { error in
            (error as? LoadBaselineError)?.message.hasPrefix("\(state)/missing.json: cannot be read") == true
        }
    }
}
