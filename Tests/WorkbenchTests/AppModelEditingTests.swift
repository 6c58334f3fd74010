import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The composer edits requests in place; while a field is edited every key goes to it.
@Suite(.serialized) struct AppModelEditingTests {
    @Test func whileAFieldIsEditedKeysGoToTheField() async throws {
        try await AppHarness.run { app in
            app.press(.character("2"), .character("u"))
            expectEqual(app.model.scope, .composer)
            app.type("q?:1zEx")
            #expect(!app.model.wantsToQuit)
            #expect(app.model.overlay == nil)
            expectEqual(app.model.focus, .exchange)
            guard case .field(let edit)? = app.model.panes.exchange.typing else {
                Issue.record("the URL is not being edited")
                return
            }
            expectEqual(edit.editor.text, "/getq?:1zEx")
            #expect(app.model.frame().cursor != nil, "the cursor shows in the field")
            app.press(.escape)
            #expect(app.model.session.drafts.isEmpty, "Esc drops the change")
            expectEqual(app.model.frame().cursor, nil)
        }
    }

    @Test func anEditedURLIsWhatGetsSentAndIsMarkedUnsaved() async throws {
        try await AppHarness.run { app in
            app.press(.character("2"), .character("u"), .control("u"))
            app.type("/anything/edited")
            app.press(.enter)
            expectEqual(app.model.session.drafts["get-args"]?.url, "/anything/edited")
            #expect(app.screen.contains("✎ unsaved"))
            app.press(.character("1"))
            #expect(app.screen.contains("get-args ✎"))
            app.press(.enter)
            try await app.settle("the edited request") { app.model.session.exchanges["get-args"]?.stoppedAt != nil }
            let url = app.model.session.exchanges["get-args"]?.request.responseJSON?["url"]?.stringValue ?? ""
            #expect(url.contains("/anything/edited?"))
            #expect(url.contains("lang=swift"), "the arguments still go along")
        }
    }

    @Test func rowsAreAddedSwitchedOffAndRemoved() async throws {
        try await AppHarness.run { app in
            app.press(.character("2"), .character("]"))
            app.press(.character("a"))
            app.type("X-Added")
            app.press(.tab)
            app.type("yes")
            app.press(.enter)
            expectEqual(app.model.session.drafts["get-args"]?.headers.map(\.name), ["X-Request-Id", "X-Added"])
            #expect(app.screen.contains("X-Added"))
            app.press(.character("["), .character("g"), .down)
            expectEqual(app.model.panes.exchange.composer.row, 1)
            app.press(.character(" "))
            #expect(app.model.session.drafts["get-args"]?.args?.first { $0.name == "lang" }?.isEnabled == false)
            app.press(.character("1"), .enter)
            try await app.settle("the edited request") { app.model.session.exchanges["get-args"]?.stoppedAt != nil }
            let echo = try #require(app.model.session.exchanges["get-args"]?.request.responseJSON)
            expectEqual(echo["headers"]?["X-Added"], "yes")
            #expect(echo["args"]?["lang"] == nil, "a row switched off is not sent")
            expectEqual(echo["args"]?["page"], "1")
            app.press(.character("2"), .character("g"), .down)
            app.press(.character("d"))
            expectEqual(app.model.session.drafts["get-args"]?.args?.map(\.name), ["page"])
        }
    }

    @Test func aNewRowCancelledWithEscIsGone() async throws {
        try await AppHarness.run { app in
            app.press(.character("2"), .character("a"))
            app.type("temp")
            app.press(.escape)
            expectEqual(app.model.session.drafts["get-args"], nil)
        }
    }

    @Test func theMethodCyclesAndEditsAreKeptWhenTheSelectionMoves() async throws {
        try await AppHarness.run { app in
            app.press(.character("2"), .character("m"))
            expectEqual(app.model.session.drafts["get-args"]?.method, .post)
            app.press(.character("1"), .down, .down, .up, .up)
            expectEqual(app.model.tree.selectedNode, .request("get-args"))
            #expect(app.model.session.drafts["get-args"]?.method == .post, "moving away never drops an edit")
            app.press(.character("2"))
            for _ in 0..<5 { app.press(.character("m")) }
            #expect(app.model.session.drafts["get-args"]?.method == .options, "m cycles GET POST PUT PATCH DELETE HEAD OPTIONS")
            app.press(.character("m"))
            #expect(app.model.session.drafts["get-args"] == nil, "back to GET: nothing unsaved")
        }
    }

