import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// Overlays, the tree filter, layouts and the status line, as they show on screen.
@Suite(.serialized) struct AppModelScreenTests {
    @Test func helpListsEveryBindingOfEveryPane() async throws {
        try await AppHarness.run(size: Size(columns: 120, rows: 200)) { app in
            app.press(.character("?"))
            let screen = app.screen
            for binding in KeyMap.bindings {
                #expect(screen.contains(binding.action.title), "help misses \(binding.action)")
            }
            for scope in KeyMap.Scope.allCases { #expect(screen.contains(scope.rawValue)) }
            app.press(.escape)
            #expect(app.model.overlay == nil)
        }
    }

    @Test func slashFiltersTheTreeAsYouType() async throws {
        try await AppHarness.run { app in
            app.press(.character("/"))
            app.type("pjs")
            expectEqual(app.model.tree.selectedNode, .request("post-json"))
            #expect(app.screen.contains("/ pjs"))
            app.press(.enter)
            expectEqual(app.model.tree.filter, "pjs")
            app.press(.escape)
            #expect(app.model.tree.filter.isEmpty)
            #expect(app.model.tree.selectedNode == .request("post-json"), "the selection stays")
        }
    }

    @Test func thePaletteFindsRequestsAndRunsActions() async throws {
        try await AppHarness.run { app in
            app.press(.character(":"))
            app.type("jsonval")
            app.press(.enter)
            expectEqual(app.model.tree.selectedNode, .request("json-valid"))
            app.press(.control("p"))
            app.type("switch env")
            app.press(.enter)
            guard app.model.overlay is EnvironmentPicker else {
                Issue.record("the palette did not run the action")
                return
            }
        }
    }

    @Test func belowTheFullLayoutOnePaneShowsUnderATabBar() async throws {
        try await AppHarness.run(size: Size(columns: 80, rows: 24)) { app in
            let frame = app.model.frame()
            expectEqual(frame.tabBar?.text.contains("1 Requests"), true)
            expectEqual(frame.panes.map(\.pane), [.requests])
            app.press(.enter)
            #expect(app.model.focus == .exchange, "sending shows the response in the one-pane layout")
            app.model.size = Size(columns: 30, rows: 10)
            #expect(app.screen.contains("Courier needs 40×12"))
            app.model.size = Size(columns: 120, rows: 40)
            #expect(app.model.frame().panes.count == 10, "nine panes, the Exchange pane in two parts")
        }
    }

    @Test func theVariablesViewHidesSecretsUntilRevealed() async throws {
        try await AppHarness.run(overrides: ["extra": "given"]) { app in
            app.press(.character("V"))
            var screen = app.screen
            #expect(screen.contains("password"))
            #expect(screen.contains("‹redacted›"))
            #expect(!screen.contains("secret "))
            #expect(screen.contains("--var"))
            #expect(screen.contains("built-in"))
            app.press(.character("v"))
            screen = app.screen
            #expect(screen.contains("secret"))
        }
    }

    @Test func copyAsCurlCopiesTheCommandAndHidesSecretsOnScreen() async throws {
        try await AppHarness.run { app in
            app.select(.request("basic-auth"))
            app.press(.character("C"))
            let effects = app.model.takeEffects()
            guard case .copyToClipboard(let command)? = effects.first else {
                Issue.record("nothing was copied")
                return
            }
            #expect(command.hasPrefix("curl "))
            #expect(command.contains("Authorization: Basic"))
            let screen = app.screen
            #expect(screen.contains("curl "))
            #expect(!screen.contains("ZGVtbzpzZWNyZXQ="), "the credentials stay hidden on screen")
        }
    }

    @Test func clickingSelectsARowAndFocusesItsPane() async throws {
        try await AppHarness.run { app in
            app.press(.character("2"))
            let rect = try #require(ScreenLayout(size: app.model.size, focus: .requests, zoomed: false).rects[.requests])
            app.press(.mouse(MouseEvent(.press, row: rect.row + 4, column: rect.column + 5)))
            expectEqual(app.model.focus, .requests)
            expectEqual(app.model.tree.selectedNode, .request("post-form"))
        }
    }

    @Test func anInvalidEditOnDiskKeepsTheLastGoodDefinitions() async throws {
        try await AppHarness.run { app in
            let good = app.fileText
            try (good + "\n  broken: [\n").write(toFile: app.workspacePath, atomically: true, encoding: .utf8)
            try await app.fileChanged()
            #expect(app.model.session.reloadError != nil)
            #expect(app.model.statusLine(now: Date()).text.contains("demo.yaml:"))
            #expect(app.model.session.workspace.requests["get-args"] != nil)
            app.press(.enter)
            try await app.settle("a send with the last good definitions") { app.model.session.exchanges["get-args"]?.stoppedAt != nil }
            try good.write(toFile: app.workspacePath, atomically: true, encoding: .utf8)
            try await app.fileChanged()
            expectEqual(app.model.session.reloadError, nil)
        }
    }

    @Test func anEditorThatBreaksTheFileCanBeUndone() async throws {
        try await AppHarness.run { app in
            app.select(.request("xml"))
            app.press(.character("e"))
            let line = app.model.session.workspace.requests["xml"]!.location.line
            expectEqual(app.model.takeEffects(), [.openEditor(path: app.workspacePath, line: line)])
            let good = app.fileText
            try "requests: [".write(toFile: app.workspacePath, atomically: true, encoding: .utf8)
            try await app.editorFinished(.exited(status: 0))
            #expect(app.screen.contains("is not valid"))
            app.press(.character("d"))
            expectEqual(app.fileText, good)
            expectEqual(app.model.session.reloadError, nil)
        }
    }
}

