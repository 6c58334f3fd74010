import Foundation
import Testing
@testable import CourierChecks
@testable import CourierWorkspace
@testable import Workbench

/// Reading a workspace's `contract:` is work with no request of its own: a read of a changed
/// file runs off the input loop and In flight names it while it runs; Events names what it did
/// (decoded, or from the disk cache) and how long the read took — and says nothing when the
/// contract came from memory.
@Suite struct ContractReadEventTests {
    @Test func aReadDecodesOnceThenFindsTheContractInMemory() throws {
        let directory = temporaryDirectory("courier-contract-read")
        try contractDocument(operations: 6, title: "read-\(UUID().uuidString)").write(toFile: directory + "/api.yaml", atomically: true, encoding: .utf8)
        let path = directory + "/w.yaml"
        try "config: {baseUrl: 'http://127.0.0.1:1', contract: api.yaml}\nrequests:\n  r: {url: /api/things0}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let (_, first) = try ContractRead.reading { () throws(WorkspaceError) in try Workspace.load(path: path) }
        let read = try #require(first, "a new document is decoded")
        #expect(read.file == "api.yaml" && read.operations == 6 && !read.fromDiskCache && read.seconds > 0, "\(read)")
        expectEqual(read.note, "6 operations · decoded")
        let (_, again) = try ContractRead.reading { () throws(WorkspaceError) in try Workspace.load(path: path) }
        #expect(again == nil, "the same bytes come from memory: no work to report")
        let (_, none) = try ContractRead.reading { () throws(WorkspaceError) in try Workspace.parse(yaml: "requests: {r: {url: /}}", file: path) }
        expectEqual(none, nil)
    }

    @Test func theWorkbenchLogsAContractItReadsInEvents() async throws {
        try await AppHarness.run { app in
            try contractDocument(operations: 4, title: "tui-\(UUID().uuidString)").write(toFile: app.directory + "/api.yaml", atomically: true, encoding: .utf8)
            let text = try String(contentsOfFile: app.workspacePath, encoding: .utf8)
            try text.replacingOccurrences(of: "config:\n", with: "config:\n  contract: api.yaml\n")
                .write(toFile: app.workspacePath, atomically: true, encoding: .utf8)
            // The read runs off the input loop: In flight names it (and the status line) until it is back.
            app.model.workspaceFileChanged()
            #expect(app.screen.contains("In flight · reading demo.yaml"), "\(app.screen)")
            #expect(app.model.isBusy && app.model.statusLine(now: Date()).text.contains("reading demo.yaml"))
            try await app.settle("the file read again") { !app.model.session.isReadingFile }
            #expect(!app.screen.contains("reading demo.yaml") && app.model.session.workspace.config.contract != nil)
            app.model.focus(.events)
            app.model.perform(.zoom)
            let rows = app.screen.split(separator: "\n").filter { $0.contains("api.yaml") }
            #expect(rows.count == 1 && rows[0].contains("contract api.yaml") && rows[0].contains("4 operations · decoded"), "\(app.screen)")
            // The contract cache is the process's, four documents, and tests run side by side: one
            // that read others meanwhile may have pushed this one out. Then the read did work and
            // says so; otherwise it found the contract in memory and says nothing.
            let contract = try #require(app.model.session.workspace.config.contract?.file)
            let before = ContractCache.shared.workDone
            app.model.workspaceFileChanged()
            app.model.perform(.zoom)
            #expect(app.screen.contains("reading demo.yaml and contract api.yaml"), "the contract it names: \(app.screen)")
            try await app.settle("read again") { !app.model.session.isReadingFile }
            let after = ContractCache.shared.workDone
            let didWork = after.parses[contract, default: 0] > before.parses[contract, default: 0]
                || after.diskHits[contract, default: 0] > before.diskHits[contract, default: 0]
            app.model.focus(.events)
            let logged = app.screen.split(separator: "\n").filter { $0.contains("api.yaml") }
            expectEqual(logged.count, didWork ? 2 : 1)
        }
    }

    /// The editor's write is also seen by the file watcher, whose read supersedes the editor's:
    /// the read that is taken still answers the editor's end.
    @Test func aWatcherReadThatSupersedesTheEditorsStillAnswersIt() async throws {
        try await AppHarness.run { app in
            try app.fileText.replacingOccurrences(of: "/anything/cities", with: "/anything/towns")
                .write(toFile: app.workspacePath, atomically: true, encoding: .utf8)
            app.model.editorFinished(.exited(status: 0))
            try await app.fileChanged()
            #expect(app.model.toasts.shown.contains { $0.text == "reloaded demo.yaml" }, "\(app.model.toasts.shown.map(\.text))")
            expectEqual(app.model.session.workspace.requests["cities"]?.url.contains("towns"), true)
        }
    }

    /// Two reads under way: the older one's result does not end In flight's note of the newer.
    @Test func anOlderReadsResultDoesNotEndANewerOne() async throws {
        try await AppHarness.run { app in
            let pane = app.model.panes.inFlight
            let read = WorkspaceReading.Read(workspace: app.model.session.workspace, contractRead: nil)
            app.model.tell(.readingWorkspace(file: "demo.yaml", contract: nil, generation: 1))
            app.model.tell(.readingWorkspace(file: "demo.yaml", contract: nil, generation: 2))
            _ = pane.apply(.workspaceRead(WorkspaceReading(generation: 1, result: .success(read))), context: app.model.context(for: .inFlight))
            #expect(pane.isWorking && app.screen.contains("In flight · reading demo.yaml"), "\(app.screen)")
            _ = pane.apply(.workspaceRead(WorkspaceReading(generation: 2, result: .success(read))), context: app.model.context(for: .inFlight))
            #expect(!pane.isWorking && !app.screen.contains("reading demo.yaml"))
        }
    }
}
