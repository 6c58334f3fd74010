import Foundation
import Testing

/// docs/record.md as written: `courier record` started as its first console block says, each
/// `$ curl` of the second sent through it printing the status shown, the recording's lines and
/// the workspace it wrote as the page shows them, the replay passing, and `courier record --ca`.
/// The ports are free ones (8080 and 18080 on the page), the CA under the sandbox's state.
@Suite struct RecordDocumentationTests {
    static let page = DocumentationPage("record.md")

    /// Waits (bounded: 60 s) until `file` holds a line `line`; returns its lines.
    private func lines(of file: String, until line: String, while child: ChildProcess) async throws -> [String] {
        let deadline = Date().addingTimeInterval(60)
        var lines: [String] = []
        while Date() < deadline, child.isRunning {
            lines = ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            if lines.contains(where: { $0.hasPrefix(line) }) { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        return lines
    }

    @Test func aRecordingGoesAsThePageSays() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let directory = sandbox.directory
        let environment = sandbox.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let shell = ["/usr/bin/env", "-C", directory, "-i"] + environment
        let consoles = try Self.page.blocks("console").map(DocumentationPage.commands)
        try #require(consoles.count == 4)

        // The demo server, and the recording as the page starts it (on free ports).
        let demo = try ChildProcess.start(shell + [EndToEndTests.binary, "serve", "--port", "0"], input: nil, output: directory + "/serve.out")
        defer { demo.stop(SIGKILL) }
        let served = try await lines(of: directory + "/serve.out", until: "Courier demo server listening", while: demo)
        let demoPort = try #require(served.first?.split(separator: ":").last.flatMap { Int($0) })
        let (command, listing) = consoles[0][0]
        expectEqual(command, "courier record --out api.yaml --har traffic.har")
        let record = try ChildProcess.start(shell + [EndToEndTests.binary] + DocumentationPage.words(command).dropFirst() + ["--port", "0"],
                                            input: nil, output: directory + "/record.out")
        defer { record.stop(SIGKILL) }
        let started = try await lines(of: directory + "/record.out", until: "Ctrl-C stops it.", while: record)
        let port = try #require(started.first?.split(separator: ":").last.flatMap { Int($0) })
        func onPage(_ text: String) -> String {
            text.replacingOccurrences(of: "127.0.0.1:\(port)", with: "127.0.0.1:8080")
                .replacingOccurrences(of: "127.0.0.1:\(demoPort)", with: "127.0.0.1:18080")
                .replacingOccurrences(of: directory + "/state/", with: "/home/you/.local/state/")
                .replacingOccurrences(of: #"\d+(\.\d+)? ms"#, with: "N ms", options: .regularExpression)
                .replacingOccurrences(of: #" \d+ B "#, with: " N B ", options: .regularExpression)
                .replacingOccurrences(of: #"from \d{4}-\d\d-\d\d \d\d:\d\d"#, with: "from 2026-12-03 09:30", options: .regularExpression)
        }
        expectEqual(started.map(onPage), listing)

        // Each curl as written, on the free ports.
        for (command, expected) in consoles[1] {
            let arguments = DocumentationPage.words(command).map {
                $0.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(port)").replacingOccurrences(of: "127.0.0.1:18080", with: "127.0.0.1:\(demoPort)")
            }
            let output = try await ChildProcess.finish(arguments).output
            #expect(output == expected.joined(separator: "\n") + "\n", "\(command)")
        }
        // Ctrl-C: the lines and the summary the page shows, and the workspace it shows.
        let status = try await offThePool { record.stop(SIGINT); return record.wait() }
        expectEqual(status, 0)
        let printed = try String(contentsOfFile: directory + "/record.out", encoding: .utf8).split(separator: "\n").map(String.init)
        let shown = try #require(try Self.page.blocks("text").first)
        expectEqual(printed.dropFirst(started.count).map(onPage), shown.map(onPage))
        let workspace = try String(contentsOfFile: directory + "/api.yaml", encoding: .utf8)
        let pageWorkspace = try #require(try Self.page.blocks("yaml").first).joined(separator: "\n") + "\n"
        expectEqual(onPage(workspace), pageWorkspace)
        let har = try String(contentsOfFile: directory + "/traffic.har", encoding: .utf8)
        for secret in ["s3cr3t-token", "hunter22", Data("ann:hunter22".utf8).base64EncodedString()] {
            #expect(!workspace.contains(secret) && !har.contains(secret), "\(secret) was written")
        }

        // The replay, with the credentials in the environment, on the demo server.
        let (replay, replayed) = consoles[2][0]
        var words = DocumentationPage.words(replay)
        let assignments = words.prefix { $0.contains("=") && !$0.hasPrefix("-") }
        words.removeFirst(assignments.count + 1)
        let run = try await ChildProcess.finish(shell + assignments + [EndToEndTests.binary] + words)
        expectEqual(run.status, 0)
        expectEqual(onPage(run.output).split(separator: "\n").map(String.init), replayed.map(onPage))

        // courier record --ca.
        let (ca, trust) = consoles[3][0]
        let printedCA = try await ChildProcess.finish(shell + [EndToEndTests.binary] + DocumentationPage.words(ca).dropFirst())
        expectEqual(onPage(printedCA.output).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init), trust)
    }
}
