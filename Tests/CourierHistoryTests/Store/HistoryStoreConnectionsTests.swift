import Dispatch
import Foundation
import Testing
@testable import CourierHistory

/// Several stores open on one history file, as the workbench has them (its recorder's, a
/// headless run's, offline replay's) and as parallel `courier run`s do.
@Suite struct HistoryStoreConnectionsTests {
    private func exchange(_ request: String) -> HistoryExchange {
        var exchange = HistoryExchange(runID: "run", date: Date(), workspace: "a", workspacePath: "/w/a.yaml",
                                       request: request, method: "GET", url: "http://x/\(request)")
        exchange.status = 200
        return exchange
    }

    /// Each opener may find a migration unapplied; one commits it and the others must not fail
    /// ("UNIQUE constraint failed: grdb_migrations.identifier", "table exchange already exists").
    @Test func storesOpenedAtOnceOnANewFileAllMigrateIt() throws {
        let openers = 4
        for round in 0..<12 {
            let path = temporaryDirectory("courier-history") + "/history.sqlite"
            let failures = Failures()
            DispatchQueue.concurrentPerform(iterations: openers) { opener in
                do {
                    let store = try HistoryStore(path: path, legacyDirectory: nil)
                    try store.insert(exchange("opener-\(opener)"))
                } catch {
                    failures.append("round \(round), opener \(opener): \(error)")
                }
            }
            #expect(failures.all.isEmpty, "\(failures.all)")
            #expect(try HistoryStore(path: path, legacyDirectory: nil).count() == openers)
        }
    }

    /// SQLite keeps POSIX locks, and closing any descriptor of a file drops every such lock the
    /// process holds on it. A store opening beside one already open must not do that: another
    /// process (here Python's sqlite3) closing the database would take itself for the last
    /// user, fold the write-ahead log in and delete it under the open store, whose next
    /// exchange then went to a log nobody reads.
    @Test func openingAStoreKeepsTheLocksOfTheOneAlreadyOpen() throws {
        if let reason = SQLiteFromPython.unavailableReason {
            print("openingAStoreKeepsTheLocksOfTheOneAlreadyOpen skipped: \(reason)")
            return
        }
        let path = temporaryDirectory("courier-history") + "/history.sqlite"
        let open = try HistoryStore(path: path, legacyDirectory: nil)
        #expect(try open.count() == 0)
        _ = try HistoryStore(path: path, legacyDirectory: nil)
        // Another process reads the database and closes it.
        #expect(try SQLiteFromPython.count(path) == 0)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"), "the log stays while a store has it open")
        try open.insert(exchange("after-the-other-closed"))
        #expect(try SQLiteFromPython.count(path) == 1, "another process sees the exchange")
    }
}

/// Python's `sqlite3` module: a process of its own on the database, with its own SQLite.
private enum SQLiteFromPython {
    static let unavailableReason: String? = {
        (try? run(["-c", "import sqlite3"]))?.status == 0 ? nil : "python3 with its sqlite3 module is not installed"
    }()

    /// The exchanges in the database at `path`, counted by a connection opened and closed.
    static func count(_ path: String) throws -> Int? {
        let script = "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); print(c.execute('SELECT count(*) FROM exchange').fetchone()[0]); c.close()"
        let result = try run(["-c", script, path])
        return result.status == 0 ? Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) : nil
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// Failures gathered from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func append(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}
