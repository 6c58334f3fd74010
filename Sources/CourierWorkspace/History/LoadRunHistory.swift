import Courier
import Foundation
import GRDB

/// A saved load run as a list shows it: its headline figures, without the whole result
/// (``HistoryStore/loadRun(id:)`` has that). A row of the `load_runs` table.
public struct LoadRunSummary: Sendable, Codable, Hashable, Identifiable, FetchableRecord, TableRecord {
    public static let databaseTableName = "load_runs"
    public static var databaseSelection: [any SQLSelectable] {
        [Column("id"), Column("workspace"), Column("workspacePath"), Column("target"), Column("kind"), Column("startedAt"),
         Column("plan"), Column("requests"), Column("seconds"), Column("throughput"), Column("p50"), Column("p99"),
         Column("errorRate"), Column("stopped")]
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
}

/// A `load_runs` row as written: the summary's columns and the whole result as JSON.
private struct LoadRunRow: Codable, MutablePersistableRecord {
    static let databaseTableName = LoadRunSummary.databaseTableName

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
    /// ``LoadResult/jsonData(_:)`` of the run.
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

    /// Saves a finished (or stopped) run of the workspace at `workspacePath`; returns its id,
    /// which the caller sets as the result's ``LoadResult/id`` (so that `--compare last`
    /// looks before it). With a `retention`, the workspace's load runs it does not keep are
    /// deleted in the same write (the new run is the newest, so it stays).
    @discardableResult
    public func saveLoadRun(_ result: LoadResult, workspacePath: String, retention: HistoryRetention? = nil) throws -> Int64 {
        var stored = result
        stored.id = nil
        var row = LoadRunRow(id: nil, workspace: result.workspace, workspacePath: workspacePath, target: result.target, kind: result.kind,
                             startedAt: result.startedAt, plan: result.plan, requests: result.requests, seconds: result.seconds,
                             throughput: result.throughput, p50: result.latency.p50, p99: result.latency.p99,
                             errorRate: result.errorRate, stopped: result.stopped,
                             result: String(decoding: try LoadResult.jsonData(stored), as: UTF8.self))
        try queue.write { db in
            try row.insert(db)
            if let retention {
                _ = try Self.prune(LoadRunSummary.databaseTableName, dated: "startedAt", per: "target", retention,
                                   workspacePath: workspacePath, now: Date(), in: db)
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

    /// A saved run, whole, with its id; nil when there is none of that id.
    public func loadRun(id: Int64) throws -> LoadResult? {
        let json = try queue.read { db in
            try String.fetchOne(db, sql: "SELECT result FROM \(LoadRunSummary.databaseTableName) WHERE id = ?", arguments: [id])
        }
        guard let json else { return nil }
        var result = try LoadResult.decoded(Data(json.utf8))
        result.id = id
        return result
    }

    /// The newest saved run of `target` in the workspace at `workspacePath`, before the run
    /// of id `before` when given (the run just saved, to compare it with its predecessor).
    public func lastLoadRun(workspacePath: String, target: String, before: Int64? = nil) throws -> LoadResult? {
        let id = try queue.read { db in
            var request = LoadRunSummary.select(Column("id"), as: Int64.self)
                .filter(Column("workspacePath") == workspacePath && Column("target") == target)
            if let before { request = request.filter(Column("id") < before) }
            return try request.order(Column("id").desc).fetchOne(db)
        }
        return try id.flatMap(loadRun(id:))
    }
}

extension LoadResult {
    /// A result as `--json` writes it and the history keeps it: sorted keys, dates in ISO 8601
    /// with milliseconds.
    public static func jsonData(_ result: LoadResult, pretty: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        }
        return try encoder.encode(result)
    }

    /// A result from JSON: dates in ISO 8601 (with or without fractions of a second) or as a
    /// plain `JSONEncoder` writes them (seconds since 2001).
    public static func decoded(_ data: Data) throws -> LoadResult {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSinceReferenceDate: seconds) }
            let text = try container.decode(String.self)
            if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
            if let date = try? Date(text, strategy: .iso8601) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date: \(text)")
        }
        return try decoder.decode(LoadResult.self, from: data)
    }
}
