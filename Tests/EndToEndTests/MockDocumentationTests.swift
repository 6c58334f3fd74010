import Foundation
import Testing

/// docs/mock.md as written: its workspace served by `courier mock` as its first console block
/// starts it, and every `$ curl` of its second console block answered as the page says.
@Suite struct MockDocumentationTests {
    static let page = DocumentationPage("mock.md")

    private func blocks(_ language: String) throws -> [[String]] { try Self.page.blocks(language) }

    @Test func theFirstMockAnswersAsThePageSays() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        let workspace = try #require(try blocks("yaml").first).joined(separator: "\n")
        try workspace.write(toFile: sandbox.directory + "/pets.yaml", atomically: true, encoding: .utf8)
        let consoles = try blocks("console")
        try #require(consoles.count >= 2)
        // The command as written (the test asks for a free port instead of 4010) and the routes it lists.
        expectEqual(consoles[0].first, "$ courier mock pets.yaml")
        let output = sandbox.directory + "/mock.out"
        let child = try ChildProcess.start([EndToEndTests.binary, "mock", sandbox.directory + "/pets.yaml", "--port", "0"],
                                           input: nil, output: output)
        defer { child.stop(SIGKILL) }
        var listed: [String] = []
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, child.isRunning {
            listed = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            if listed.contains("Ctrl-C stops it.") { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let port = try #require(listed.first?.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) })
        expectEqual(Array(listed.dropFirst()), Array(consoles[0].dropFirst(2)))
        expectEqual(listed.first?.replacingOccurrences(of: ":\(port) ", with: ":4010 "), consoles[0][1])
        // Each curl as written, on the mock's port.
        var index = 0
        let session = consoles[1]
        var checked = 0
        while index < session.count {
            let command = session[index]
            try #require(command.hasPrefix("$ curl "), "\(command)")
            let expected = session[index + 1]
            index += 2
            let arguments = DocumentationPage.words(String(command.dropFirst(2))).map { $0.replacingOccurrences(of: ":4010", with: ":\(port)") }
            let result = try await ChildProcess.finish(arguments, discardingErrors: true)
            expectEqual(result.output, expected)
            checked += 1
        }
        #expect(checked == 5)
        // Ctrl-C: the expected call the page's workspace has was made.
        let status = try await offThePool { child.stop(SIGINT); return child.wait() }
        expectEqual(status, 0)
        let printed = try String(contentsOfFile: output, encoding: .utf8)
        #expect(printed.contains("expected calls: all 1 met\n  ok   request addPet: 1 call, expected at least 1  ("), "\(printed)")
        #expect(printed.contains("pets.yaml:24:5)"), "\(printed)")
    }
}
