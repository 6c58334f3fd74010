import Foundation
import Testing
@testable import Courier
#if canImport(Glibc)
import Glibc
#endif

/// A jar's file when it is not what it should be — not a regular file, a line that is not
/// UTF-8 — and when two jars (two `courier run`s) write it at once.
@Suite struct CookieFileFaultTests {
    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "courier-jar-fault-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func line(_ name: String, _ value: String, domain: String = "x.test") -> String {
        Cookie(name: name, value: value, domain: domain, expires: Date(timeIntervalSince1970: 2_000_000_000)).netscapeLine
    }

    private func names(_ path: String) throws -> [String: String] {
        try CookieJar(contentsOfFile: path).cookies.reduce(into: [:]) { $0[$1.name] = $1.value }
    }

    // MARK: - Not a cookie file

    @Test func aFIFOIsSaidToBeOneAndNeverBlocks() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/jar.txt"
        expectEqual(mkfifo(path, 0o600), 0)
        // Opened for reading without O_NONBLOCK, a FIFO with no writer would wait here forever.
        #expect { try CookieJar(file: path) } throws: { "\($0)" == "\(path) is a FIFO, not a cookie file" }
        #expect { try CookieJar(contentsOfFile: path) } throws: { "\($0)".contains("is a FIFO, not a cookie file") }
    }

    @Test func aDirectoryIsSaidToBeOne() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect { try CookieJar(file: directory) } throws: { "\($0)" == "\(directory) is a directory, not a cookie file" }
    }

    // MARK: - Bad lines

    @Test func aLineThatIsNotUTF8IsSkippedWithItsNumberAndTheRestRead() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/jar.txt"
        var bytes = Array("# Netscape HTTP Cookie File\n\(line("first", "1"))\n".utf8)
        let bad = Array(line("bad", "caf").utf8) + [0xE9] + Array("\n".utf8)   // Latin-1 é
        bytes += bad
        bytes += Array("\(line("last", "3"))\nnot a cookie line\n".utf8)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))

        let jar = try CookieJar(file: path)
        expectEqual(Set(jar.cookies.map(\.name)), ["first", "last"])
        let problems = jar.loadProblems.map(\.description)
        #expect(problems == ["\(path):3: the line is not UTF-8 text; it is skipped",
                             "\(path):5: the line is not a cookie (domain, subdomains, path, secure, expiry, name and value, tab-separated); it is skipped"],
                "\(problems)")

        // A write keeps the lines it could not read, byte for byte, after the cookies.
        try jar.set(Cookie(name: "new", value: "4", domain: "x.test"))
        try jar.saveToFile()
        let written = try #require(FileManager.default.contents(atPath: path))
        #expect(written.range(of: Data(bad)) != nil, "the bad line is still there to be mended")
        expectEqual(try names(path), ["first": "1", "last": "3", "new": "4"])
    }

    @Test func aLineTooLongIsSkippedWithoutBeingHeld() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/jar.txt"
        let text = line("a", "1") + "\n" + line("long", String(repeating: "x", count: 200_000)) + "\n" + line("b", "2") + "\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let jar = try CookieJar(file: path)
        expectEqual(Set(jar.cookies.map(\.name)), ["a", "b"])
        expectEqual(jar.loadProblems.first?.description, "\(path):2: the line is longer than 8192 bytes; it is skipped")
    }

    // MARK: - Two writers

    /// Two jars read the file before either writes, as two `courier run`s started together do;
    /// each then writes a cookie of its own. Without the merge the second write replaced the
    /// file with its own jar, and the first run's cookie was gone.
    @Test func twoJarsOnOneFileKeepEachOthersCookies() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/cookies/jar.txt"
        let first = try CookieJar(file: path)
        let second = try CookieJar(file: path)
        try first.set(Cookie(name: "one", value: "1", domain: "x.test"))
        try first.saveToFile()
        try second.set(Cookie(name: "two", value: "2", domain: "x.test"))
        try second.saveToFile()
        expectEqual(try names(path), ["one": "1", "two": "2"])

        // A removal by one leaves the other's cookies; a change by both: the later writer's.
        first.remove(name: "one")
        try first.saveToFile()
        expectEqual(try names(path), ["two": "2"])
        try second.set(Cookie(name: "two", value: "2b", domain: "x.test"))
        try second.saveToFile()
        try first.set(Cookie(name: "two", value: "2a", domain: "x.test"))
        try first.saveToFile()
        expectEqual(try names(path), ["two": "2a"])
    }

    /// A jar that removes a cookie another jar changed meanwhile keeps the other's change.
    @Test func aRemovalDoesNotUndoAnotherJarsChange() {
        let old = Cookie(name: "sid", value: "old", domain: "x.test")
        let refreshed = Cookie(name: "sid", value: "new", domain: "x.test")
        let other = Cookie(name: "theme", value: "dark", domain: "x.test")
        expectEqual(CookieFile.combine([], since: [old], with: [refreshed, other]).cookies, [refreshed, other])
        expectEqual(CookieFile.combine([], since: [old], with: [old, other]).cookies, [other])
        #expect(CookieFile.combine([old], since: [old], with: [other]).cookies == [other], "they removed it; we did not change it")
    }

    /// Two jars on two threads each write 40 cookies of their own, one save after each: every
    /// save reads, merges and writes under the lock, so all 80 are in the file. (The flock is
    /// per open file description, so two jars in one process contend as two processes do.)
    @Test func twoJarsWritingAtOnceLoseNothing() async throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/cookies/jar.txt"
        let jars = [try CookieJar(file: path), try CookieJar(file: path)]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, jar) in jars.enumerated() {
                group.addTask {
                    for number in 0 ..< 40 {
                        try jar.set(Cookie(name: "j\(index)-\(number)", value: "\(number)", domain: "x.test"))
                        try jar.saveToFile()
                    }
                }
            }
            try await group.waitForAll()
        }
        expectEqual(try names(path).count, 80)
    }
}
