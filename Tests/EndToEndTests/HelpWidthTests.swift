import Foundation
import Testing

/// Every command's `--help` reads on an 80-column terminal: the commands come from the
/// parser's own dump (`--experimental-dump-help`), so a new one is checked without being
/// listed here.
@Suite struct HelpWidthTests {
    /// Every command path under `courier`, from the parser's JSON description of itself.
    static func commandPaths() async throws -> [[String]] {
        let dump = try await ChildProcess.finish([EndToEndTests.binary, "--experimental-dump-help"], discardingErrors: true)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        var paths: [[String]] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            paths.append(path)
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                if let name = sub["commandName"] as? String, name != "help" { walk(sub, path + [name]) }
            }
        }
        walk(try #require(root["command"] as? [String: Any]), [])
        return paths
    }

    @Test func everyCommandsHelpFitsEightyColumns() async throws {
        let paths = try await Self.commandPaths()
        #expect(paths.count > 30 && paths.contains(["run"]) && paths.contains(["history", "load-runs"]), "\(paths)")
        for path in paths {
            let help = try await ChildProcess.finish(["env", "COLUMNS=80", EndToEndTests.binary] + path + ["--help"], discardingErrors: true)
            #expect(help.status == 0, "courier \(path.joined(separator: " ")) --help")
            for line in help.output.split(separator: "\n") where line.count > 80 {
                Issue.record("courier \(path.joined(separator: " ")) --help has a line of \(line.count) columns:\n\(line)")
            }
        }
    }
}
