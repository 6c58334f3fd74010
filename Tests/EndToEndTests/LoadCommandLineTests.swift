import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension EndToEndTests {
    /// `courier load` as a user runs it: the binary with its embedded demo server, in a process of
    /// its own, so that what the open model measures is the server's stall and not this test
    /// process's busy thread pool.
    @Suite("courier load, end to end")
    struct LoadCommandLine {
        private func courier(_ arguments: [String], sandbox: Sandbox) async throws -> (status: Int32, output: String, errors: String) {
            try await offThePool {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: EndToEndTests.binary)
                process.arguments = arguments
                process.environment = ProcessInfo.processInfo.environment.merging(sandbox.environment) { $1 }
                process.standardInput = FileHandle.nullDevice
                let errorFile = sandbox.directory + "/stderr"
                FileManager.default.createFile(atPath: errorFile, contents: nil)
                let output = Pipe()
                process.standardOutput = output
                process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
                try process.run()
                let out = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                let err = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
                return (process.terminationStatus, String(decoding: out, as: UTF8.self), err)
            }
        }

        @Test("a server that stalls for a second shows in the open model's p99, with every scheduled request sent")
        func stallShowsInP99() async throws {
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            let path = sandbox.directory + "/stall.yaml"
            // 200 a second for 3 s; the server holds every request from 1 s to 2 s after the first.
            try "requests:\n  stalling: {url: \"{{demo}}/load/stall?key=co&after=1&for=1\"}\n"
                .write(toFile: path, atomically: true, encoding: .utf8)
            let run = try await courier(["load", path, "stalling", "--rate", "200", "--duration", "3s", "--json", "--no-history"],
                                        sandbox: sandbox)
            #expect(run.status == 0, "\(run.errors)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            let latency = try #require(object["latency"] as? [String: Any])
            let p50 = try #require(latency["p50"] as? Double)
            let p99 = try #require(latency["p99"] as? Double)
            // Every scheduled request was sent: the stall did not thin the load out.
            expectEqual(object["requests"] as? Int, 600)
            // A third of the requests were due during the stall: those due at its start waited
            // about a second, so p99 is near a second while the median stays a fast answer.
            #expect(p99 >= 800, "p99 \(p99) ms")
            #expect(p50 < 700, "p50 \(p50) ms")
            // The live line went to standard error while it ran.
            #expect(run.errors.contains(" req/s  p50 "), "\(run.errors)")
        }

        @Test("--report writes the run as an HTML page, --fail-on's broken rule in it, and the exit status says so")
        func htmlReport() async throws {
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            let path = sandbox.directory + "/flaky.yaml"
            try "requests:\n  flaky: {url: \"{{demo}}/load/flaky?every=4&key=r\"}\n".write(toFile: path, atomically: true, encoding: .utf8)
            let report = sandbox.directory + "/load.html"
            let run = try await courier(["load", path, "flaky", "--concurrency", "2", "--requests", "200", "--no-history",
                                         "--report", report, "--fail-on", "errors>10%"], sandbox: sandbox)
            #expect(run.status == 1, "a quarter failed: the rule breaks\n\(run.errors)")
            let html = try String(contentsOfFile: report, encoding: .utf8)
            #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("default-src 'none'"))
            #expect(html.contains("fail-on broken") && html.contains("error rate 25.00 % is over 10.00 %"), "\(html.prefix(3000))")
            #expect(html.contains(">200</td><td class=\"num\">150<") && html.contains(">503</td><td class=\"num\">50<"))
            #expect(html.contains("<svg class=\"chart\""))
            // Nowhere it cannot write: said, exit 2.
            let refused = try await courier(["load", path, "flaky", "--requests", "10", "--no-history",
                                             "--report", sandbox.directory + "/missing/dir/load.html"], sandbox: sandbox)
            #expect(refused.status == 2 && refused.errors.contains("cannot write"), "\(refused.errors)")
            // A full device (a node of the sandbox's own, never /dev/full): an error, exit 2, and
            // the device is still a device (#41: as root the report replaced it with a file).
            let full = sandbox.directory + "/full"
            expectEqual(mknod(full, S_IFCHR | 0o666, dev_t((1 << 8) | 7)), 0)
            let filled = try await courier(["load", path, "flaky", "--requests", "10", "--no-history", "--report", full], sandbox: sandbox)
            #expect(filled.status == 2 && filled.errors.contains("cannot write \(full): No space left on device"), "\(filled.errors)")
            var info = stat()
            #expect(lstat(full, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "the device was replaced")
        }

        @Test("absurd options are refused at once with exit 2, and a missing --compare file before the run")
        func absurdOptionsAndAMissingBaselineAreRefusedAtOnce() async throws {
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            let path = sandbox.directory + "/ok.yaml"
            try "requests:\n  ok: {url: \"{{demo}}/load/ok\"}\n".write(toFile: path, atomically: true, encoding: .utf8)
            // Each of these ran without end, trapped or sent nothing for a minute.
            let refusals: [([String], String)] = [
                (["--rate", "1e9", "--duration", "2s"], "rate must be at most 1,000,000 requests a second"),
                (["--rate", "1e300", "--duration", "2s"], "got 1e+300"),
                (["--rate", "10", "--duration", "1e300s"], "duration must be at most a week"),
                (["--concurrency", "100000000", "--duration", "3s"], "ulimit -n"),
            ]
            for (options, said) in refusals {
                let run = try await courier(["load", path, "ok", "--no-history"] + options, sandbox: sandbox)
                #expect(run.status == 2 && run.errors.contains("courier load: ") && run.errors.contains(said), "\(options): \(run.errors)")
                #expect(run.output.isEmpty)
            }
            // Five seconds of load if it ran: the live line would say so.
            let missing = try await courier(["load", path, "ok", "--no-history", "--duration", "5s",
                                             "--compare", sandbox.directory + "/missing.json"], sandbox: sandbox)
            #expect(missing.status == 2 && missing.errors.contains("missing.json: cannot be read"), "\(missing.errors)")
            #expect(!missing.errors.contains(" req/s  p50 ") && missing.output.isEmpty, "the run started: \(missing.errors)")
        }
    }
}
