import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The response's body, headers and timing through the keys.
@Suite(.serialized) struct AppModelResponseTests {
    @Test func searchFilterAndFoldTheBody() async throws {
        try await AppHarness.run { app in
            app.select(.request("json-valid"))
            app.press(.enter)
            try await app.settle("json-valid") { app.model.session.exchanges["json-valid"]?.viewer != nil }
            app.press(.character("2"), .character("2"))
            expectEqual(app.model.scope, .response)
            app.press(.character("/"))
            app.type("wake")
            app.press(.enter)
            expectEqual(app.model.selectedExchange?.viewer?.search?.matches.count, 1)
            #expect(app.buffer.cells.contains { $0.style == .currentMatch })
            // n and N move between the matches of a plain body (not only of a stream's).
            app.press(.character("/"), .control("u"))
            app.type("title")
            app.press(.enter)
            let titles = app.model.selectedExchange?.viewer?.search?.matches.count ?? 0
            let first = try #require(app.model.selectedExchange?.viewer?.search?.current)
            #expect(titles >= 2, "\(titles) matches")
            app.press(.character("n"))
            expectEqual(app.model.selectedExchange?.viewer?.search?.current, (first + 1) % titles)
            app.press(.character("N"))
            expectEqual(app.model.selectedExchange?.viewer?.search?.current, first)
            app.press(.character("f"))
            app.type("$.slideshow.title")
            app.press(.enter)
            #expect(app.screen.contains("\"Sample Slide Show\""))
            #expect(!app.screen.contains("\"author\""))
            app.press(.character("f"), .control("u"), .enter)
            app.press(.character("g"), .enter)
            #expect(app.screen.contains("… "), "the root folds with a summary")
            app.press(.character("]"))
            #expect(app.screen.contains("Response  HTTP/1.1 200"))
            app.press(.character("]"))
            #expect(app.screen.contains("First byte"))
        }
    }

    @Test func theBodyIsSavedToAFileTheUserNames() async throws {
        try await AppHarness.run { app in
            app.select(.request("xml"))
            app.press(.enter)
            try await app.settle("xml") { app.model.session.exchanges["xml"]?.stoppedAt != nil }
            app.press(.character("2"), .character("2"), .character("s"), .control("u"))
            let path = app.directory + "/saved.xml"
            app.type(path)
            app.press(.enter)
            #expect(app.model.overlay == nil)
            let saved = try Data(contentsOf: URL(fileURLWithPath: path))
            expectEqual(saved, app.model.session.exchanges["xml"]?.request.responseData)
            app.press(.character("s"), .control("u"))
            app.type(path)
            app.press(.enter)
            // The prompt stays, saying why (its line wraps where the path is long, so the prompt's own text is read).
            let prompt = try #require(app.model.overlay as? PromptOverlay)
            #expect(prompt.prompt.error == "\(path) exists; choose another name", "an existing file is not overwritten")
            #expect(app.screen.contains("choose another"))
        }
    }

    @Test func zoomGivesThePaneTheWholeScreen() async throws {
        try await AppHarness.run { app in
            app.press(.character("z"))
            expectEqual(app.model.frame().panes.map(\.pane), [.requests])
            expectEqual(app.model.frame().panes.first?.rect.height, 39)
            app.press(.character("z"))
            #expect(app.model.frame().panes.count == 10, "nine panes, the Exchange pane in two parts")
        }
    }
}
