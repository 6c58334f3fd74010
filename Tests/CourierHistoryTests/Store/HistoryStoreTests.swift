import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierRunner
import Foundation
import Testing

/// The history database: migrations (including the one-time import of the JSON Lines
/// files), queries, retention and the diff of two exchanges.
@Suite struct HistoryStoreTests {
    private func exchange(_ request: String, status: Int?, ok: Bool = true, minutesAgo: Double = 0, workspace: String = "/w/a.yaml",
                          body: String? = nil, now: Date = Date()) -> HistoryExchange {
        var exchange = HistoryExchange(runID: "run", date: now.addingTimeInterval(-minutesAgo * 60), workspace: "a",
                                       workspacePath: workspace, request: request, method: "GET", url: "http://x/\(request)")
        exchange.status = status
        exchange.ok = ok
        if let body {
            exchange.responseBody = Data(body.utf8)
            exchange.responseBodyBytes = body.utf8.count
        }
        return exchange
    }

    @Test func theJSONLinesHistoryIsImportedOnceAndLeftAlone() throws {
        let state = temporaryDirectory("courier-state")
        let workspace = state + "/demo.yaml"
        let log = HistoryLog(workspacePath: workspace, stateDirectory: state)
        let result = RequestResult(name: "login", method: "POST", url: "http://127.0.0.1/login", status: 200, ok: true, skipped: false,
                                   fromCache: false, durationMs: 4.5, bytes: 91,
                                   timings: .init(dnsMs: 0.1, connectMs: 0.3, tlsMs: 0, firstByteMs: 3, totalMs: 4.5))
        var failed = result
        failed.name = "orders"
        failed.ok = false
        failed.status = nil
        failed.error = .init(family: "transport", code: -1004, message: "refused")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        // Two lines as the earlier versions wrote them.
        let lines = try [(result, 1_700_000_000.0), (failed, 1_700_000_100.0)].map { result, seconds in
            try HistoryLog.encoder.encode(HistoryLog.Entry(date: Date(timeIntervalSince1970: seconds), workspace: "demo", result: result))
        }
        let before = Data(lines.joined(separator: Data([0x0A]))) + Data([0x0A])
        try before.write(to: URL(fileURLWithPath: log.file))

        let store = try HistoryStore(stateDirectory: state)
        let rows = try store.exchanges(HistoryQuery(workspacePath: workspace))
        expectEqual(rows.map(\.request), ["login", "orders"])
        expectEqual(rows[0].status, 200)
        expectEqual(rows[0].timings?.wait, 2.7)
        expectEqual(rows[1].outcome, "transport -1004")
        expectEqual(try Data(contentsOf: URL(fileURLWithPath: log.file)), before)
        // Opening again does not import twice.
        expectEqual(try HistoryStore(stateDirectory: state).count(), 2)
    }

    @Test func queriesFilterByNameStatusClassAgeOutcomeAndCount() throws {
        let store = try HistoryStore(stateDirectory: temporaryDirectory("courier-state"))
        let now = Date()
        for (index, status) in [200, 404, 500, 201, 503].enumerated() {
            try store.insert(exchange(index % 2 == 0 ? "a" : "b", status: status, ok: status < 400, minutesAgo: Double(50 - index * 10), now: now))
        }
        try store.insert(exchange("a", status: 200, workspace: "/w/other.yaml", now: now))
        var query = HistoryQuery(workspacePath: "/w/a.yaml")
        expectEqual(try store.exchanges(query).map(\.status), [200, 404, 500, 201, 503])
        query.statuses = HistoryQuery.StatusFilter.parse("5xx")!
        expectEqual(try store.exchanges(query).map(\.status), [500, 503])
        query.statuses = HistoryQuery.StatusFilter.parse("404,2xx")!
        expectEqual(try store.exchanges(query).map(\.status), [200, 404, 201])
        query.statuses = []
        query.request = "a"
        expectEqual(try store.exchanges(query).map(\.status), [200, 500, 503])
        query.request = nil
        query.failedOnly = true
        expectEqual(try store.exchanges(query).map(\.status), [404, 500, 503])
        query.failedOnly = false
        query.since = HistoryQuery.parseSince("25m", now: now)
        expectEqual(try store.exchanges(query).map(\.status), [201, 503])
        query.since = nil
        query.last = 2
        expectEqual(try store.exchanges(query).map(\.status), [201, 503])
        expectEqual(HistoryQuery.StatusFilter.parse("6xx"), nil)
        expectEqual(HistoryQuery.parseSince("yesterday"), nil)
        #expect(HistoryQuery.parseSince("2026-11-01") != nil)
    }

    @Test func retentionKeepsTheNewestPerRequestAndDropsTheOld() throws {
        let store = try HistoryStore(stateDirectory: temporaryDirectory("courier-state"))
        let now = Date()
        for minutes in stride(from: 10.0, through: 1, by: -1) { try store.insert(exchange("a", status: Int(200 + minutes), minutesAgo: minutes, now: now)) }
        try store.insert(exchange("b", status: 200, minutesAgo: 3 * 24 * 60, now: now))
        expectEqual(try store.prune(HistoryRetention(count: 3), now: now), 7)
        expectEqual(try store.exchanges(HistoryQuery(request: "a")).map(\.status), [203, 202, 201])
        expectEqual(try store.prune(HistoryRetention(days: 2), now: now), 1)
        #expect(try store.exchanges(HistoryQuery(request: "b")).isEmpty)
    }

