import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension CommandLineTests {
    /// A persist workspace in a fresh folder and an XDG_STATE_HOME of its own.
    private func cookieWorkspace(mode: String = "persist") throws -> (path: String, environment: [String: String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cookies-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder + "/state", withIntermediateDirectories: true)
        let path = folder + "/shop.yaml"
        try """
        config: {baseUrl: "{{demo}}", cookies: \(mode)}
        requests:
          login: {method: POST, url: /session/login, body: {json: {user: demo, password: secret}}}
          seen: {url: /cookies, validate: {json: {cookies: {session: string}}}}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, ["XDG_STATE_HOME": folder + "/state"])
    }

    /// `courier run` keeps the login's session cookie in the persisted jar; `cookies list`
    /// shows it redacted (revealed with --reveal); set, rm and clear edit the file the next
    /// run reads.
    @Test func cookiesListSetRemoveAndClearThePersistedJar() async throws {
        let (path, environment) = try cookieWorkspace()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let login = try await courier(["run", path, "login"], environment: environment)
        #expect(login.status == 0, "\(login.errors)")

        let list = try await courier(["cookies", "list", path], environment: environment)
        #expect(list.status == 0, "\(list.errors)")
        let lines = list.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix(": 1 cookie") == true && lines.first?.contains("/state/courier/cookies/shop-") == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("127.0.0.1  /  session=‹redacted›  session  httponly") == true, "\(lines)")
        let revealed = try await courier(["cookies", "list", path, "--reveal"], environment: environment)
        let token = try #require(revealed.output.split(separator: "\n").dropFirst().first?.split(separator: " ").dropFirst(2).first)
        #expect(token.hasPrefix("session=") && token.count > 20, "the session id itself")
        #expect(!list.output.contains(token.dropFirst(8)), "not without --reveal")

        // The next run (another process, another demo server) sends what the jar kept.
        let seen = try await courier(["run", path, "seen"], environment: environment)
        #expect(seen.status == 0, "\(seen.output)")

        let set = try await courier(["cookies", "set", "theme=dark", path, "--domain", "example.com", "--path", "/app",
                               "--expires", "2031-05-01", "--secure"], environment: environment)
        #expect(set.status == 0 && set.output == "set theme for example.com/app\n", "\(set.errors)")
        let afterSet = try await courier(["cookies", "list", path], environment: environment).output
        #expect(afterSet.contains("example.com  /app  theme=‹redacted›  2031-05-01T00:00:00Z  secure"), "\(afterSet)")

        let missing = try await courier(["cookies", "rm", "nope", path], environment: environment)
        #expect(missing.status == 1 && missing.errors.contains("no cookie nope"))
        let removed = try await courier(["cookies", "rm", "session", path, "--domain", "127.0.0.1"], environment: environment)
        #expect(removed.status == 0 && removed.output == "removed 1 cookie\n")
        #expect(try await courier(["run", path, "seen"], environment: environment).status != 0, "the session is gone")

        let cleared = try await courier(["cookies", "clear", path], environment: environment)
        #expect(cleared.status == 0 && cleared.output == "removed 1 cookie\n")
        #expect(try await courier(["cookies", "list", path], environment: environment).output.hasSuffix(": 0 cookies\n"))
    }

    @Test func cookiesOfASessionWorkspaceSayThereIsNoSavedJarAndHowToGetOne() async throws {
        let (path, environment) = try cookieWorkspace(mode: "session")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let list = try await courier(["cookies", "list", path], environment: environment)
        expectEqual(list.status, 2)
        #expect(list.errors.contains("config.cookies is session") && list.errors.contains("cookies: persist"), "\(list.errors)")
        let bad = try await courier(["cookies", "set", "novalue", path, "--domain", "x.test"], environment: environment)
        #expect(bad.status == 2 && bad.errors.contains("NAME=VALUE"))
    }

    /// The jar file `cookies list` names on its first line (`<path>: N cookies`).
    private func jarFile(_ path: String, _ environment: [String: String]) async throws -> String {
        let list = try await courier(["cookies", "list", path], environment: environment)
        let first = try #require(list.output.split(separator: "\n").first)
        return String(try #require(first.range(of: ": ").map { first[..<$0.lowerBound] }))
    }

    /// Two `courier run`s of one persist workspace at once, each setting a cookie of its own
    /// after a second's wait (so both have read the jar before either writes): both are in
    /// the jar afterwards. Each run wrote its whole jar, so the second to finish replaced the
    /// first's cookie (lost 3 times of 3); a write now reads, merges and writes the file under
    /// a `flock` of `<jar>.lock`.
    @Test func twoRunsAtOnceKeepBothTheirCookies() async throws {
        let (path, environment) = try cookieWorkspace()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try """
        config: {baseUrl: "{{demo}}", cookies: persist}
        requests:
          wait: {url: /delay/1}
          first: {url: "/cookies/set?first=1"}
          second: {url: "/cookies/set?second=2"}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        async let first = courier(["run", path, "wait", "first", "--no-history"], environment: environment)
        async let second = courier(["run", path, "wait", "second", "--no-history"], environment: environment)
        let (one, two) = try await (first, second)
        #expect(one.status == 0 && two.status == 0, "\(one.errors) \(two.errors)")
        let list = try await courier(["cookies", "list", path, "--reveal"], environment: environment)
        #expect(list.output.contains("first=1") && list.output.contains("second=2"), "\(list.output)")
    }

    /// A server's `Max-Age=9223372036854775807` crashed the run writing the jar and every later
    /// run reading it (SIGILL converting the expiry to whole seconds); it is now kept as the
    /// latest expiry, 9999-12-31T23:59:59Z.
    @Test func aServersHugeMaxAgeCrashesNoRun() async throws {
        let (path, environment) = try cookieWorkspace()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try """
        config: {baseUrl: "{{demo}}", cookies: persist}
        requests:
          big: {url: "/cookies/set?big=1%3B%20Max-Age%3D9223372036854775807"}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        for _ in 0 ..< 2 {
            let run = try await courier(["run", path, "big", "--no-history"], environment: environment)
            #expect(run.status == 0, "\(run.errors)")
        }
        let list = try await courier(["cookies", "list", path], environment: environment)
        #expect(list.status == 0 && list.output.contains("big=‹redacted›  9999-12-31T23:59:59Z"), "\(list.output) \(list.errors)")
    }

    /// `cookies set --expires` with a number no date can hold: NaN and infinities are refused,
    /// 1e300 seconds is kept as the latest expiry. Each crashed (SIGILL).
    @Test func cookiesSetExpiresOutOfRangeNeverCrashes() async throws {
        let (path, environment) = try cookieWorkspace()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        for word in ["nan", "inf", "infinity"] {
            let set = try await courier(["cookies", "set", "a=1", path, "--domain", "x.test", "--expires", word], environment: environment)
            #expect(set.status == 2 && set.errors.contains("--expires takes an ISO 8601 date or a number of seconds, not \"\(word)\""),
                    "\(word): \(set.status) \(set.errors)")
        }
        let huge = try await courier(["cookies", "set", "a=1", path, "--domain", "x.test", "--expires", "1e300"], environment: environment)
        #expect(huge.status == 0, "\(huge.errors)")
        let list = try await courier(["cookies", "list", path], environment: environment)
        #expect(list.output.contains("x.test  /  a=‹redacted›  9999-12-31T23:59:59Z"), "\(list.output)")
    }

    /// A jar that is a FIFO is named as one (it said "You don't have permission"), at once; a
    /// jar with a byte that is not UTF-8 has that line skipped and said with its number, and
    /// the rest listed and sent (every run was refused: "file isn't in the correct format").
    @Test func aJarThatIsAFIFOOrHoldsABadByteIsSaidSo() async throws {
        let (path, environment) = try cookieWorkspace()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let jar = try await jarFile(path, environment)
        try FileManager.default.createDirectory(atPath: (jar as NSString).deletingLastPathComponent, withIntermediateDirectories: true)

        expectEqual(mkfifo(jar, 0o600), 0)
        let fifo = try await courier(["cookies", "list", path], environment: environment)
        #expect(fifo.status == 2 && fifo.errors.contains("\(jar) is a FIFO, not a cookie file"), "\(fifo.errors)")
        let run = try await courier(["run", path, "seen", "--no-history"], environment: environment)
        #expect(run.status != 0 && run.errors.contains("is a FIFO, not a cookie file"), "\(run.errors)")
        expectEqual(unlink(jar), 0)

        let good = "127.0.0.1\tFALSE\t/\tFALSE\t0\tsession\tabc\n"
        let bad = Array("127.0.0.1\tFALSE\t/\tFALSE\t0\tlatin\tcaf".utf8) + [0xE9, 0x0A]
        #expect(FileManager.default.createFile(atPath: jar, contents: Data(Array("# Netscape HTTP Cookie File\n".utf8) + bad + Array(good.utf8))))
        let list = try await courier(["cookies", "list", path, "--reveal"], environment: environment)
        #expect(list.status == 0 && list.output.contains("session=abc"), "\(list.output)")
        #expect(list.errors.contains("\(jar):2: the line is not UTF-8 text; it is skipped"), "\(list.errors)")
        let seen = try await courier(["run", path, "seen", "--no-history"], environment: environment)
        #expect(seen.status == 0, "the session cookie is sent: \(seen.output) \(seen.errors)")
        #expect(seen.errors.contains(":2: the line is not UTF-8 text"), "\(seen.errors)")
    }
}
