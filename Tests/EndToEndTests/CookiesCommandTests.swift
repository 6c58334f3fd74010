import Foundation
import Testing

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
        #expect(list.status == 2)
        #expect(list.errors.contains("config.cookies is session") && list.errors.contains("cookies: persist"), "\(list.errors)")
        let bad = try await courier(["cookies", "set", "novalue", path, "--domain", "x.test"], environment: environment)
        #expect(bad.status == 2 && bad.errors.contains("NAME=VALUE"))
    }
}
