import Foundation
import Testing

extension EndToEndTests {
    /// `courier load --find-max --slo` against a Python server of known capacity (it serves at
    /// most N requests a second and queues the rest) and against one that is always slow.
    @Suite("courier load --find-max, end to end")
    struct LoadKnee {
        /// Starts `capacity_server.py MODE VALUE`; nil (said) when there is no python3.
        private static func server(_ mode: String, _ value: String, in sandbox: Sandbox) async throws -> (ChildProcess, Int)? {
            guard (try? ChildProcess.run(["python3", "-c", "import asyncio"]))?.status == 0 else {
                print("skipped: no python3 for the capacity server")
                return nil
            }
            let portFile = sandbox.directory + "/port-\(mode)"
            let script = EndToEndTests.root + "/Tests/Fixtures/servers/capacity_server.py"
            let child = try ChildProcess.start(["python3", script, portFile, mode, value])
            for _ in 0..<500 {
                if let text = try? String(contentsOfFile: portFile, encoding: .utf8), let port = Int(text) { return (child, port) }
                try await Task.sleep(for: .milliseconds(20))
            }
            child.stop()
            Issue.record("the capacity server did not start")
            return nil
        }

        private static func findMax(port: Int, slo: String, _ extra: [String], sandbox: Sandbox) async throws -> (status: Int32, json: [String: Any]?, errors: String) {
            let path = sandbox.directory + "/knee.yaml"
            try "requests:\n  target: {url: \"http://127.0.0.1:\(port)/\"}\n".write(toFile: path, atomically: true, encoding: .utf8)
            let output = sandbox.directory + "/knee.json"
            let errors = sandbox.directory + "/knee.err"
            let run = try await offThePool {
                let child = try ChildProcess.start(["env"] + sandbox.environment.map { "\($0)=\($1)" }
                                                   + [EndToEndTests.binary, "load", path, "target", "--find-max", "--slo", slo,
                                                      "--json", "--no-history", "--max-in-flight", "512"] + extra,
                                                   output: output, discardingErrors: false)
                return child.wait()
            }
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            let line = text.split(separator: "\n").first { $0.hasPrefix("{") }.map(String.init) ?? ""
            _ = errors
            return (run, try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], text)
        }

        @Test("against a server of 200 requests a second the knee is within 15 % of 200")
        func findsTheCapacity() async throws {
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            guard let (server, port) = try await Self.server("capacity", "200", in: sandbox) else { return }
            defer { server.stop(SIGTERM) }
            let run = try await Self.findMax(port: port, slo: "p99<50ms,errors<1%", ["--rate", "50", "--step", "3s"], sandbox: sandbox)
            #expect(run.status == 0, "\(run.errors.suffix(2000))")
            let knee = try #require(run.json?["knee"] as? [String: Any], "\(run.errors.suffix(2000))")
            let rate = try #require(knee["rate"] as? Double, "\(knee)")
            #expect(abs(rate - 200) <= 30, "found \(rate)/s: \(knee)")
            let steps = try #require(knee["steps"] as? [[String: Any]])
            // Doubling from 50 until broken, then halving the gap: 50, 100, 200 or 400 …
            expectEqual(steps.prefix(2).compactMap { $0["rate"] as? Double }, [50, 100])
            #expect(steps.contains { $0["met"] as? Bool == false }, "a step broke the SLO")
            // Each step is a mark on the timeline, and so is the drain after a broken one —
            // as the search's, not as a pause somebody made.
            let marks = (run.json?["marks"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            #expect(marks.count >= steps.count - 1)
            #expect(marks.contains("draining") && !marks.contains("paused"), "\(marks)")
        }

        @Test("against a server that is always slow the SLO is broken at the first step: exit 1, said")
        func brokenAtTheFirstStep() async throws {
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            guard let (server, port) = try await Self.server("slow", "0.12", in: sandbox) else { return }
            defer { server.stop(SIGTERM) }
            let run = try await Self.findMax(port: port, slo: "p99<50ms", ["--rate", "20", "--step", "2s"], sandbox: sandbox)
            #expect(run.status == 1, "\(run.errors.suffix(2000))")
            #expect(run.errors.contains("--find-max: the SLO p99<50ms is broken at the first step (20/s: p99"), "\(run.errors.suffix(2000))")
            let knee = try #require(run.json?["knee"] as? [String: Any])
            #expect(knee["rate"] == nil && (knee["steps"] as? [Any])?.count == 1)
        }
    }
}
