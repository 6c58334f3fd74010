import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

extension HistoryStore {
    /// Opens the database at `path` and brings its schema up to date, holding an exclusive
    /// `flock` on the database's folder meanwhile.
    ///
    /// Other openers of the same file — parallel `courier run`s on a new machine or after an
    /// upgrade adds a migration, the workbench's recorder beside a run's — would each find a
    /// migration unapplied: GRDB's migrator reads what is applied outside the transaction that
    /// applies the next one, so all but one failed ("UNIQUE constraint failed:
    /// grdb_migrations.identifier", "table … already exists", "duplicate column name", "no
    /// such table: grdb_migrations"), and turning on write-ahead logging was refused ("database
    /// is locked") while another held the new file. Under the lock the first opener migrates
    /// and the others find the work done. The folder is locked, not a file beside the database,
    /// because closing any descriptor of the database file would drop the SQLite locks this
    /// process holds on it; a folder that cannot be opened leaves the opening unlocked.
    static func openMigrated(path: String, configuration: Configuration, migrator: DatabaseMigrator) throws -> DatabaseQueue {
        let folder = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            while flock(folder, LOCK_EX) != 0, errno == EINTR {}
        }
        // Closing the folder's descriptor lets the lock go.
        defer { if folder >= 0 { close(folder) } }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try migrator.migrate(queue)
        return queue
    }
}
