import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// An OAuth2 authorization-code grant in the workbench: the URL to sign in at shows in a
/// window and goes to the clipboard — nothing is printed under the curses screen — and the
/// request goes out once the browser comes back.
@Suite struct WorkbenchAuthorizationTests {
    @Test func theSignInURLShowsInAWindowAndTheRequestGoesOutAfterIt() async throws {
        let grant = """
              signed-in:
                url: /oauth/protected
                auth: {oauth2: {grant: authorization_code, tokenUrl: "{{demo}}/oauth/token", authUrl: "{{demo}}/oauth/authorize", clientId: demo-client, clientSecret: demo-secret, redirectTimeout: 20}}

            """
        try await AppHarness.run(editing: { $0.replacingOccurrences(of: "\nrequests:\n", with: "\nrequests:\n" + grant) }) { app in
            app.select(.request("signed-in"))
            app.press(.enter)
            try await app.settle("the sign-in window") {
                if case .authorization? = (app.model.overlay as? TextOverlay)?.panel.kind { return true }
                return false
            }
            let url = try #require((app.model.overlay as? TextOverlay)?.panel.lines.first?.text)
            #expect(url.contains("/oauth/authorize?") && url.contains("code_challenge_method=S256"))
            #expect(app.model.takeEffects().contains(.copyToClipboard(url)))
            #expect(app.screen.contains("Sign in to get a token"))
            // The "browser": follows the URL and its redirect to the loopback listener.
            let visit = ConfigurableRequest(url)
            visit.agent = NetworkAgent(config: NetworkConfig())
            visit.definition.responseSerializer = .raw
            _ = try? await visit.run()
            try await app.settle("signed-in answered") { app.model.session.exchanges["signed-in"]?.stoppedAt != nil }
            expectEqual(app.model.session.exchanges["signed-in"]?.request.responseStatusCode, 200)
        }
    }
}

/// A token fetch is no workspace request, but In flight and Events name it (#42: it was a
/// nameless row, `—`).
@Suite struct TokenFetchNamingTests {
    @Test func aTokenFetchIsNamedInEvents() async throws {
        try await AppHarness.run { app in
            app.select(.request("oauth2-protected"))
            app.press(.enter)
            try await app.settle("oauth2-protected answered") { app.model.session.exchanges["oauth2-protected"]?.stoppedAt != nil }
            expectEqual(app.model.session.exchanges["oauth2-protected"]?.request.responseStatusCode, 200)
            app.press(.character("6"))
            app.press(.character("z"))  // Events alone, wide enough for the whole name
            try await app.settle("the token fetch named in Events") {
                app.model.tick()
                return app.screen.contains("request  oauth2 token from 127.0.0.1")
            }
            #expect(!app.screen.contains("started    —"), "no nameless row")
        }
    }

    /// #42: at 120×40, in the default layout, In flight and Events show names to 24 characters:
    /// a request of 24 whole, a token fetch's longer name in 24 columns.
    @Test func inFlightAndEventsShowNamesTo24CharactersAt120x40() async throws {
        try await AppHarness.run { app in
            expectEqual(app.model.size, Size(columns: 120, rows: 40))
            let name = "slow-answer-with-24-char"
            expectEqual(name.count, 24)
            expectEqual(app.model.session.addRequest(named: name, definition: app.model.session.effectiveDefinition(of: "slow")), nil)
            app.model.session.send(name, ignoringCache: true)
            app.select(.request("oauth2-protected"))
            app.press(.enter)
            let layout = app.model.layout
            func shows(_ text: String, in pane: PaneID) -> Bool {
                guard let rect = layout.rects[pane] else { return false }
                let lines = app.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                return lines[rect.row..<(rect.row + rect.height)].contains { String($0.dropFirst(rect.column).prefix(rect.width)).contains(text) }
            }
            try await app.settle("In flight names the slow request whole") {
                app.model.tick(force: true)
                return shows(name, in: .inFlight)
            }
            try await app.settle("Events names both, the token fetch in 24 columns") {
                app.model.tick(force: true)
                return shows(name, in: .events) && shows("oauth2 token from 127.0…", in: .events)
            }
        }
    }
}
