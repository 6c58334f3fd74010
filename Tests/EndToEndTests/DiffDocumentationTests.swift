import Foundation
import Testing

/// docs/diff.md as written: its workspace compared by every `$ courier diff` of its console
/// blocks, in order (the saved run is read back by the command after it), each printing what
/// the page shows and exiting as the page says.
@Suite struct DiffDocumentationTests {
    static let page = DocumentationPage("diff.md")

    @Test func everyCommandPrintsWhatThePageShows() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let workspace = try #require(try Self.page.blocks("yaml").first).joined(separator: "\n")
        try workspace.write(toFile: sandbox.directory + "/shop.yaml", atomically: true, encoding: .utf8)
        let commands = try Self.page.blocks("console").flatMap(DocumentationPage.commands)
        expectEqual(commands.map { DocumentationPage.words($0.command).prefix(2).joined(separator: " ") },
                    Array(repeating: "courier diff", count: 4))
        let environment = sandbox.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        var statuses: [Int32] = []
        for (command, expected) in commands {
            let arguments = Array(DocumentationPage.words(command).dropFirst())
            let result = try await ChildProcess.finish(["/usr/bin/env", "-C", sandbox.directory, "-i"] + environment
                                                       + [EndToEndTests.binary] + arguments)
            // The saved run's time is when the test saved it.
            let printed = result.output.replacingOccurrences(of: #"\(\d{4}-\d\d-\d\d \d\d:\d\d\)"#, with: "(2026-12-03 09:30)",
                                                             options: .regularExpression)
            expectEqual(printed.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init), expected)
            statuses.append(result.status)
        }
        // The first comparison finds differences (1); the others find none (0).
        expectEqual(statuses, [1, 0, 0, 0])
        // --json and --report on the first comparison.
        let json = try await ChildProcess.finish(["/usr/bin/env", "-C", sandbox.directory, "-i"] + environment
                                                 + [EndToEndTests.binary, "diff", "shop.yaml", "--env", "staging", "--env", "production",
                                                    "--json", "--report", "diff.html"])
        expectEqual(json.status, 1)
        let objects = try json.output.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        expectEqual(objects.compactMap { $0?["request"] as? String }, ["product", "health", "robots"])
        expectEqual((objects.last??["summary"] as? [String: Any])?["differ"] as? Int, 2)
        let report = try String(contentsOfFile: sandbox.directory + "/diff.html", encoding: .utf8)
        #expect(report.contains("2 of 3 differ") && report.contains("$.args.release"), "\(report.prefix(400))")
        // Bad input: one environment alone, an unknown one.
        let alone = try await ChildProcess.finish(["/usr/bin/env", "-C", sandbox.directory, "-i"] + environment
                                                  + [EndToEndTests.binary, "diff", "shop.yaml", "--env", "staging"], discardingErrors: true)
        let unknown = try await ChildProcess.finish(["/usr/bin/env", "-C", sandbox.directory, "-i"] + environment
                                                    + [EndToEndTests.binary, "diff", "shop.yaml", "--env", "staging", "--env", "prod"],
                                                    discardingErrors: true)
        expectEqual([alone.status, unknown.status], [2, 2])
    }
}
