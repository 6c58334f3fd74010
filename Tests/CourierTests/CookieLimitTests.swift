import Foundation
import Synchronization
import Testing
@testable import Courier

/// A jar holds at most ``CookieLimits/maximum`` cookies, ``CookieLimits/perDomain`` a domain,
/// and reads a file in work linear in its lines. libcurl's store walks a domain's cookies on
/// every add and re-walks its list on every listing, so a jar of 40,000 took 29 s to load
/// (224 MB: over 300 s and 918 MiB); the limit keeps what libcurl holds small.
@Suite struct CookieLimitTests {
    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "courier-jar-limit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A file of `count` cookies over 50 domains, the later ones expiring later.
    private func writeFile(_ count: Int, in directory: String) throws -> String {
        let path = directory + "/jar-\(count).txt"
        var text = "# Netscape HTTP Cookie File\n"
        for index in 0 ..< count {
            text += Cookie(name: "c\(index)", value: "v", domain: "d\(index % 50).example.com",
                           expires: Date(timeIntervalSince1970: 2_000_000_000 + Double(index))).netscapeLine + "\n"
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func readingAFileIsLinearInItsLines() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let small = try CookieFile.read(writeFile(5000, in: directory))
        let large = try CookieFile.read(writeFile(20_000, in: directory))
        #expect(small.cookies.count == CookieLimits.maximum && large.cookies.count == CookieLimits.maximum)
        let ratio = Double(large.work) / Double(small.work)
        #expect(ratio < 6, "4x the lines took \(ratio)x the work (\(small.work) → \(large.work))")
    }

    /// libcurl walks the cookies of a domain's bucket for every line it is handed, so a load
    /// costs about lines handed × cookies held: with every cookie kept that was quadratic
    /// (16x for 4x the cookies); within the limit it stays flat.
    @Test func loadingAJarCostsLibcurlLinearWorkAtMost() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func cost(_ count: Int) throws -> Double {
            let jar = try CookieJar(file: writeFile(count, in: directory))
            return Double(jar.linesGiven) * Double(jar.cookies.count)
        }
        let (small, large) = (try cost(5000), try cost(20_000))
        #expect(large / small < 6, "4x the cookies cost libcurl \(large / small)x the walks")
    }

    @Test func aJarLoadsAtMostTheLimitKeepingThoseExpiringLast() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try writeFile(20_000, in: directory)
        let jar = try CookieJar(file: path)
        let names = Set(jar.cookies.map(\.name))
        expectEqual(names.count, CookieLimits.maximum)
        #expect(names == Set((17_000 ..< 20_000).map { "c\($0)" }), "the 17,000 expiring soonest were dropped")
        #expect(jar.loadProblems.map(\.description) == [
            "\(path): 17000 cookies dropped: a jar keeps at most 3000 cookies, 180 a domain; those expiring soonest go first",
        ])
    }

    @Test func oneDomainKeepsAtMostItsShare() {
        var selection = CookieSelection()
        for index in 0 ..< 1000 {
            selection.insert(Cookie(name: "c\(index)", value: "v", domain: "one.test",
                                    expires: Date(timeIntervalSince1970: 2_000_000_000 + Double(index))))
        }
        selection.insert(Cookie(name: "session", value: "v", domain: "one.test"))
        let kept = selection.finish()
        #expect(kept.count == CookieLimits.perDomain && selection.dropped == 1001 - CookieLimits.perDomain)
        #expect(kept.contains { $0.name == "session" }, "a session cookie lives as long as the jar: dropped last")
        #expect(kept.contains { $0.name == "c999" } && !kept.contains { $0.name == "c0" })
    }

    /// A jar that grew past the limit while running (a server setting new names on every
    /// response) drops the soonest-expiring cookies when it is written, and says so.
    @Test func aJarGrownPastTheLimitIsCutWhenWritten() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/jar.txt"
        let heard = Mutex<[String]>([])
        let jar = try CookieJar(file: path) { problem in heard.withLock { $0.append(problem.description) } }
        for index in 0 ..< 200 {
            try jar.set(Cookie(name: "c\(index)", value: "v", domain: "one.test",
                               expires: Date(timeIntervalSince1970: 2_000_000_000 + Double(index))))
        }
        try jar.saveToFile()
        jar.waitUntilWritten()
        expectEqual(jar.cookies.count, CookieLimits.perDomain)
        expectEqual(try CookieJar(contentsOfFile: path).cookies.count, CookieLimits.perDomain)
        #expect(!jar.cookies.contains { $0.name == "c0" })
        #expect(heard.withLock { $0 }.contains { $0.contains("cookies dropped") }, "\(heard.withLock { $0 })")
    }
}
