import Foundation
import Testing

extension EndToEndTests {
    /// The Cookies pane (7) of the real binary in tmux: a send fills the jar, a cookie is edited
    /// and deleted in place, and the next send carries what the pane left in the jar.
    @Suite struct CookiesPane {
        @Test func aSentCookieIsListedEditedAndDeleted() async throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let session = try TmuxSession(command: "\(EndToEndTests.binary) tui \(sandbox.workspace)", environment: sandbox.environment)
            try await session.waitFor("1 Requests")
            try session.select("session-login")
            try session.press("Enter")
            try await session.waitFor("200 OK")
            try session.press("7", "z")
            // DOMAIN: the zoomed pane's column titles (the pane's small layout shows no domain column).
            let listed = try await session.waitFor(all: ["7 Cookies · 1 cookie", "DOMAIN", "session", "\u{2039}redacted\u{203A}"])
            #expect(listed.contains("\u{25CF} 127.0.0.1"), "marked: the selected exchange set it")
            // Edit: the value shows first (v), then Enter opens the cookie as a line.
            try session.press("v", "Enter")
            try await session.waitFor("Cookie session of 127.0.0.1")
            try session.press("C-u")
            try session.type("session=edited-by-hand; Path=/; HttpOnly")
            try session.press("Enter")
            try await session.waitFor(all: ["changed the cookie session", "edited-by-hand"])
            // The next send carries the edited cookie: the demo server echoes what it received.
            try session.press("z", "1")
            try session.select("cookies")
            try session.press("Enter")
            try await session.waitFor("\"session\": \"edited-by-hand\"")
            try session.press("7", "d")
            try await session.waitFor(all: ["deleted the cookie session", "The jar is empty"])
        }
    }
}
