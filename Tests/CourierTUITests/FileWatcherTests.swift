import Foundation
import Glibc
import Testing
@testable import CourierTUI

/// The workbench's watcher on a folder workspace (#44): a file made in a new folder under
/// `requests/`, and a private file made beside the root, are changes; a file of another kind
/// is not. Each wait is on the watcher's descriptor (poll), bounded.
@Suite struct FileWatcherTests {
    /// Whether the watcher reports a change within `milliseconds`.
    private func changed(_ watcher: FileWatcher, within milliseconds: Int32 = 5_000) -> Bool {
        var descriptor = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(Double(milliseconds) / 1000)
        while Date() < deadline {
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            if watcher.fileChanged() { return true }
        }
        return false
    }

    @Test func newRequestFilesInNewFoldersAndAPrivateFileAreChanges() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("courier-watch-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: root + "/requests", withIntermediateDirectories: true)
        try "requests: {}\n".write(toFile: root + "/courier.yaml", atomically: true, encoding: .utf8)
        let watcher = try #require(FileWatcher(files: [root + "/courier.yaml", root + "/courier.private.yaml"], trees: [root + "/requests"]))
        // A file of another kind beside the root file is not a change.
        try "x".write(toFile: root + "/notes.txt", atomically: false, encoding: .utf8)
        #expect(!changed(watcher, within: 300))
        // A new folder under requests/ is watched from then on.
        try FileManager.default.createDirectory(atPath: root + "/requests/billing", withIntermediateDirectories: true)
        #expect(changed(watcher))
        try "requests: {}\n".write(toFile: root + "/requests/billing/invoices.yaml", atomically: false, encoding: .utf8)
        #expect(changed(watcher))
        try "variables: {a: b}\n".write(toFile: root + "/courier.private.yaml", atomically: false, encoding: .utf8)
        #expect(changed(watcher))
    }
}
