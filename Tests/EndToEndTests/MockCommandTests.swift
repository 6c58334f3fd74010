import Foundation
import Testing

/// `courier mock` as a user runs it: listening, every call a JSON line, and on Ctrl-C the
/// expected calls verified — exit status 1 when one was not made.
@Suite struct MockCommandTests {
    static let workspace = """
        requests:
          getPet:
            url: "{{base}}/pets/{{id}}"
            mock: {body: {id: "{{request.path.id}}"}}
          addPet:
            method: POST
            url: "{{base}}/pets"
            mock: {status: 201, body: {name: "{{request.body.$.name}}"}}
        variables: {base: "https://api.example.com", id: "1"}
        expect-calls:
          - {request: getPet, times: 1}
        """

    /// Starts the mock; returns it with its URL once it says it listens.
    private func startMock(_ sandbox: EndToEndTests.Sandbox, _ extra: [String]) async throws -> (ChildProcess, String, String) {
        try Self.workspace.write(toFile: sandbox.directory + "/pets.yaml", atomically: true, encoding: .utf8)
        try "expect-calls:\n  - {route: \"POST /pets\", atLeast: 1}\n".write(toFile: sandbox.directory + "/calls.yaml", atomically: true, encoding: .utf8)
        let output = sandbox.directory + "/mock.out"
        let child = try ChildProcess.start([EndToEndTests.binary, "mock", sandbox.directory + "/pets.yaml", "--port", "0", "--json",
                                            "--verify", sandbox.directory + "/calls.yaml"] + extra, output: output)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: output, encoding: .utf8), let line = text.split(separator: "\n").first,
               let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let url = object["url"] as? String {
                return (child, url, output)
            }
            guard child.isRunning else { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        child.stop()
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the mock did not start: \((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")"])
    }

    private func lines(_ output: String) throws -> [[String: Any]] {
        try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    @Test func aMissingCallFailsTheVerification() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        let (child, url, output) = try await startMock(sandbox, [])
        let call = try await ChildProcess.finish(["curl", "-sS", url + "/pets/42"], discardingErrors: true)
        #expect(call.output == #"{"id":"42"}"#)
        let status = try await offThePool { child.stop(SIGINT); return child.wait() }
        expectEqual(status, 1)
        let printed = try lines(output)
        #expect(printed.first?["routes"] != nil)
        let calls = printed.filter { $0["event"] as? String == "call" }
        #expect(calls.count == 1)
        #expect(calls.first?["route"] as? String == "GET /pets/{id}")
        #expect(calls.first?["source"] as? String == "mock")
        let stopped = try #require(printed.last)
        expectEqual(stopped["event"] as? String, "stopped")
        expectEqual(stopped["met"] as? Bool, false)
        let verdicts = try #require(stopped["verdicts"] as? [[String: Any]])
        #expect(verdicts.map { $0["met"] as? Bool } == [true, false])
    }

    @Test func everyExpectedCallMadeExitsZero() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        let (child, url, output) = try await startMock(sandbox, [])
        _ = try await ChildProcess.finish(["curl", "-sS", url + "/pets/1"], discardingErrors: true)
        let created = try await ChildProcess.finish(["curl", "-sS", "-d", #"{"name":"Kit"}"#, url + "/pets"], discardingErrors: true)
        #expect(created.output == #"{"name":"Kit"}"#)
        let status = try await offThePool { child.stop(SIGTERM); return child.wait() }
        expectEqual(status, 0)
        expectEqual(try lines(output).last?["met"] as? Bool, true)
    }

    @Test func aMalformedExpectationsFileNamesItsPlace() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        try Self.workspace.write(toFile: sandbox.directory + "/pets.yaml", atomically: true, encoding: .utf8)
        try "expect-calls:\n  - {route: pets}\n".write(toFile: sandbox.directory + "/calls.yaml", atomically: true, encoding: .utf8)
        let result = try await ChildProcess.finish([EndToEndTests.binary, "mock", sandbox.directory + "/pets.yaml", "--port", "0",
                                                    "--verify", sandbox.directory + "/calls.yaml"])
        expectEqual(result.status, 2)
        #expect(result.output.contains("calls.yaml:2:"), "\(result.output)")
        #expect(result.output.contains("is not a route"), "\(result.output)")
    }
}
