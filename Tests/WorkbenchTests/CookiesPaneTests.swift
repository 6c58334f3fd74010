import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The Cookies pane (7): the session's jar as sends fill it, edited in place, values hidden
/// until `v`, read on events and never while drawing.
@Suite(.serialized) struct CookiesPaneTests {
    /// Sends `session-login`, whose answer sets an HttpOnly `session` cookie, and waits for it.
    private func logIn(_ app: AppHarness) async throws {
        app.select(.request("session-login"))
        app.press(.enter)
        try await app.settle("session-login") { app.model.session.exchanges["session-login"]?.stoppedAt != nil }
    }

    private func jar(_ app: AppHarness) throws -> CookieJar {
        try #require(app.model.session.engine.agent.cookieJar)
    }

    @Test func aCookieSetByASendIsListedMarkedAndHiddenUntilRevealed() async throws {
        try await AppHarness.run { app in
            app.press(.character("7"))
            #expect(app.screen.contains("The jar is empty"))
            try await logIn(app)
            app.press(.character("7"), .character("z"))
            var screen = app.screen
            #expect(screen.contains("7 Cookies · 1 cookie"))
            #expect(screen.contains("session"))
            #expect(screen.contains(Redaction.placeholder))
            let value = try #require(try jar(app).cookies.first { $0.name == "session" }?.value)
            #expect(!screen.contains(value), "the value is a secret until v")
            #expect(screen.contains("\(app.model.glyphs.bullet) 127.0.0.1"), "the selected exchange set it: marked")
            app.press(.character("v"))
            screen = app.screen
            #expect(screen.contains(value.prefix(24)), "revealed (cut to its column)")
            #expect(screen.contains("H"), "HttpOnly shows among the flags")
        }
    }

    @Test func addEditAndDeleteChangeTheJarTheNextSendUses() async throws {
        try await AppHarness.run { app in
            app.press(.character("7"), .character("a"))
            app.type("flavour=oatmeal; Max-Age=600")
            app.press(.enter)
            #expect(app.model.overlay == nil)
            expectEqual(try jar(app).cookies.map(\.name), ["flavour"])
            #expect(try jar(app).cookies.first?.expires != nil)
            // Enter edits only with the value shown: it is a secret.
            app.press(.enter)
            #expect(app.model.overlay == nil)
            #expect(app.model.statusLine(now: Date()).text.contains("the value is hidden"))
            app.press(.character("v"), .enter)
            #expect(app.model.overlay is PromptOverlay)
            app.press(.control("u"))
            app.type("flavour=ginger; Path=/")
            app.press(.enter)
            #expect(try jar(app).cookies.map(\.value) == ["ginger"], "the edit replaces the cookie, not adds one")
            // The next send carries the jar's cookie: the demo server echoes what it received.
            app.select(.request("cookies"))
            app.press(.enter)
            try await app.settle("cookies") { app.model.session.exchanges["cookies"]?.stoppedAt != nil }
            expectEqual(app.model.session.exchanges["cookies"]?.request.responseJSON?["cookies"]?["flavour"], "ginger")
            app.press(.character("7"), .character("d"))
            #expect(try jar(app).cookies.isEmpty)
            #expect(app.screen.contains("The jar is empty"))
        }
    }

    @Test func aLineThatIsNoCookieKeepsThePromptOpenWithTheReason() async throws {
        try await AppHarness.run { app in
            app.press(.character("7"), .character("a"))
            app.type("no equals sign")
            app.press(.enter)
            #expect(app.model.overlay is PromptOverlay)
            #expect(app.screen.contains("write name=value"))
            app.press(.control("u"))
            app.type("a=1; Colour=blue")
            app.press(.enter)
            #expect(app.screen.contains("unknown attribute Colour"))
            let cookies = try jar(app).cookies
            #expect(cookies.isEmpty)
        }
    }

    @Test func clearingAsksFirstThenEmptiesTheJar() async throws {
        try await AppHarness.run { app in
            try await logIn(app)
            app.press(.character("7"), .character("D"))
            expectEqual((app.model.overlay as? ConfirmOverlay)?.confirmation.message.contains("Delete all 1 cookies"), true)
            app.press(.character("n"))
            expectEqual(try jar(app).cookies.count, 1)
            app.press(.character("D"), .character("y"))
            #expect(try jar(app).cookies.isEmpty)
        }
    }

    /// The jar is the workbench session's: another environment or a reload of the file keeps it.
    @Test func theJarOutlivesAnEnvironmentSwitchAndAReload() async throws {
        try await AppHarness.run { app in
            try await logIn(app)
            let jar = try jar(app)
            app.press(.character("E"), .down, .enter)
            #expect(app.model.session.environment != nil)
            #expect(app.model.session.engine.agent.cookieJar === jar)
            try await app.fileChanged()
            #expect(app.model.session.engine.agent.cookieJar === jar)
            expectEqual(jar.cookies.map(\.name), ["session"])
        }
    }

    /// The jar is read when a request stops, not per frame.
    @Test func framesDoNotReadTheJar() async throws {
        try await AppHarness.run { app in
            try await logIn(app)
            let reads = (app.model.panes.component(.cookies) as! CookiesPane).reads
            for _ in 0..<20 { _ = app.model.frame() }
            expectEqual((app.model.panes.component(.cookies) as! CookiesPane).reads, reads)
        }
    }

    @Test func aCookieLineReadsBackAsWritten() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let cookie = Cookie(name: "s", value: "a=b", domain: "example.com", path: "/api", includesSubdomains: true, isSecure: true,
                            isHTTPOnly: true, expires: Date(timeIntervalSince1970: 1_800_003_600))
        let line = CookieLine.line(cookie)
        expectEqual(line, "s=a=b; Domain=example.com; Path=/api; Expires=Fri, 15 Jan 2027 09:00:00 GMT; Secure; HttpOnly")
        expectEqual(try CookieLine.parse(line, host: "other.test", now: now).get(), cookie)
        let hostOnly = try CookieLine.parse("k=v", host: "api.test", now: now).get()
        #expect(hostOnly.domain == "api.test" && !hostOnly.includesSubdomains && hostOnly.path == "/")
        expectEqual(try CookieLine.parse("k=v; Max-Age=60", host: "h", now: now).get().expires, now.addingTimeInterval(60))
    }
}
