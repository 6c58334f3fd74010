import Courier
import Foundation
import GRDB
import Testing
@testable import CourierChecks
@testable import CourierFormatCore
@testable import CourierHistory

/// A history database written by an earlier Courier opens in this one: each migration adds
/// its column, rows of before read with it empty, and rows written now keep it.
@Suite struct HistorySchemaMigrationTests {
    @Test func aDatabaseOfTheEarlierSchemaGainsTheChecksColumn() throws {
        let path = temporaryDirectory("courier-state") + "/history.sqlite"
        let old = try DatabaseQueue(path: path)
        try HistoryStore.migrator(legacyDirectory: nil).migrate(old, upTo: "v3-response-warning")
        #expect(try old.read { try $0.columns(in: "exchange") }.contains { $0.name == "checks" } == false)
        try old.write { db in
            try db.execute(sql: """
                INSERT INTO exchange (runID, date, workspace, workspacePath, request, method, url, requestHeaders, requestBodyBytes,
                                      responseHeaders, responseBodyBytes, durationMs, ok, fromCache)
                VALUES ('r', '2026-11-01 10:00:00.000', 'w', '/w.yaml', 'old', 'GET', 'http://127.0.0.1:9/old', '[]', 0, '[]', 0, 1, 1, 0)
                """)
        }
        try old.close()
        let store = try HistoryStore(path: path, legacyDirectory: nil)
        expectEqual(try store.exchanges().map(\.request), ["old"])
        #expect(try store.exchanges().first?.checks == nil, "an exchange of before has no checks")
        var exchange = HistoryExchange(runID: "r", date: Date(), workspace: "w", workspacePath: "/w.yaml", request: "q",
                                       method: "GET", url: "http://127.0.0.1:9/q")
        let check = try Check(parsing: "status == 201", location: SourceLocation(file: "/w.yaml", line: 4, column: 9))
        exchange.checks = [CheckRecord(CheckResult(check: check, passed: false, expected: "== 201", actual: "200", actualKind: "integer",
                                                   expectedKind: "integer"))]
        let id = try #require(try store.insert(exchange).id)
        let read = try #require(try store.exchange(id: id)?.checks?.first)
        #expect(read.summary == "status: expected == 201, got 200" && read.shortLocation == "w.yaml:4:9", "\(read)")
    }

    @Test func aDatabaseOfBeforeWarningsGainsTheWarningColumn() throws {
        let path = temporaryDirectory("courier-state") + "/history.sqlite"
        let old = try DatabaseQueue(path: path)
        try HistoryStore.migrator(legacyDirectory: nil).migrate(old, upTo: "v2-import-json-lines")
        #expect(try old.read { try $0.columns(in: "exchange") }.contains { $0.name == "warning" } == false)
        try old.close()
        let store = try HistoryStore(path: path, legacyDirectory: nil)
        var exchange = HistoryExchange(runID: "r", date: Date(), workspace: "w", workspacePath: "/w.yaml", request: "q",
                                       method: "GET", url: "http://127.0.0.1:9/q")
        exchange.warning = "the body is not valid JSON"
        let id = try #require(try store.insert(exchange).id)
        expectEqual(try store.exchange(id: id)?.warning, "the body is not valid JSON")
    }

    @Test func aDatabaseOfTheEarlierSchemaGainsTheTranscriptColumn() throws {
        let path = temporaryDirectory("courier-state") + "/history.sqlite"
        let old = try DatabaseQueue(path: path)
        try HistoryStore.migrator(legacyDirectory: nil).migrate(old, upTo: "v4-check-results")
        #expect(try old.read { try $0.columns(in: "exchange") }.contains { $0.name == "transcript" } == false)
        try old.close()
        let store = try HistoryStore(path: path, legacyDirectory: nil)
        var exchange = HistoryExchange(runID: "r", date: Date(), workspace: "w", workspacePath: "/w.yaml", request: "q",
                                       method: "GET", url: "ws://127.0.0.1:9/ws")
        exchange.transcript = HistoryTranscript(messages: [
            .init(direction: .sent, sequence: 1, elapsed: 0.1, time: 1_700_000_000.5, name: "binary", data: Data([0xff, 0])),
        ], dropped: 3)
        let id = try #require(try store.insert(exchange).id)
        expectEqual(try store.exchange(id: id)?.transcript, exchange.transcript)
        #expect(try store.exchanges().first?.transcript == nil, "lists leave it out")
    }
}