    @Test func theDiffOfTwoJSONBodiesNamesEachChangedPath() {
        let old = exchange("a", status: 200, body: #"{"id": 1, "items": [{"price": 10}, {"price": 5}], "gone": true, "odd key": 1}"#)
        var new = exchange("a", status: 404, ok: false, body: #"{"id": 1, "items": [{"price": 12}], "added": "x", "odd key": 2}"#)
        new.errorFamily = "validation"
        new.errorCode = -8
        let diff = HistoryDiff(old: old, new: new)
        let texts = diff.lines.map(\.text)
        #expect(texts.contains("status: 200 → validation -8"))
        #expect(texts.contains("$.items[0].price: 10 → 12"))
        #expect(texts.contains(#"$.items[1]: {"price":5}"#))
        #expect(texts.contains("$.gone: true"))
        #expect(texts.contains(#"$.added: "x""#))
        #expect(texts.contains("$['odd key']: 1 → 2"))
        #expect(diff.lines.first { $0.text == "$.gone: true" }?.kind == .removed)
        #expect(diff.lines.first { $0.text == #"$.added: "x""# }?.kind == .added)
        expectEqual(diff.bodyChanges, 5)
    }

    @Test func theDiffAcrossEnvironmentsNamesThemAndKeepsToTheWorkspacesDiffSettings() throws {
        var old = exchange("a", status: 200, body: #"{"id": 1, "price": 100, "latency": 40, "name": "x"}"#)
        var new = exchange("a", status: 200, body: #"{"id": 2, "price": 104, "latency": 90, "name": "y"}"#)
        old.environment = "staging"
        new.environment = "production"
        var settings = DiffSettings()
        settings.ignoredPaths = [try #require(DiffSettings.PathPattern("$.id"))]
        settings.tolerances = [(try #require(DiffSettings.PathPattern("$.price")), .relative(0.05))]
        let diff = HistoryDiff(old: old, new: new, settings: settings)
        #expect(diff.lines[0].text.hasSuffix("  (staging → production)"), "\(diff.lines[0].text)")
        let texts = diff.lines.map(\.text)
        #expect(texts.contains("body: 2 JSON paths differ (2 ignored by diff:)"), "\(texts)")
        #expect(texts.contains("$.latency: 40 → 90") && texts.contains(#"$.name: "x" → "y""#))
        #expect(!texts.contains { $0.hasPrefix("$.id") || $0.hasPrefix("$.price") })
        // Without the settings, every path counts.
        expectEqual(HistoryDiff(old: old, new: new).bodyChanges, 4)
    }

    @Test func theDiffSaysWhichChecksTurned() throws {
        func check(_ text: String, passed: Bool, actual: String) throws -> CheckRecord {
            let json = #"{"check": "\#(text)", "subject": "s", "location": "/w/a.yaml:9:9", "passed": \#(passed), "#
                + #""expected": ">= 3", "actual": "\#(actual)", "summary": "s", "isSchema": false}"#
            return try JSONDecoder().decode(CheckRecord.self, from: Data(json.utf8))
        }
        var old = exchange("a", status: 200, body: "{}")
        var new = old
        old.checks = [try check("$.n >= 3", passed: true, actual: "4"), try check("status == 200", passed: true, actual: "200")]
        new.checks = [try check("$.n >= 3", passed: false, actual: "2"), try check("status == 200", passed: true, actual: "200")]
        let lines = HistoryDiff(old: old, new: new).lines
        #expect(lines.contains(HistoryDiff.Line(.changed, "checks: ✓ 2 checks passed → ✗ 1/2 checks failed")))
        #expect(lines.contains(HistoryDiff.Line(.removed, "  ✗ $.n >= 3: now fails, >= 3, got 2")))
        #expect(!lines.contains { $0.text.contains("status == 200") }, "a check that passed both times is not listed")
        #expect(HistoryDiff(old: new, new: old).lines.contains(HistoryDiff.Line(.added, "  ✓ $.n >= 3: now passes (was 2)")))
        #expect(HistoryDiff(old: old, new: old).lines.contains(HistoryDiff.Line(.same, "checks: ✓ 2 checks passed")))
        #expect(!HistoryDiff(old: exchange("a", status: 200), new: exchange("a", status: 200)).lines.contains { $0.text.hasPrefix("checks") })
    }

    @Test func theDiffOfTextBodiesIsLineByLineWithContext() {
        let old = exchange("a", status: 200, body: "one\ntwo\nthree\nfour\nfive\nsix\nseven")
        let new = exchange("a", status: 200, body: "one\ntwo\nthree\nFOUR\nfive\nsix\nseven")
        let body = HistoryDiff(old: old, new: new).lines.drop { $0.kind != .heading || !$0.text.hasPrefix("body") }.dropFirst()
        expectEqual(body.map(\.text), ["  two", "  three", "- four", "+ FOUR", "  five", "  six"])
        let same = HistoryDiff(old: old, new: old)
        expectEqual(same.bodyChanges, 0)
        #expect(same.lines.contains { $0.text == "body: the same text" })
    }
}
