import Foundation
import Testing

/// The README's five-minute tour, run as written: every command line of its `sh` blocks, in
/// order, in one folder, by bash, with the real binary first on `PATH` — against a demo server
/// in a process of its own standing in for `https://api.example.com`. A line ending
/// `# exits N` must exit N; every other must exit 0. `courier tui` is the one interactive line:
/// the tmux tests drive the workbench.
@Suite struct ReadmeTourTests {
    static let placeholderURL = "https://api.example.com"

    /// One command line of the tour and the status it must exit with.
    struct Command: Equatable {
        let line: String
        let status: Int32
    }

    /// The command lines of the `sh` blocks between `## A five-minute tour` and the next `## `.
    static func tourCommands(in readme: String) -> [Command] {
        let readme = "\n" + readme
        guard let start = readme.range(of: "\n## A five-minute tour") else { return [] }
        let rest = readme[start.upperBound...]
        let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        var commands: [Command] = []
        var inShell = false
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                inShell = !inShell && trimmed == "```sh"
                continue
            }
            guard inShell, !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            var status: Int32 = 0
            if let marker = trimmed.range(of: "# exits "), let code = Int32(trimmed[marker.upperBound...].prefix { $0.isNumber }) {
                status = code
            }
            commands.append(Command(line: trimmed, status: status))
        }
        return commands
    }

    @Test func theTourIsReadAsWritten() {
        let readme = """
            ## A five-minute tour
            ```sh
            courier init a --base-url https://api.example.com
            ```
            ```
            Wrote a/courier.yaml
            ```
            ```sh
            courier run a/courier.yaml health        # exits 1
            ```
            ## Next
            ```sh
            courier other
            ```
            """
        #expect(Self.tourCommands(in: readme) == [Command(line: "courier init a --base-url https://api.example.com", status: 0),
                                                   Command(line: "courier run a/courier.yaml health        # exits 1", status: 1)])
    }

    @Test func theREADMEsTourRunsAsWritten() async throws {
        let readme = try String(contentsOfFile: EndToEndTests.root + "/README.md", encoding: .utf8)
        let commands = Self.tourCommands(in: readme)
        #expect(commands.count >= 8, "the tour's commands: \(commands)")
        #expect(commands.first?.line.hasPrefix("courier init ") == true && commands.contains { $0.line.contains(Self.placeholderURL) })
        #expect(commands.filter { $0.line.hasPrefix("courier tui") }.count == 1)

        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let server = try DemoServerProcess()
        defer { server.stop() }
        let folder = (EndToEndTests.binary as NSString).deletingLastPathComponent
        let environment = sandbox.environment.merging(["PATH": "\(folder):/usr/bin:/bin"]) { $1 }
            .map { "\($0.key)=\($0.value)" }
        for command in commands where !command.line.hasPrefix("courier tui") {
            let line = command.line.replacingOccurrences(of: Self.placeholderURL, with: server.url)
            let result = try await ChildProcess.finish(["env", "-i"] + environment + ["bash", "-c", "cd \"$0\" && \(line)", sandbox.directory],
                                                       discardingErrors: false)
            #expect(result.status == command.status, "`\(line)` exited \(result.status), not \(command.status):\n\(result.output)")
        }
        #expect(FileManager.default.fileExists(atPath: sandbox.directory + "/today.har"), "the tour's HAR export")
    }
}
