import Foundation
import Testing
@testable import Courier

/// Expiries no conversion to whole seconds can hold — a server's `Max-Age=2^63−1`, an
/// `Expires` in year 99999, `1e300`, infinities, NaN — are kept within
/// ``Cookie/latestExpiry`` (or expired), never trapping: the Netscape line of such a cookie
/// crashed every later run of a persisted jar (SIGILL, Double → Int64).
@Suite struct CookieExpiryTests {
    private let latest: Int64 = 253_402_300_799   // 9999-12-31T23:59:59Z

    private func file() -> String {
        NSTemporaryDirectory() + "courier-jar-expiry-\(UUID().uuidString)/cookies/jar.txt"
    }

    @Test func aServersHugeMaxAgeIsKeptAsTheLatestExpiry() throws {
        let jar = CookieJar()
        try jar.add(setCookieField: "big=1; Max-Age=9223372036854775807; Domain=x.test")
        try jar.add(setCookieField: "huge=2; Max-Age=99999999999999999999999; Domain=x.test")
        try jar.add(setCookieField: "far=3; Expires=Fri, 31 Dec 99999 23:59:59 GMT; Domain=x.test")
        let cookies = jar.cookies
        expectEqual(Set(cookies.map(\.name)), ["big", "huge", "far"])
        for cookie in cookies {
            #expect(cookie.expires == Cookie.latestExpiry, "\(cookie.name)")
            #expect(cookie.netscapeLine.contains("\t\(latest)\t"), "\(cookie.netscapeLine)")
        }
    }

    @Test func aPersistedJarWithAHugeExpiryIsWrittenAndReadAgain() throws {
        let path = file()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent + "/..") }
        let jar = try CookieJar(file: path)
        try jar.add(setCookieField: "big=1; Max-Age=9223372036854775807; Domain=x.test")
        try jar.saveToFile()
        let again = try CookieJar(file: path)
        #expect(again.cookies.map(\.name) == ["big"] && again.cookies.first?.expires == Cookie.latestExpiry)
        #expect(again.loadProblems.isEmpty)
    }

    @Test func expiriesNoSecondCountHoldsNeverTrap() throws {
        func line(_ seconds: TimeInterval) -> String {
            Cookie(name: "a", value: "1", domain: "x.test", expires: Date(timeIntervalSince1970: seconds)).netscapeLine
        }
        #expect(line(1e300).contains("\t\(latest)\t"))
        #expect(line(.infinity).contains("\t\(latest)\t"))
        #expect(line(Double(Int64.max)).contains("\t\(latest)\t"))
        #expect(line(-1e300).contains("\t1\t"), "before 1970: expired, not a session cookie (0)")
        #expect(line(-.infinity).contains("\t1\t"))
        #expect(line(.nan).contains("\t1\t"))
        #expect(line(2_000_000_000.7).contains("\t2000000000\t"))

        let jar = CookieJar()
        #expect(throws: CookieJarError.self) {
            try jar.set(Cookie(name: "n", value: "1", domain: "x.test", expires: Date(timeIntervalSince1970: .nan)))
        }
        try jar.set(Cookie(name: "far", value: "1", domain: "x.test", expires: Date(timeIntervalSince1970: 1e300)))
        try jar.set(Cookie(name: "gone", value: "1", domain: "x.test", expires: Date(timeIntervalSince1970: -1e300)))
        #expect(jar.cookies.map(\.name) == ["far"] && jar.cookies.first?.expires == Cookie.latestExpiry)
    }

    @Test func maxAgeHelpersStayWithinRange() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        expectEqual(Cookie.expiry(maxAge: 60, from: now), now.addingTimeInterval(60))
        expectEqual(Cookie.expiry(maxAge: 1e300, from: now), Cookie.latestExpiry)
        expectEqual(Cookie.expiry(maxAge: .infinity, from: now), Cookie.latestExpiry)
        expectEqual(Cookie.expiry(maxAge: 0, from: now).timeIntervalSince1970, 1)
        expectEqual(Cookie.expiry(maxAge: -5, from: now).timeIntervalSince1970, 1)
        expectEqual(Cookie.expiry(maxAge: .nan, from: now).timeIntervalSince1970, 1)
    }

    @Test func netscapeLinesWithOutOfRangeExpiriesAreReadWithinRange() {
        let huge = Cookie(netscapeLine: "x.test\tFALSE\t/\tFALSE\t9223372036854775807\ta\t1")
        expectEqual(huge?.expires, Cookie.latestExpiry)
        let negative = Cookie(netscapeLine: "x.test\tFALSE\t/\tFALSE\t-9223372036854775808\ta\t1")
        expectEqual(negative?.expires?.timeIntervalSince1970, 1)
        #expect(Cookie(netscapeLine: "x.test\tFALSE\t/\tFALSE\t99999999999999999999\ta\t1") == nil,
                "past Int64: libcurl refuses the line too")
        #expect(huge.map { Cookie(netscapeLine: $0.netscapeLine) == $0 } == true, "read back as written")
    }
}
