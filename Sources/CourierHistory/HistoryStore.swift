import Courier
import CourierFormat
import Foundation
import GRDB

/// The history database: every exchange the runner and the workbench sent, one SQLite file
/// per user — `$XDG_STATE_HOME/courier/history.sqlite` (by default
/// `~/.local/state/courier/history.sqlite`), 0600 in a 0700 directory.
///
/// The schema is built by GRDB's `DatabaseMigrator`, one named migration per change, so an
/// older file is brought up to date when it is opened. The JSON Lines files of earlier
/// versions (`history/*.jsonl` beside it) are imported once, by a migration, and left alone.
public final class HistoryStore: Sendable {
    /// The database file.
    public let path: String
    /// Internal for the extensions that keep other tables (the load runs' `insertLoadRun(_:resultJSON:retention:)`).
    let queue: DatabaseQueue

    /// Opens (creating when needed) the database at `path` and migrates it; JSON Lines
    /// history files in `legacyDirectory` are imported the first time.
    public init(path: String = HistoryStore.defaultPath, legacyDirectory: String? = HistoryLog.defaultDirectory) throws {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        try OwnerOnly.makeDirectory(directory)
        // Created 0600 before SQLite opens it: SQLite gives its journal the database's mode.
        // Never through a symbolic link, nor with one where SQLite puts its journal.
        try OwnerOnly.prepareFile(path, companions: ["-journal", "-wal", "-shm"])
        var configuration = Configuration()
        configuration.busyMode = .timeout(2)
        configuration.label = "courier.history"
        // Write-ahead logging: its log and index files are opened with the database and kept
        // open, where a rollback journal is opened afresh for every write. A run whose
        // transfers hold every file descriptor the process may have still records them.
        configuration.journalMode = .wal
        queue = try Self.openMigrated(path: path, configuration: configuration, migrator: Self.migrator(legacyDirectory: legacyDirectory))
    }

    /// `$XDG_STATE_HOME/courier/history.sqlite`, or `~/.local/state/courier/history.sqlite`.
    public static var defaultPath: String { XDGDirectories.stateHome() + "/courier/history.sqlite" }

    /// How the history names a workspace file: its absolute path, so that runs made from
    /// another directory are found (exchanges, retention, load runs).
    /// A folder workspace is named by its `courier.yaml`, given as `api/` or as the file.
    public static func workspacePath(ofFile path: String) -> String {
        URL(fileURLWithPath: WorkspaceLayout(path: path).rootFile).standardizedFileURL.path
    }

    /// The history in `stateDirectory` when one is given (tests, `--state-dir`): its
    /// `history.sqlite`, with JSON Lines files imported from the directory itself, as
    /// `HistoryLog(workspacePath:stateDirectory:)` wrote them; the defaults otherwise.
    public convenience init(stateDirectory: String?) throws {
        if let stateDirectory {
            try self.init(path: stateDirectory + "/history.sqlite", legacyDirectory: stateDirectory)
        } else {
            try self.init()
        }
    }

