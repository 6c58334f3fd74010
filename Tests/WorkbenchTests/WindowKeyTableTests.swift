import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The keys of windows, questions, pickers and typed lines are bindings like any other: a
/// config rebinds them, and the footers and hints say the new keys.
@Suite(.serialized) struct WindowKeyTableTests {
    private func table(_ yaml: String) throws -> [KeyMap.Binding] {
        try UserConfig.parse(yaml: yaml, file: "config.yaml").get().bindings
    }

    @Test func aReboundAnswerAndCloseKeyWorkAndTheWindowSaysThem() async throws {
        let rebound = try table("keys:\n  question.answer-yes: o\n  window.close-window: x\n")
        try await KeyMap.$bindings.withValue(rebound) {
            try await AppHarness.run { app in
                app.press(.character("?"))
                #expect(app.screen.contains("x close"), "the help window's footer says the rebound key")
                app.press(.character("q"))
                #expect(app.model.overlay != nil, "q no longer closes a window")
                app.press(.character("x"))
                #expect(app.model.overlay == nil)
                app.press(.character("1"), .character("n"))
                app.type("doomed")
                app.press(.enter)
                #expect(app.model.session.workspace.requests["doomed"] != nil)
                app.press(.character("d"))
                #expect(app.screen.contains("o yes"), "the question says its rebound key")
                app.press(.character("y"))
                #expect(app.model.overlay != nil, "y no longer answers yes")
                app.press(.character("o"))
                #expect(app.model.overlay == nil)
                #expect(app.model.session.workspace.requests["doomed"] == nil, "o answered yes: the request is deleted")
            }
        }
    }

    @Test func aLineTypedInAFilterTakesTheTablesApplyAndCancel() async throws {
        let rebound = try table("keys:\n  typing.cancel-line: ctrl-x\n")
        try await KeyMap.$bindings.withValue(rebound) {
            try await AppHarness.run { app in
                app.press(.character("/"))
                app.type("pjs")
                let status = app.screen.split(separator: "\n").last.map(String.init) ?? ""
                #expect(status.contains("Ctrl-X cancel") && status.contains("↵ apply"), "\(status)")
                app.press(.control("x"))
                #expect(app.model.tree.filter.isEmpty, "the rebound key cancels the filter")
                #expect(!app.model.panes.requests.isTyping)
            }
        }
    }

    /// A key that does not apply says why (the pane's disabled reason), and its hint is left
    /// out of the status line meanwhile.
    @Test func aKeyThatDoesNotApplySaysWhyAndHasNoHint() async throws {
        try await AppHarness.run { app in
            app.press(.character("3"))
            let status = app.screen.split(separator: "\n").last.map(String.init) ?? ""
            #expect(!status.contains("x cancel") && !status.contains("X all"), "\(status)")
            #expect(status.contains("f filter"), "\(status)")
            app.press(.character("x"))
            #expect(app.model.statusLine(now: Date()).text.contains("select a request in flight to cancel it"))
            app.press(.character("4"), .character("P"))
            #expect(app.model.overlay == nil, "nothing to purge: no question")
            #expect(app.model.statusLine(now: Date()).text.contains("the cache is empty"))
        }
    }

    /// A list pane's action from the palette, with another pane focused, is done by its pane.
    @Test func aListPanesActionFromThePaletteGoesToItsPane() async throws {
        try await AppHarness.run { app in
            app.model.perform(.cancelAll)
            #expect(app.model.statusLine(now: Date()).text.contains("nothing in flight"))
            app.select(.request("slow"))
            app.press(.enter)
            try await app.settle("slow in the record table") {
                app.model.tick(force: true)
                return !app.model.panes.inFlight.table.live.isEmpty
            }
            app.press(.character("1"))
            app.model.perform(.cancelAll)
            guard let question = (app.model.overlay as? ConfirmOverlay)?.confirmation else {
                Issue.record("no question: \(String(describing: app.model.overlay))")
                return
            }
            expectEqual(question.consequence, .cancelAll)
            app.press(.character("y"))
            try await app.settle("the cancel") { app.model.session.exchanges["slow"]?.isCancelled == true }
        }
    }
}
