import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The Cookies pane's `a` with an expiry no whole number of seconds holds: it crashed the
/// workbench (SIGILL converting to Int64 when the jar took the cookie); the cookie is now kept
/// until the latest expiry, 9999-12-31T23:59:59Z.
@Suite(.serialized) struct CookiesPaneExpiryTests {
    @Test func addingACookieWithAHugeMaxAgeKeepsItUntilTheLatestExpiry() async throws {
        try await AppHarness.run { app in
            app.press(.character("7"), .character("a"))
            app.type("forever=1; Max-Age=9223372036854775807")
            app.press(.enter)
            #expect(app.model.overlay == nil)
            let jar = try #require(app.model.session.engine.agent.cookieJar)
            #expect(jar.cookies.map(\.name) == ["forever"] && jar.cookies.first?.expires == Cookie.latestExpiry)
            #expect(app.screen.contains("forever"))
        }
    }

    @Test func maxAgeAndExpiresOutOfRangeAreKeptWithinIt() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func expiry(_ line: String) throws -> Date? { try CookieLine.parse(line, host: "h.test", now: now).get().expires }
        expectEqual(try expiry("a=1; Max-Age=9223372036854775807"), Cookie.latestExpiry)
        #expect(try expiry("a=1; Max-Age=99999999999999999999999999") == Cookie.latestExpiry, "more digits than Int: still a number")
        #expect(try expiry("a=1; Max-Age=-9223372036854775808")?.timeIntervalSince1970 == 1, "negative: expired")
        expectEqual(try expiry("a=1; Max-Age=0")?.timeIntervalSince1970, 1)
        expectEqual(try expiry("a=1; Expires=Fri, 31 Dec 1600 23:59:59 GMT")?.timeIntervalSince1970, 1)
        for word in ["1e300", "nan", "inf", "0x10", "+5", ""] {
            #expect(throws: CookieLineProblem.self, "\(word)") { try CookieLine.parse("a=1; Max-Age=\(word)", host: "h.test", now: now).get() }
        }
    }
}
