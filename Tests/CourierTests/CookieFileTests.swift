import Foundation
import Testing
@testable import Courier
#if canImport(Glibc)
import Glibc
#endif

/// A jar kept in a file writes it (0600) on its own after transfers and API changes that
/// changed its cookies, so a session that ends without saving (a closed workbench) keeps them.
@Suite struct CookieFileTests {
    private func jarPath() -> String {
        NSTemporaryDirectory() + "courier-jar-file-\(UUID().uuidString)/cookies/jar.txt"
    }

    private func fileCookies(_ path: String) throws -> [String: String] {
        try CookieJar(contentsOfFile: path).cookies.reduce(into: [:]) { $0[$1.name] = $1.value }
    }

    @Test func aTransferThatSetsACookieWritesTheFile() async throws {
        let path = jarPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent + "/..") }
        let jar = try CookieJar(file: path)
        #expect(jar.cookies.isEmpty && jar.file == path)
        try await withTestBed { bed in
            let agent = NetworkAgent(config: bed.config, cookieJar: jar)
            let request = ConfigurableRequest("/cookies/set?written=yes")
            request.agent = agent
            try await request.run()
        }
        jar.waitUntilWritten()
        expectEqual(try fileCookies(path), ["written": "yes"])
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try CookieJar(file: path).cookies.map(\.name) == ["written"], "a new jar on the file starts with them")
    }

    @Test func changesThroughTheAPIAreWrittenToo() throws {
        let path = jarPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent + "/..") }
        let jar = try CookieJar(file: path)
        try jar.set(Cookie(name: "a", value: "1", domain: "example.com"))
        try jar.set(Cookie(name: "b", value: "2", domain: "example.com"))
        jar.waitUntilWritten()
        expectEqual(try fileCookies(path), ["a": "1", "b": "2"])
        jar.remove(name: "a")
        jar.waitUntilWritten()
        expectEqual(try fileCookies(path), ["b": "2"])
        jar.clear()
        jar.waitUntilWritten()
        #expect(try fileCookies(path).isEmpty)
    }

    @Test func anUnreadableFileIsAnErrorThatNamesIt() throws {
        let path = NSTemporaryDirectory() + "courier-jar-dir-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect { try CookieJar(file: path) } throws: { "\($0)".contains(path) }
    }

    /// Found by the cookie fuzz target (#41): a line whose domain is "." alone made a cookie of
    /// no domain, one starting with two dots a cookie whose line lost a dot each time it was
    /// read back, and one starting ".#" a line read back as a comment. Every cookie a line
    /// gives must read back as itself.
    @Test func aLineWhoseDomainIsADotAloneIsNotACookie() {
        expectEqual(Cookie(netscapeLine: ".\tTRUE\t/\tFALSE\t2000000000\tsid\tabc"), nil)
        expectEqual(Cookie(netscapeLine: "..10.; Pst\tFALSE\t/api\tTRUE\t0\ttoken\txyz"), nil)
        #expect(Cookie(netscapeLine: ".#example.com\tTRUE\t/\tFALSE\t0\tsid\tabc") == nil, "its line would be a comment")
        #expect(Cookie(netscapeLine: "example.com\tFALSE\t/\tFALSE\t0\tsid\tabc\r\r") == nil, "a carriage return in its value")
        #expect(Cookie(netscapeLine: "\u{59A}x.com\tTRUE\t/\tFALSE\t0\tsid\tabc") == nil,
                "not ASCII: written after a dot, the combining mark made one character of the two")
        let lines = [".example.com\tTRUE\t/\tFALSE\t2000000000\tsid\tabc", "#HttpOnly_localhost\tFALSE\t/api\tTRUE\t0\ttoken\tx\ty"]
        for line in lines {
            let cookie = Cookie(netscapeLine: line)
            #expect(cookie != nil && cookie.flatMap { Cookie(netscapeLine: $0.netscapeLine) } == cookie, "\(line)")
        }
    }

    /// Fields are split at tab bytes, as libcurl splits them: a value that starts with a
    /// combining mark (one Character with the tab before it) is still a field of its own.
    @Test func aFieldStartingWithACombiningMarkIsAFieldOfItsOwn() throws {
        let cookie = try #require(Cookie(netscapeLine: "example.com\tfalse\t/\tTrue\t2000000000\tsid\t\u{301}abc"))
        #expect(cookie.name == "sid" && cookie.value == "\u{301}abc" && !cookie.includesSubdomains && cookie.isSecure)
        expectEqual(Cookie(netscapeLine: cookie.netscapeLine), cookie)
    }
}
