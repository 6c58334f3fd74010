import Foundation
import Testing
@testable import Workbench

/// The start screen's list of recent workspaces: newest first, each path once, at most 20,
/// owner-only, and a corrupt file reported and replaced rather than fatal.
@Suite("Recent workspaces")
struct RecentWorkspacesTests {
    private func store() -> (RecentWorkspaces, String) {
        let directory = temporaryDirectory("courier-recent") + "/state"
        return (RecentWorkspaces(stateDirectory: directory), directory)
    }

    @Test func theNewestComesFirstAndAPathIsListedOnce() throws {
        let (recent, _) = store()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        try recent.record("/srv/a/courier.yaml", now: start)
        try recent.record("/srv/b/courier.yaml", now: start + 10)
        try recent.record("/srv/a/../a/courier.yaml", now: start + 20)
        let (entries, problem) = recent.read()
        expectEqual(problem, nil)
        expectEqual(entries.map(\.path), ["/srv/a/courier.yaml", "/srv/b/courier.yaml"])
        expectEqual(entries.first?.opened, start + 20)
    }

    @Test func aRelativePathIsKeptAbsolute() throws {
        let (recent, _) = store()
        try recent.record("workspaces/demo.yaml")
        expectEqual(recent.read().entries.first?.path, FileManager.default.currentDirectoryPath + "/workspaces/demo.yaml")
    }

    @Test func theListKeepsTheTwentyNewest() throws {
        let (recent, _) = store()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for index in 0..<25 { try recent.record("/srv/w\(index).yaml", now: start + Double(index)) }
        let entries = recent.read().entries
        expectEqual(entries.count, RecentWorkspaces.limit)
        expectEqual(entries.first?.path, "/srv/w24.yaml")
        expectEqual(entries.last?.path, "/srv/w5.yaml")
    }

    @Test func theFileIsTheOwnersAlone() throws {
        let (recent, directory) = store()
        try recent.record("/srv/a.yaml")
        let file = try FileManager.default.attributesOfItem(atPath: recent.file)
        expectEqual((file[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: directory)
        expectEqual((folder[.posixPermissions] as? NSNumber)?.intValue, 0o700)
    }

    @Test func aCorruptFileIsReportedThenReplaced() throws {
        let (recent, directory) = store()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "{not json".write(toFile: recent.file, atomically: true, encoding: .utf8)
        let read = recent.read()
        #expect(read.entries.isEmpty)
        expectEqual(read.problem?.contains("could not be read"), true)
        try recent.record("/srv/a.yaml")
        expectEqual(recent.read().problem, nil)
        expectEqual(recent.read().entries.map(\.path), ["/srv/a.yaml"])
    }
}
