import Courier
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The jar's own API over libcurl's cookie store, without a server: what is set is listed with
/// every Netscape field, removed one at a time, cleared, saved 0600 and loaded back.
@Suite struct CookieJarTests {
    private let far = Date(timeIntervalSince1970: 2_000_000_000)

    @Test func setCookiesAreListedWithEveryField() throws {
        let jar = CookieJar()
        try jar.set(Cookie(name: "sid", value: "v1", domain: "example.com", path: "/app", includesSubdomains: true,
                           isSecure: true, isHTTPOnly: true, expires: far))
        try jar.set(Cookie(name: "plain", value: "a b=c", domain: "127.0.0.1"))
        let cookies = jar.cookies
        expectEqual(cookies.count, 2)
        let sid = try #require(cookies.first { $0.name == "sid" })
        #expect(sid == Cookie(name: "sid", value: "v1", domain: "example.com", path: "/app", includesSubdomains: true,
                              isSecure: true, isHTTPOnly: true, expires: far))
        let plain = try #require(cookies.first { $0.name == "plain" })
        #expect(plain.value == "a b=c" && plain.expires == nil && !plain.includesSubdomains && !plain.isHTTPOnly)
        #expect(!"\(sid)".contains("v1"), "a cookie's description hides its value")
    }

    @Test func settingTheSameDomainPathAndNameReplaces() throws {
        let jar = CookieJar()
        try jar.set(Cookie(name: "sid", value: "old", domain: "example.com"))
        try jar.set(Cookie(name: "sid", value: "new", domain: "example.com"))
        try jar.set(Cookie(name: "sid", value: "other-path", domain: "example.com", path: "/x"))
        expectEqual(jar.cookies.map(\.value).sorted(), ["new", "other-path"])
    }

    @Test func removeTakesOneCookieAndClearTakesAll() throws {
        let jar = CookieJar()
        try jar.set(Cookie(name: "a", value: "1", domain: "one.test"))
        try jar.set(Cookie(name: "a", value: "2", domain: "two.test", includesSubdomains: true))
        try jar.set(Cookie(name: "b", value: "3", domain: "one.test"))
        expectEqual(jar.remove(name: "a", domain: ".two.test"), 1)
        #expect(Set(jar.cookies.map { "\($0.name)@\($0.domain)" }) == ["a@one.test", "b@one.test"])
        expectEqual(jar.remove(name: "missing"), 0)
        expectEqual(jar.remove(name: "a"), 1)
        expectEqual(jar.cookies.map(\.name), ["b"])
        jar.clear()
        #expect(jar.cookies.isEmpty)
    }

    @Test func expiredCookiesAreNotListed() throws {
        let jar = CookieJar()
        try jar.set(Cookie(name: "gone", value: "x", domain: "example.com", expires: Date(timeIntervalSince1970: 1000)))
        #expect(jar.cookies.isEmpty)
    }

    @Test func cookiesLibcurlWouldMisreadAreRefused() {
        let jar = CookieJar()
        #expect(throws: CookieJarError.self) { try jar.set(Cookie(name: "a;b", value: "1", domain: "example.com")) }
        #expect(throws: CookieJarError.self) { try jar.set(Cookie(name: "a", value: "1\t2", domain: "example.com")) }
        #expect(throws: CookieJarError.self) { try jar.set(Cookie(name: "a", value: "1", domain: "")) }
        #expect(throws: CookieJarError.self) { try jar.set(Cookie(name: "a", value: "1", domain: "x.test", path: "rel")) }
        #expect(jar.cookies.isEmpty)
    }

    @Test func savedFileIsOwnerOnlyAndLoadsBack() throws {
        let directory = NSTemporaryDirectory() + "courier-jar-\(UUID().uuidString)/nested"
        defer { try? FileManager.default.removeItem(atPath: (directory as NSString).deletingLastPathComponent) }
        let path = directory + "/jar.txt"
        let jar = CookieJar()
        try jar.set(Cookie(name: "sid", value: "secret-1", domain: "example.com", isHTTPOnly: true, expires: far))
        try jar.set(Cookie(name: "session", value: "secret-2", domain: "127.0.0.1"))
        try jar.save(to: path)
        var info = stat()
        expectEqual(stat(path, &info), 0)
        expectEqual(info.st_mode & 0o777, 0o600)
        #expect(stat(directory, &info) == 0 && info.st_mode & 0o777 == 0o700)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("# Netscape HTTP Cookie File"))
        #expect(text.contains("#HttpOnly_example.com\tFALSE\t/\tFALSE\t2000000000\tsid\tsecret-1"))

        let loaded = try CookieJar(contentsOfFile: path)
        expectEqual(Set(loaded.cookies), Set(jar.cookies))
        expectEqual(loaded.cookies.count, 2)
    }

    @Test func loadingAMissingFileSaysWhich() {
        let path = NSTemporaryDirectory() + "courier-no-such-jar-\(UUID().uuidString).txt"
        #expect { try CookieJar(contentsOfFile: path) } throws: { "\($0)".contains(path) }
    }

    /// curl's own `-c` file is read: the format is libcurl's.
    @Test func aCurlCookieFileLoads() throws {
        let path = NSTemporaryDirectory() + "courier-curl-jar-\(UUID().uuidString).txt"
        defer { unlink(path) }
        try """
        # Netscape HTTP Cookie File
        # https://curl.se/docs/http-cookies.html

        #HttpOnly_.example.org\tTRUE\t/\tTRUE\t0\ttoken\tt-1
        127.0.0.1\tFALSE\t/\tFALSE\t0\tsession\tabc

        """.write(toFile: path, atomically: true, encoding: .utf8)
        let jar = try CookieJar(contentsOfFile: path)
        let token = try #require(jar.cookies.first { $0.name == "token" })
        #expect(token.domain == "example.org" && token.includesSubdomains && token.isSecure && token.isHTTPOnly)
        expectEqual(jar.cookies.count, 2)
    }

    /// What a transfer libcurl does not make (a WebSocket handshake) sends: RFC 6265's domain
    /// and path matching, secure cookies over https/wss only, longer paths first.
    @Test func cookieHeaderForAURLMatchesDomainPathAndScheme() throws {
        let jar = CookieJar()
        try jar.set(Cookie(name: "host", value: "1", domain: "api.example.com"))
        try jar.set(Cookie(name: "parent", value: "2", domain: "example.com", includesSubdomains: true))
        try jar.set(Cookie(name: "hostOnlyParent", value: "3", domain: "example.com"))
        try jar.set(Cookie(name: "docs", value: "4", domain: "api.example.com", path: "/docs"))
        try jar.set(Cookie(name: "secure", value: "5", domain: "api.example.com", isSecure: true))
        expectEqual(jar.cookieHeader(for: "ws://api.example.com/chat"), "host=1; parent=2")
        expectEqual(jar.cookieHeader(for: "wss://API.example.com/docs/x"), "docs=4; host=1; parent=2; secure=5")
        expectEqual(jar.cookieHeader(for: "https://api.example.com/docs"), "docs=4; host=1; parent=2; secure=5")
        #expect(jar.cookieHeader(for: "ws://api.example.com/docsmore") == "host=1; parent=2", "a path prefix must end at a /")
        expectEqual(jar.cookieHeader(for: "ws://example.com/"), "parent=2; hostOnlyParent=3")
        #expect(jar.cookieHeader(for: "ws://badexample.com/") == nil, "not a subdomain")
        expectEqual(jar.cookieHeader(for: "not a url"), nil)
    }
}
