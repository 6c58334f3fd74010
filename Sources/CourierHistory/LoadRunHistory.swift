import Courier
import CourierFormat
import Foundation
import GRDB

/// A saved load run as a list shows it: its headline figures, without the whole result
/// (`HistoryStore.loadRun(id:)` has that). A row of the `load_runs` table.
public struct LoadRunSummary: Sendable, Codable, Hashable, Identifiable, FetchableRecord, TableRecord {
    public static let databaseTableName = "load_runs"
    public static var databaseSelection: [any SQLSelectable] {
        [Column("id"), Column("workspace"), Column("workspacePath"), Column("target"), Column("kind"), Column("startedAt"),
         Column("plan"), Column("requests"), Column("seconds"), Column("throughput"), Column("p50"), Column("p99"),
         Column("errorRate"), Column("stopped"), Column("slo")]
    }

    public var id: Int64
    /// The workspace's name and its file's absolute path.
    public var workspace: String
    public var workspacePath: String
    /// The request, batch or chain, and which of the three it is.
    public var target: String
    public var kind: String
    public var startedAt: Date
    public var plan: LoadPlan
    public var requests: Int
    public var seconds: Double
    public var throughput: Double
    /// Latency percentiles in milliseconds.
    public var p50: Double
    public var p99: Double
    public var errorRate: Double
    public var stopped: Bool
    /// For a find-max run, the SLO it searched within (`p99<50ms,errors<1%`); its plan is only
    /// where the search began. Nil for a run at a plan's own rate or concurrency.
    public var slo: String? = nil
}

extension LoadRunSummary {
    /// A summary to save (``HistoryStore/insertLoadRun(_:resultJSON:retention:)``); its id is
    /// the row's, given when it is inserted.
    package init(workspace: String, workspacePath: String, target: String, kind: String, startedAt: Date, plan: LoadPlan,
                 requests: Int, seconds: Double, throughput: Double, p50: Double, p99: Double, errorRate: Double, stopped: Bool,
                 slo: String? = nil) {
        self.init(id: 0, workspace: workspace, workspacePath: workspacePath, target: target, kind: kind, startedAt: startedAt,
                  plan: plan, requests: requests, seconds: seconds, throughput: throughput, p50: p50, p99: p99,
                  errorRate: errorRate, stopped: stopped, slo: slo)
    }
}

/// A `load_runs` row as written: the summary's columns and the whole result as JSON.
private struct LoadRunRow: Codable, MutablePersistableRecord {
    static let databaseTableName = LoadRunSummary.databaseTableName

    /// Dates as GRDB writes them, without its `DateFormatter` (``TimestampText/database(_:)``).
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .custom { TimestampText.database($0) }
    }

    var id: Int64?
    var workspace: String
    var workspacePath: String
    var target: String
    var kind: String
    var startedAt: Date
    var plan: LoadPlan
    var requests: Int
    var seconds: Double
    var throughput: Double
    var p50: Double
    var p99: Double
    var errorRate: Double
    var stopped: Bool
    var slo: String?
    /// The whole run as JSON (`LoadResult.jsonData(_:)`).
    var result: String

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// Load runs in the history database: one row per run, aggregate figures only — never a row
/// per request.
extension HistoryStore {
    /// The `v6-load-runs` migration: the table and its index for "the runs of this target".
    static func createLoadRunsTable(_ db: Database) throws {
        try db.create(table: LoadRunSummary.databaseTableName) { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("workspace", .text).notNull()
            table.column("workspacePath", .text).notNull()
            table.column("target", .text).notNull()
            table.column("kind", .text).notNull()
            table.column("startedAt", .datetime).notNull()
            table.column("plan", .jsonText).notNull()
            table.column("requests", .integer).notNull()
            table.column("seconds", .double).notNull()
            table.column("throughput", .double).notNull()
            table.column("p50", .double).notNull()
            table.column("p99", .double).notNull()
            table.column("errorRate", .double).notNull()
            table.column("stopped", .boolean).notNull()
            table.column("result", .jsonText).notNull()
        }
        try db.create(index: "load_run_by_target", on: LoadRunSummary.databaseTableName, columns: ["workspacePath", "target"])
    }

    /// The `v9-load-run-slo` migration: a find-max run's SLO beside its summary.
    static func addLoadRunSLO(_ db: Database) throws {
        try db.alter(table: LoadRunSummary.databaseTableName) { table in table.add(column: "slo", .text) }
    }

    /// Inserts a run's row: its `summary`'s columns (its id is ignored) and the whole run as
    /// `resultJSON`; returns the new id. With a `retention`, the workspace's load runs it does
    /// not keep are deleted in the same write (the new run is the newest, so it stays).
    package func insertLoadRun(_ summary: LoadRunSummary, resultJSON: String, retention: HistoryRetention? = nil) throws -> Int64 {
        var row = LoadRunRow(id: nil, workspace: summary.workspace, workspacePath: summary.workspacePath, target: summary.target,
                             kind: summary.kind, startedAt: summary.startedAt, plan: summary.plan, requests: summary.requests,
                             seconds: summary.seconds, throughput: summary.throughput, p50: summary.p50, p99: summary.p99,
                             errorRate: summary.errorRate, stopped: summary.stopped, slo: summary.slo, result: resultJSON)
        try queue.write { db in
            try row.insert(db)
            if let retention {
                _ = try Self.prune(LoadRunSummary.databaseTableName, dated: "startedAt", per: "target", retention,
                                   workspacePath: summary.workspacePath, now: Date(), in: db)
            }
        }
        return row.id ?? 0
    }

    /// Deletes the load runs `retention` does not keep (in one workspace, or in all): older
    /// than its days, beyond its newest N of each target. Returns how many.
    @discardableResult
    public func pruneLoadRuns(_ retention: HistoryRetention, workspacePath: String? = nil, now: Date = Date()) throws -> Int {
        try queue.write { db in
            try Self.prune(LoadRunSummary.databaseTableName, dated: "startedAt", per: "target", retention,
                           workspacePath: workspacePath, now: now, in: db)
        }
    }

    /// Saved runs, newest first: of one workspace file and one target when given, at most `limit`.
    public func loadRuns(workspacePath: String? = nil, target: String? = nil, limit: Int = 50) throws -> [LoadRunSummary] {
        try queue.read { db in
            var request = LoadRunSummary.all()
            if let workspacePath { request = request.filter(Column("workspacePath") == workspacePath) }
            if let target { request = request.filter(Column("target") == target) }
            return try request.order(Column("id").desc).limit(limit).fetchAll(db)
        }
    }

    /// A saved run's whole result as it was inserted (JSON); nil when there is none of that id.
    package func loadRunJSON(id: Int64) throws -> String? {
        try queue.read { db in
            try String.fetchOne(db, sql: "SELECT result FROM \(LoadRunSummary.databaseTableName) WHERE id = ?", arguments: [id])
        }
    }

    /// The id of the newest saved run of `target` in the workspace at `workspacePath`, before
    /// the run of id `before` when given; nil when there is none.
    package func lastLoadRunID(workspacePath: String, target: String, before: Int64? = nil) throws -> Int64? {
        try queue.read { db in
            var request = LoadRunSummary.select(Column("id"), as: Int64.self)
                .filter(Column("workspacePath") == workspacePath && Column("target") == target)
            if let before { request = request.filter(Column("id") < before) }
            return try request.order(Column("id").desc).fetchOne(db)
        }
    }
}
