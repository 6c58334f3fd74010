import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `courier run` on an endless event stream with its output not a terminal (issue #41): each
/// event reaches a pipe as it is printed, and Ctrl-C keeps what arrived — in the output file
/// and, as a cancelled exchange, in the history — and exits 130.
@Suite(.serialized) struct LiveRunOutputEndToEndTests {
    /// A workspace whose `live` request is an endless server-sent event stream from the
    /// embedded demo server at `rate` events a second.
    private func workspace(_ sandbox: EndToEndTests.Sandbox, rate: Int) throws -> String {
        let path = sandbox.directory + "/live.yaml"
        try """
        config: {baseUrl: "{{demo}}"}
        requests:
          live: {url: "/sse?count=0&rate=\(rate)"}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The binary with the sandbox's environment, through env(1) so that `ChildProcess`
    /// (default signal handlers, an empty mask) starts it; its pid is courier's.
    private func start(_ arguments: [String], sandbox: EndToEndTests.Sandbox, output: String) throws -> ChildProcess {
        let environment = sandbox.environment.map { "\($0.key)=\($0.value)" }
        return try ChildProcess.start(["/usr/bin/env"] + environment + [EndToEndTests.binary] + arguments,
                                      output: output, discardingErrors: true)
    }

    private func eventLines(_ path: String) -> [Substring] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.contains("\"type\":\"event\"") }
    }

    /// `courier run … --json > file`, Ctrl-C after 8 events: the file was empty and the
    /// exchange missing from the history (the process died with its buffer).
    @Test func ctrlCKeepsTheEventsPrintedAndRecordsTheStreamAsCancelled() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let output = sandbox.directory + "/out.jsonl"
        let run = try start(["run", try workspace(sandbox, rate: 20), "live", "--json"], sandbox: sandbox, output: output)
        defer { run.stop() }
        // Polled, bounded: 8 events take 0.4 s at 20 a second.
        var waited = 0
        while eventLines(output).count < 8, run.isRunning, waited < 600 {
            try await Task.sleep(for: .milliseconds(50))
            waited += 1
        }
        let seen = eventLines(output).count
        #expect(seen >= 8, "events in the file before Ctrl-C: \(seen)")
        kill(run.pid, SIGINT)
        let status = try await offThePool { run.wait() }
        expectEqual(status, 130)
        let lines = (try? String(contentsOfFile: output, encoding: .utf8))?.split(separator: "\n") ?? []
        let events = lines.filter { $0.contains("\"type\":\"event\"") }
        #expect(events.count >= seen, "the events printed before Ctrl-C are still in the file")
        let result = lines.first { $0.contains("\"skipped\":") }.map(String.init) ?? ""
        #expect(result.contains("\"end\":\"cancelled\"") && result.contains("-999"), "\(result)")
        #expect(lines.last?.contains("\"summary\"") ?? false, "\(lines.suffix(2))")

        let history = try await CommandLineTests().courier(["history", "--json"], environment: sandbox.environment)
        let recorded = history.output.split(separator: "\n")
        #expect(recorded.count == 1, "\(history.output) \(history.errors)")
        let exchange = try JSONSerialization.jsonObject(with: Data((recorded.first ?? "{}").utf8)) as? [String: Any] ?? [:]
        expectEqual(exchange["request"] as? String, "live")
        expectEqual(exchange["errorCode"] as? Int, -999)
        #expect((exchange["errorMessage"] as? String)?.hasPrefix("Cancelled after ") ?? false, "\(exchange)")
        #expect((exchange["responseBodyBytes"] as? Int ?? 0) > 0, "the stream's text so far is kept")
    }

    /// `courier run … --json | jq`: the first events are read from the pipe while the run
    /// goes on. At 2 events a second, 4 KiB of block buffering held them about 18 s.
    @Test func eventsReachAPipeAsTheyArrive() async throws {
        let sandbox = try EndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let path = try workspace(sandbox, rate: 2)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: EndToEndTests.binary)
        process.arguments = ["run", path, "live", "--json", "--no-history"]
        process.environment = ProcessInfo.processInfo.environment.merging(sandbox.environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        let received = try await offThePool { () -> (text: String, running: Bool) in
            // Read as the bytes come, for at most 10 s, until three event lines are in.
            var text = Data()
            let deadline = Date().addingTimeInterval(10)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while String(decoding: text, as: UTF8.self).components(separatedBy: "\"type\":\"event\"").count <= 3 {
                let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard left > 0, poll(&ready, 1, left) > 0 else { break }
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else { break }
                text.append(contentsOf: buffer[0..<count])
            }
            return (String(decoding: text, as: UTF8.self), process.isRunning)
        }
        let events = received.text.split(separator: "\n").filter { $0.contains("\"type\":\"event\"") }
        #expect(events.count >= 3, "read from the pipe in 10 s: \(received.text.prefix(300))")
        #expect(received.running, "read while the run was still going")
    }
}
