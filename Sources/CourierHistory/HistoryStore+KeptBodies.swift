import Courier
import CourierFormatCore
import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// Spooled response bodies kept by reference: a redacted copy of each, owner-only, in `bodies/`
/// beside the database, named in its exchange's `responseBodyFile`. Their rows keep the size
/// and SHA-256 as for any large body; a file goes when its exchange is pruned, or when the kept
/// files pass their total (the oldest first).
extension HistoryStore {
    /// `bodies/` beside the database (0700 once made).
    public var keptBodiesDirectory: String { (path as NSString).deletingLastPathComponent + "/bodies" }

    /// Copies the spooled body at `source` into `bodies/`, redacted by `scope` as it streams
    /// (``VariableScope/redactedCopy(of:to:contentType:)``); returns the new file's name.
    package func keepBody(copying source: String, contentType: String?, scope: VariableScope) throws -> String {
        try OwnerOnly.makeDirectory(keptBodiesDirectory)
        let name = UUID().uuidString.lowercased() + ".body"
        _ = try scope.redactedCopy(of: source, to: keptBodiesDirectory + "/" + name, contentType: contentType)
        return name
    }

    /// The path of `exchange`'s kept body, when it has one still on disk.
    public func keptBodyPath(of exchange: HistoryExchange) -> String? {
        guard let name = exchange.responseBodyFile, Self.isKeptBodyName(name) else { return nil }
        let path = keptBodiesDirectory + "/" + name
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return path
    }

    /// `exchange`'s kept body mapped from its file (``Courier/SpooledBody/mappedPrefix(of:)``:
    /// pages read as they are used, never loaded whole); nil when it has none on disk.
    public func keptBody(of exchange: HistoryExchange) -> Data? {
        keptBodyPath(of: exchange).flatMap { try? SpooledBody.mappedPrefix(of: URL(fileURLWithPath: $0)) }
    }

    /// Lets go of the oldest kept bodies until those left take at most `total` bytes: their
    /// files are deleted and their rows forget them (keeping size and SHA-256). Returns how
    /// many went.
    @discardableResult
    package func trimKeptBodies(toTotal total: Int) throws -> Int {
        let kept = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT id, responseBodyFile FROM \(HistoryExchange.databaseTableName) "
                                 + "WHERE responseBodyFile IS NOT NULL ORDER BY date DESC, id DESC")
                .map { (id: $0["id"] as Int64, name: $0["responseBodyFile"] as String) }
        }
        var sum: Int64 = 0
        var going: [(id: Int64, name: String)] = []
        for body in kept {
            var info = stat()
            let size = lstat(keptBodiesDirectory + "/" + body.name, &info) == 0 ? Int64(info.st_size) : 0
            sum += size
            if sum > Int64(total) { going.append(body) }
        }
        guard !going.isEmpty else { return 0 }
        try queue.write { db in
            for body in going {
                try db.execute(sql: "UPDATE \(HistoryExchange.databaseTableName) SET responseBodyFile = NULL WHERE id = ?", arguments: [body.id])
            }
        }
        deleteKeptBodies(Set(going.map(\.name)))
        return going.count
    }

    /// The kept bodies' names the exchanges hold.
    func keptBodyNames() throws -> Set<String> {
        try queue.read { db in
            Set(try String.fetchAll(db, sql: "SELECT responseBodyFile FROM \(HistoryExchange.databaseTableName) WHERE responseBodyFile IS NOT NULL"))
        }
    }

    /// Deletes the kept bodies named (their exchanges went).
    func deleteKeptBodies(_ names: Set<String>) {
        for name in names where Self.isKeptBodyName(name) { unlink(keptBodiesDirectory + "/" + name) }
    }

    /// Deletes the files of `bodies/` no exchange names (their exchanges were pruned, or a
    /// copy was cut short) and untouched for ten minutes — one being copied now, by this
    /// process or another, has no row yet; returns how many.
    @discardableResult
    package func sweepKeptBodies() throws -> Int {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: keptBodiesDirectory) else { return 0 }
        let named = try keptBodyNames()
        var removed = 0
        let settled = Date().addingTimeInterval(-600).timeIntervalSince1970
        for file in files where Self.isKeptBodyName(file) && !named.contains(file) {
            var info = stat()
            let path = keptBodiesDirectory + "/" + file
            guard lstat(path, &info) == 0, Double(info.st_mtim.tv_sec) < settled else { continue }
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
    }

    /// A name this store gave (a UUID and `.body`): never a path, so a row cannot point elsewhere.
    static func isKeptBodyName(_ name: String) -> Bool {
        name.hasSuffix(".body") && !name.contains("/") && name.count == 41
    }
}