    @Test func aMethodTypedBeforeTheURLIsAnyToken() async throws {
        try await AppHarness.run { app in
            app.press(.character("2"), .character("u"), .control("u"))
            app.type("PROPFIND /anything/files")
            app.press(.enter)
            expectEqual(app.model.session.drafts["get-args"]?.method, .propfind)
            expectEqual(app.model.session.drafts["get-args"]?.url, "/anything/files")
            app.press(.character("u"), .control("u"))
            app.type("/anything/plain words")                        // no method word: all of it is the URL
            app.press(.enter)
            expectEqual(app.model.session.drafts["get-args"]?.method, .propfind)
            expectEqual(app.model.session.drafts["get-args"]?.url, "/anything/plain words")
        }
        #expect(ExchangePane.leadingMethod(of: "M-SEARCH *") == (HTTPMethod("M-SEARCH"), "*"))
        #expect(ExchangePane.leadingMethod(of: "health check") == (nil, "health check"))   // lower case: a URL
        #expect(ExchangePane.leadingMethod(of: "GE(T /x") == (nil, "GE(T /x"))             // not a token
    }

    @Test func quitAsksWhenEditsAreUnsavedOrRequestsInFlight() async throws {
        try await AppHarness.run { app in
            app.press(.character("2"), .character("m"), .character("q"))
            guard let confirmation = (app.model.overlay as? ConfirmOverlay)?.confirmation else {
                Issue.record("q did not ask")
                return
            }
            #expect(confirmation.message.contains("unsaved edits (get-args)"))
            app.press(.character("n"))
            #expect(app.model.overlay == nil && !app.model.wantsToQuit)
            app.press(.character("q"), .character("y"))
            #expect(app.model.wantsToQuit)
        }
        try await AppHarness.run { app in
            app.press(.character("q"))
            #expect(app.model.wantsToQuit, "nothing to lose: q quits at once")
        }
    }

    @Test func wWritesOnlyTheEditedLineAndClearsTheUnsavedMark() async throws {
        try await AppHarness.run { app in
            let before = app.fileText.components(separatedBy: "\n")
            app.press(.character("2"), .character("u"), .control("u"))
            app.type("/anything/saved")
            app.press(.enter, .character("w"))
            let after = app.fileText.components(separatedBy: "\n")
            expectEqual(after.count, before.count)
            let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }
            expectEqual(changed.count, 1)
            expectEqual(changed.first?.element.1, "    url: /anything/saved")
            #expect(app.model.session.drafts.isEmpty)
            #expect(!app.model.hasUnsavedEdits)
            expectEqual(app.model.session.workspace.requests["get-args"]?.url, "/anything/saved")
            #expect(app.model.statusLine(now: Date()).text.contains("saved get-args to demo.yaml"))
        }
    }

    @Test func newDuplicateRenameAndDeleteChangeTheFile() async throws {
        try await AppHarness.run { app in
            app.press(.character("n"))
            app.type("brand-new")
            app.press(.enter)
            expectEqual(app.model.session.workspace.requests["brand-new"]?.url, "/get")
            expectEqual(app.model.tree.selectedNode, .request("brand-new"))
            app.press(.character("D"), .enter)
            #expect(app.model.session.workspace.requests["brand-new-copy"] != nil)
            app.select(.request("brand-new-copy"))
            app.press(.character("r"), .control("u"))
            app.type("renamed")
            app.press(.enter)
            #expect(app.model.session.workspace.requests["renamed"] != nil)
            #expect(app.model.session.workspace.requests["brand-new-copy"] == nil)
            app.press(.character("d"), .character("y"))
            #expect(app.model.session.workspace.requests["renamed"] == nil)
            #expect(!app.fileText.contains("renamed:"))
            app.select(.request("login"))
            app.press(.character("d"), .character("y"))
            #expect(app.model.session.workspace.requests["login"] != nil, "a request a chain uses is not deleted")
            #expect(app.model.statusLine(now: Date()).text.contains("cannot delete"))
        }
    }

    @Test func aPastedCurlCommandBecomesARequest() async throws {
        try await AppHarness.run { app in
            app.press(.paste("curl -X POST -H 'X-From: paste' https://example.org/api/items -d 'a=1'"))
            let imported = try #require(app.model.session.workspace.requests["imported"])
            expectEqual(imported.method, .post)
            expectEqual(imported.url, "https://example.org/api/items")
            expectEqual(app.model.tree.selectedNode, .request("imported"))
            #expect(app.fileText.contains("imported:"))
        }
    }
}
