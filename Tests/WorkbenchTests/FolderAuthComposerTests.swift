import Courier
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The composer's Auth tab of a request in a folder workspace shows the auth its folder's
/// config gives it, and which folder's (#44), redacted like the request's own.
@Suite(.serialized) struct FolderAuthComposerTests {
    @Test(arguments: [Size(columns: 120, rows: 40), Size(columns: 80, rows: 24)])
    func theAuthTabShowsTheFoldersAuthAndWhereItComesFrom(size: Size) async throws {
        try await AppHarness.run(size: size, overrides: ["token": "tok-3141"], folder: "team") { app in
            app.select(.request("refunds-list"))
            app.press(.character("2"))
            for _ in ComposerState.Tab.allCases where app.model.panes.exchange.composer.tab != .auth { app.press(.right) }
            expectEqual(app.model.panes.exchange.composer.tab, .auth)
            let screen = app.screen
            #expect(screen.contains("From the config of") && screen.contains("requests/orders/admin/"), "\(screen)")
            #expect(screen.contains("Bearer"), "\(screen)")
            #expect(!screen.contains("tok-3141"), "the folder's token is a secret like any other")
        }
    }
}