    static func migrator(legacyDirectory: String?) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-exchanges") { db in
            try db.create(table: HistoryExchange.databaseTableName) { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("runID", .text).notNull()
                table.column("date", .datetime).notNull()
                table.column("workspace", .text).notNull()
                table.column("workspacePath", .text).notNull()
                table.column("request", .text).notNull()
                table.column("environment", .text)
                table.column("method", .text).notNull()
                table.column("url", .text).notNull()
                table.column("requestHeaders", .jsonText).notNull()
                table.column("requestBody", .blob)
                table.column("requestBodyBytes", .integer).notNull()
                table.column("status", .integer)
                table.column("httpVersion", .text)
                table.column("responseHeaders", .jsonText).notNull()
                table.column("responseBody", .blob)
                table.column("responseBodyBytes", .integer).notNull()
                table.column("responseBodySHA256", .text)
                table.column("contentType", .text)
                table.column("durationMs", .double).notNull()
                table.column("timings", .jsonText)
                table.column("ok", .boolean).notNull()
                table.column("errorFamily", .text)
                table.column("errorCode", .integer)
                table.column("errorMessage", .text)
                table.column("fromCache", .boolean).notNull()
                table.column("batch", .text)
                table.column("chain", .text)
                table.column("step", .integer)
                table.column("file", .text)
            }
            try db.create(index: "exchange_by_request", on: HistoryExchange.databaseTableName,
                          columns: ["workspacePath", "request", "date"])
            try db.create(index: "exchange_by_date", on: HistoryExchange.databaseTableName, columns: ["date"])
        }
        migrator.registerMigration("v2-import-json-lines") { db in
            guard let legacyDirectory else { return }
            // The rows are inserted with every column a record has today.
            try addColumn("warning", .text, db)
            try addColumn("checks", .jsonText, db)
            try addColumn("transcript", .jsonText, db)
            try addColumn("responseTrailers", .jsonText, db)
            try addColumn("responseBodyFile", .text, db)
            for var exchange in LegacyHistoryImport.exchanges(in: legacyDirectory) { try exchange.insert(db) }
        }
        migrator.registerMigration("v3-response-warning") { db in try addColumn("warning", .text, db) }
        migrator.registerMigration("v4-check-results") { db in try addColumn("checks", .jsonText, db) }
        migrator.registerMigration("v5-session-transcript") { db in try addColumn("transcript", .jsonText, db) }
        migrator.registerMigration("v6-load-runs", migrate: createLoadRunsTable)
        migrator.registerMigration("v7-response-trailers") { db in try addColumn("responseTrailers", .jsonText, db) }
        migrator.registerMigration("v8-response-body-file") { db in try addColumn("responseBodyFile", .text, db) }
        migrator.registerMigration("v9-load-run-slo", migrate: addLoadRunSLO)
        return migrator
    }

    /// A column of ``HistoryExchange`` (`warning`, `checks`, `transcript`), unless an earlier migration
    /// added it.
    private static func addColumn(_ name: String, _ type: Database.ColumnType, _ db: Database) throws {
        guard try !db.columns(in: HistoryExchange.databaseTableName).contains(where: { $0.name == name }) else { return }
        try db.alter(table: HistoryExchange.databaseTableName) { table in table.add(column: name, type) }
    }

    /// Adds an exchange; returns it with its id.
    @discardableResult
    public func insert(_ exchange: HistoryExchange) throws -> HistoryExchange {
        var exchange = exchange
        try queue.write { db in try exchange.insert(db) }
        return exchange
    }

    /// The exchanges `query` selects, oldest first, without their bodies (`exchange(id:)`
    /// has them).
    public func exchanges(_ query: HistoryQuery = HistoryQuery()) throws -> [HistoryExchange] {
        try queue.read { db in try query.request(withBodies: false).fetchAll(db).reversed() }
    }

    /// The exchanges `query` selects, oldest first, with their bodies.
    public func exchangesWithBodies(_ query: HistoryQuery = HistoryQuery()) throws -> [HistoryExchange] {
        try queue.read { db in try query.request(withBodies: true).fetchAll(db).reversed() }
    }

    /// Where each run starts and what its workspace is, and then every exchange `query`
    /// selects with its bodies, oldest first, one at a time: for exports of any size (only
    /// the runs and one exchange are in memory at once).
    package func streamExchangesWithBodies(_ query: HistoryQuery = HistoryQuery(),
                                          runs: ([HistoryRunStart]) throws -> Void,
                                          exchange: (HistoryExchange) throws -> Void) throws {
        try queue.read { db in
            let selected = query.request(withBodies: false).select(Column("id"), Column("date"), Column("runID"), Column("workspace"))
            var starts: [HistoryRunStart] = []
            var oldest: (date: Date, id: Int64)?
            let rows = try Row.fetchCursor(db, selected)
            while let row = try rows.next() {
                let date: Date = row["date"]
                oldest = (date, row["id"])
                starts.append(HistoryRunStart(runID: row["runID"], date: date, workspace: row["workspace"]))
            }
            var seen: Set<String> = []
            try runs(starts.reversed().filter { seen.insert($0.runID).inserted })
            guard let oldest else { return }
            let cursor = try query.ascendingRequest(from: oldest).fetchCursor(db)
            while let next = try cursor.next() { try exchange(next) }
        }
    }

    /// One exchange, whole.
    public func exchange(id: Int64) throws -> HistoryExchange? {
        try queue.read { db in try HistoryExchange.fetchOne(db, key: id) }
    }

    /// The newest exchange of a request that came back with a response (for offline
    /// replay): same workspace file, request name, method and URL.
    public func latestAnswer(workspacePath: String, request: String, method: String, url: String) throws -> HistoryExchange? {
        try queue.read { db in
            try HistoryExchange
                .filter(Column("workspacePath") == workspacePath && Column("request") == request
                        && Column("method") == method && Column("url") == url && Column("status") != nil)
                .order(Column("date").desc, Column("id").desc)
                .fetchOne(db)
        }
    }

    /// The newest exchange of a request that came back with a response, whatever its URL
    /// (for `courier mock --from-history`).
    public func latestAnswer(workspacePath: String, request: String) throws -> HistoryExchange? {
        try queue.read { db in
            try HistoryExchange
                .filter(Column("workspacePath") == workspacePath && Column("request") == request && Column("status") != nil)
                .order(Column("date").desc, Column("id").desc)
                .fetchOne(db)
        }
    }

    /// Deletes the exchanges `retention` does not keep (in one workspace, or in all); returns
    /// how many. Load runs have their own (``pruneLoadRuns(_:workspacePath:now:)``).
    @discardableResult
    public func prune(_ retention: HistoryRetention, workspacePath: String? = nil, now: Date = Date()) throws -> Int {
        let keptBefore = try keptBodyNames()
        let deleted = try queue.write { db in
            try Self.prune(HistoryExchange.databaseTableName, dated: "date", per: "request", retention, workspacePath: workspacePath,
                           now: now, in: db)
        }
        // The kept bodies of the exchanges that went go with them.
        if deleted > 0, !keptBefore.isEmpty { deleteKeptBodies(keptBefore.subtracting(try keptBodyNames())) }
        return deleted
    }

    /// Deletes the rows of `table` that `retention` does not keep: older than its days (by the
    /// `dated` column), and beyond its newest N of each workspace's `per` column. Returns how many.
    static func prune(_ table: String, dated: String, per group: String, _ retention: HistoryRetention, workspacePath: String?,
                      now: Date, in db: Database) throws -> Int {
        var deleted = 0
        let scope = workspacePath.map { _ in " AND workspacePath = ?" } ?? ""
        let scopeArguments: StatementArguments = workspacePath.map { [$0] } ?? []
        if let days = retention.days {
            let cutoff = now.addingTimeInterval(-Double(days) * 86_400)
            try db.execute(sql: "DELETE FROM \(table) WHERE \(dated) < ?" + scope, arguments: [TimestampText.database(cutoff)] + scopeArguments)
            deleted += db.changesCount
        }
        if let count = retention.count {
            try db.execute(sql: """
                DELETE FROM \(table) WHERE id IN (
                  SELECT id FROM (
                    SELECT id, ROW_NUMBER() OVER (PARTITION BY workspacePath, \(group) ORDER BY \(dated) DESC, id DESC) AS newer
                    FROM \(table) WHERE 1\(scope))
                  WHERE newer > ?)
                """, arguments: scopeArguments + [count])
            deleted += db.changesCount
        }
        return deleted
    }

    /// How many exchanges the database holds.
    public func count() throws -> Int {
        try queue.read { db in try HistoryExchange.fetchCount(db) }
    }
}

/// The first exchange of a run, as an export lists the runs.
package struct HistoryRunStart: Sendable {
    package var runID: String
    package var date: Date
    package var workspace: String
}
