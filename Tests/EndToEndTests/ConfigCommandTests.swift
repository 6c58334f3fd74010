import Foundation
import Testing

extension CommandLineTests {
    /// A config file in a fresh XDG_CONFIG_HOME (the caller removes it), and the environment
    /// that points there.
    private func configHome(_ text: String) throws -> (path: String, environment: [String: String]) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("courier-config-\(UUID().uuidString.prefix(8))").path
        let path = home + "/courier/config.yaml"
        try FileManager.default.createDirectory(atPath: home + "/courier", withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, ["XDG_CONFIG_HOME": home, "COURIER_CONFIG": ""])
    }

    @Test func configPathCheckAndShow() async throws {
        let (path, environment) = try configHome("theme: high-contrast\nkeys:\n  global.quit: ctrl-q\n")
        defer { try? FileManager.default.removeItem(atPath: environment["XDG_CONFIG_HOME"]!) }
        expectEqual(try await courier(["config", "path"], environment: environment).output, path + "\n")
        let check = try await courier(["config", "check"], environment: environment)
        #expect(check.status == 0 && check.output == "\(path): ok\n")
        let show = try await courier(["config", "show"], environment: environment)
        expectEqual(show.status, 0)
        #expect(show.output.contains("  base: high-contrast\n") && show.output.contains("  global.quit: [ctrl-q]\n"))
        #expect(show.output.contains("  requests.activate: [enter]\n"), "the defaults are shown too")
    }

    @Test func configCheckReportsEveryProblemAtFileLineColumnAndExits1() async throws {
        let (path, environment) = try configHome("theme: {base: light, colors: {method.gett: red}}\nkeys:\n  global.quit: ctlr-q\n")
        defer { try? FileManager.default.removeItem(atPath: environment["XDG_CONFIG_HOME"]!) }
        let check = try await courier(["config", "check"], environment: environment)
        expectEqual(check.status, 1)
        let lines = check.errors.split(separator: "\n").map(String.init)
        expectEqual(lines.count, 2)
        #expect(lines.first?.hasPrefix("\(path):1:31: error: theme.colors: unknown role \"method.gett\"") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("\(path):3:16: error: keys.global.quit: unknown key \"ctlr-q\"") == true, "\(lines)")
        let named = try await courier(["config", "check", "--config", path + ".missing"], environment: environment)
        #expect(named.status == 1 && named.errors.contains("no such config file"))
    }
}
