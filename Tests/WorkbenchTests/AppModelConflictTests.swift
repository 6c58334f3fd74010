import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// Unsaved edits whose request another program changes or deletes in the file: the draft is
/// kept and marked, and `w` asks what to keep instead of overwriting or dropping anything.
@Suite(.serialized) struct AppModelConflictTests {
    /// get-args as the demo file has it, down to its URL.
    private static let getArgsHead = "  get-args:\n    description: Query arguments, a generated header and a URL filter's parameter.\n    url: /get\n"

    /// Types a new URL into the selected request's composer: an unsaved edit.
    private func editURL(_ app: AppHarness, to url: String) {
        app.press(.character("2"), .character("u"), .control("u"))
        app.type(url)
        app.press(.enter, .character("1"))
    }

    /// Changes the file as another program would, and tells the model as the watcher does.
    private func changeOutside(_ app: AppHarness, _ change: (String) -> String) async throws {
        let text = app.fileText
        let changed = change(text)
        #expect(changed != text, "the outside change applies")
        try changed.write(toFile: app.workspacePath, atomically: true, encoding: .utf8)
        try await app.fileChanged()
    }

    /// get-args edited here (its URL), then its URL changed in the file by another program.
    private func changedUnderTheDraft(_ app: AppHarness) async throws {
        editURL(app, to: "/anything/mine")
        try await changeOutside(app) {
            $0.replacingOccurrences(of: Self.getArgsHead, with: Self.getArgsHead.replacingOccurrences(of: "url: /get", with: "url: /anything/theirs"))
        }
    }

    /// slow-body edited here, then deleted from the file by another program.
    private func deletedUnderTheDraft(_ app: AppHarness) async throws {
        app.select(.request("slow-body"))
        editURL(app, to: "/anything/mine")
        try await changeOutside(app) { text in
            guard let start = text.range(of: "  slow-body:\n"), let end = text.range(of: "  long-url:\n") else { return text }
            return text.replacingCharacters(in: start.lowerBound..<end.lowerBound, with: "")
        }
    }

    private func conflictPanel(_ app: AppHarness) -> String? {
        guard let panel = (app.model.overlay as? TextOverlay)?.panel, case .editConflict(let name) = panel.kind else { return nil }
        return name
    }

    @Test func aRequestDeletedOutsideKeepsItsDraftMarkedAndListed() async throws {
        try await AppHarness.run { app in
            try await deletedUnderTheDraft(app)
            #expect(app.model.session.workspace.requests["slow-body"] == nil)
            #expect(app.model.session.drafts["slow-body"]?.url == "/anything/mine", "the draft is kept")
            expectEqual(app.model.session.draftOrigins["slow-body"]?.conflict, .deleted)
            #expect(app.model.tree.rows.contains { $0.node == .request("slow-body") }, "still listed")
            expectEqual(app.model.tree.selectedNode, .request("slow-body"))
            let screen = app.screen
            #expect(screen.contains("slow-body ✎ conflict"))
            #expect(screen.contains("deleted from demo.yaml meanwhile"))
            #expect(app.model.statusLine(now: Date()).text.contains("slow-body deleted from demo.yaml meanwhile: edits kept, w to choose"))
            let before = app.fileText
            app.press(.character("w"))
            #expect(conflictPanel(app) == "slow-body", "w asks instead of saying nothing to save")
            expectEqual(app.fileText, before)
            #expect(app.screen.contains("m keep mine · t take theirs · b show both · Esc later"))
            app.press(.escape, .character("g"))
            let inFile = app.model.session.workspace.requestNames.count
            #expect(!app.model.session.workspace.requestNames.contains("slow-body"))
            #expect(app.screen.contains("REQUESTS  \(inFile + 1)"), "the kept request still counts")
        }
    }

    @Test func wDoesNotOverwriteAChangeMadeOutside() async throws {
        try await AppHarness.run { app in
            try await changedUnderTheDraft(app)
            expectEqual(app.model.session.draftOrigins["get-args"]?.conflict, .changed)
            expectEqual(app.model.session.workspace.requests["get-args"]?.url, "/anything/theirs")
            expectEqual(app.model.session.drafts["get-args"]?.url, "/anything/mine")
            #expect(app.screen.contains("get-args ✎ conflict"))
            let before = app.fileText
            app.press(.character("w"))
            expectEqual(conflictPanel(app), "get-args")
            #expect(app.fileText == before, "nothing written before the choice")
            app.press(.escape)
            #expect(app.model.session.drafts["get-args"]?.url == "/anything/mine", "Esc decides later")
        }
    }

    @Test func keepMineWritesTheDraftOverTheirChange() async throws {
        try await AppHarness.run { app in
            try await changedUnderTheDraft(app)
            app.press(.character("w"))
            #expect(app.fileText.contains("    url: /anything/theirs\n"), "w alone writes nothing")
            app.press(.character("m"))
            #expect(app.fileText.contains("    url: /anything/mine\n"))
            #expect(!app.fileText.contains("/anything/theirs"))
            #expect(app.model.session.drafts.isEmpty && app.model.overlay == nil)
            expectEqual(app.model.session.workspace.requests["get-args"]?.url, "/anything/mine")
        }
    }

    @Test func keepMineWritesADeletedRequestBack() async throws {
        try await AppHarness.run { app in
            try await deletedUnderTheDraft(app)
            app.press(.character("w"), .character("m"))
            let written = try #require(app.model.session.workspace.requests["slow-body"])
            expectEqual(written.url, "/anything/mine")
            #expect(written.description == "2 MB that drips in over four seconds — progress and elapsed time while it arrives.",
                    "the rest comes back as it was")
            #expect(app.model.session.drafts.isEmpty)
        }
    }

    @Test func takeTheirsDropsTheDraftAndLeavesTheFile() async throws {
        try await AppHarness.run { app in
            try await changedUnderTheDraft(app)
            let before = app.fileText
            app.press(.character("w"), .character("t"))
            expectEqual(app.fileText, before)
            #expect(app.model.session.drafts.isEmpty && app.model.overlay == nil)
            expectEqual(app.model.session.workspace.requests["get-args"]?.url, "/anything/theirs")
        }
        try await AppHarness.run { app in
            try await deletedUnderTheDraft(app)
            app.press(.character("w"), .character("t"))
            #expect(app.model.session.drafts.isEmpty)
            #expect(!app.model.tree.rows.contains { $0.node == .request("slow-body") }, "gone with the draft")
        }
    }

    @Test func showBothShowsTheFilesVersionAndMineThenStillChooses() async throws {
        try await AppHarness.run { app in
            try await changedUnderTheDraft(app)
            app.press(.character("w"), .character("b"))
            expectEqual(conflictPanel(app), "get-args")
            let screen = app.screen
            #expect(screen.contains("-   url: /anything/theirs"))
            #expect(screen.contains("+   url: /anything/mine"))
            app.press(.character("m"))
            #expect(app.fileText.contains("    url: /anything/mine\n"))
        }
    }

    @Test func aChangeOutsideWhatTheDraftEditsIsNoConflictAndIsKept() async throws {
        try await AppHarness.run { app in
            editURL(app, to: "/anything/mine")
            try await changeOutside(app) {
                $0.replacingOccurrences(of: "Query arguments, a generated header and a URL filter's parameter.", with: "Described elsewhere.")
            }
            expectEqual(app.model.session.draftOrigins["get-args"]?.conflict, nil)
            app.press(.character("w"))
            #expect(app.model.overlay == nil)
            #expect(app.fileText.contains("  get-args:\n    description: Described elsewhere.\n    url: /anything/mine\n"))
        }
    }
}
