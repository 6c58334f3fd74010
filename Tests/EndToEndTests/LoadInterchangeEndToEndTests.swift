import Foundation
import Testing

extension EndToEndTests {
    /// The histograms `courier load --json` exports, read by HdrHistogram's Python library (PyPI
    /// `hdrhistogram`, in the test venv), and `courier load merge` of two runs made at once.
    @Suite("courier load's HdrHistogram interchange and merge, end to end")
    struct LoadInterchange {
        /// The test venv's Python with `hdrh`, or nil (said on standard error: the test then skips).
        private static func python() -> String? {
            let python = EndToEndTests.root + "/.build/test-venv/bin/python"
            let probe = try? ChildProcess.run([python, "-c", "import hdrh"])
            guard probe?.status == 0 else {
                print("skipped: the test venv has no hdrhistogram (scripts/test-servers-bootstrap.sh installs it)")
                return nil
            }
            return python
        }

        private static func workspace(_ sandbox: Sandbox) throws -> String {
            let path = sandbox.directory + "/load.yaml"
            try """
                requests:
                  ok: {url: "{{demo}}/load/ok"}
                  flaky: {url: "{{demo}}/load/flaky?every=10&key=m"}
                """.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        private static func load(_ arguments: [String], _ sandbox: Sandbox, into file: String) async throws {
            let run = try await ChildProcess.finish(["env"] + sandbox.environment.map { "\($0)=\($1)" }
                                                    + [EndToEndTests.binary, "load"] + arguments + ["--json", "--no-history"],
                                                    discardingErrors: true)
            #expect(run.status == 0, "\(run.output)")
            try run.output.write(toFile: file, atomically: true, encoding: .utf8)
        }

        /// HdrHistogram's percentile as its Java library (and hdrhistogram-swift) has it: the value
        /// at rank ceil(p × n / 100); hdrh's own `get_value_at_percentile` rounds the rank to the
        /// nearest instead, a bucket lower at some ranks.
        private static let percentile = """
            import json, math, sys
            from hdrh.histogram import HdrHistogram
            def percentile(h, p):
                rank, seen = max(1, math.ceil(p * h.get_total_count() / 100 - 1e-9)), 0
                for item in h.get_recorded_iterator():
                    seen += item.count_at_value_iterated_to
                    if seen >= rank: return h.get_highest_equivalent_value(item.value_iterated_to)
            """

        /// Checks, in Python, that each named histogram of the JSON in argv[1] decodes to the
        /// figures beside it, and that the seconds' histograms add up to the run's.
        private static let checkFigures = """
            \(percentile)
            run = json.load(open(sys.argv[1]))
            figures = dict(run["phases"], latency=run["latency"])
            for name, text in run["histograms"].items():
                if name not in figures: continue
                h = HdrHistogram.decode(text)
                want = figures[name]
                got = {"count": h.get_total_count(), "p50": percentile(h, 50) / 1000, "p90": percentile(h, 90) / 1000,
                       "p99": percentile(h, 99) / 1000, "max": h.get_max_value() / 1000}
                for key, value in got.items():
                    assert abs(value - want[key]) < 1e-6, (name, key, value, want[key])
                print(name, got["count"], got["p99"])
            union = HdrHistogram(1, 3600000000, 3)
            for second in run["perSecond"]:
                if "histogram" in second: union.add(HdrHistogram.decode(second["histogram"]))
            whole = HdrHistogram.decode(run["histograms"]["latency"])
            assert union.get_total_count() == whole.get_total_count() == run["latency"]["count"], "seconds"
            assert percentile(union, 99) == percentile(whole, 99)
            print("seconds", len(run["perSecond"]))
            """

        @Test("Python's hdrhistogram decodes every exported histogram to the same p50, p90, p99 and max")
        func pythonReadsTheHistograms() async throws {
            guard let python = Self.python() else { return }
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            let file = sandbox.directory + "/run.json"
            try await Self.load([try Self.workspace(sandbox), "flaky", "--rate", "400", "--duration", "3s"], sandbox, into: file)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
            let seconds = try #require(object["perSecond"] as? [[String: Any]])
            // Three measured seconds (and the last completions a moment after).
            #expect((3...4).contains(seconds.count), "\(seconds.count) seconds")
            let sent = seconds.compactMap { $0["sent"] as? Int }
            #expect(sent.reduce(0, +) == 1200, "every scheduled send counted once: \(sent)")
            #expect(sent.prefix(3).allSatisfy { abs($0 - 400) <= 8 }, "400 a second, within 2 %: \(sent)")
            let failures = seconds.compactMap { ($0["errorsByFamily"] as? [String: Int])?["http 5xx"] }.reduce(0, +)
            #expect(failures == 120, "a tenth answered 503")
            let checked = try await ChildProcess.finish([python, "-c", Self.checkFigures, file])
            #expect(checked.status == 0, "\(checked.output)")
            #expect(checked.output.contains("latency 1200") && checked.output.contains("firstByte 1200"), "\(checked.output)")
        }

        @Test("--stages hold each step's rate within 2 %, each stage marked where it began")
        func stagesHoldTheirRates() async throws {
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            let file = sandbox.directory + "/stages.json"
            try await Self.load([try Self.workspace(sandbox), "ok", "--stages", "2s:200/s,2s:500/s,1s:0/s"], sandbox, into: file)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
            let seconds = try #require(object["perSecond"] as? [[String: Any]])
            let sent = seconds.map { $0["sent"] as? Int ?? 0 }
            try #require(sent.count >= 4, "\(sent)")
            // Each stage's sends over its seconds (a send a few ms late crosses a second's edge,
            // not a stage's total by more than that): 400 and 1,000, and none in the last.
            #expect(abs(sent[0] + sent[1] - 400) <= 8, "\(sent)")
            #expect(abs(sent[2] + sent[3] - 1000) <= 20, "\(sent)")
            // Nothing is due in the last stage: what it counts are stage 2's last sends, handed
            // to libcurl a moment after its end (a 1 % of a second's lateness at most).
            #expect(sent.dropFirst(4).reduce(0, +) <= 5, "\(sent)")
            #expect(abs(sent.dropFirst(2).reduce(0, +) - 1000) <= 20, "\(sent)")
            let marks = try #require(object["marks"] as? [[String: Any]])
            expectEqual(marks.compactMap { $0["text"] as? String }, ["stage 1: 200/s", "stage 2: 500/s", "stage 3: 0/s"])
            expectEqual(marks.compactMap { $0["second"] as? Double }, [0, 2, 4])
        }

        @Test("merge of two runs made at once has the percentiles of both runs' samples together")
        func mergeIsTheUnion() async throws {
            guard let python = Self.python() else { return }
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            let workspace = try Self.workspace(sandbox)
            let (a, b, merged) = (sandbox.directory + "/a.json", sandbox.directory + "/b.json", sandbox.directory + "/merged.json")
            async let first: Void = Self.load([workspace, "ok", "--rate", "300", "--duration", "2s"], sandbox, into: a)
            async let second: Void = Self.load([workspace, "flaky", "--concurrency", "2", "--duration", "2s"], sandbox, into: b)
            _ = try await (first, second)
            let merging = try await ChildProcess.finish([EndToEndTests.binary, "load", "merge", a, b, "--json"], discardingErrors: true)
            #expect(merging.status == 0, "\(merging.output)")
            try merging.output.write(toFile: merged, atomically: true, encoding: .utf8)
            let union = """
                \(Self.percentile)
                runs = [json.load(open(path)) for path in sys.argv[1:4]]
                a, b, merged = runs
                union = HdrHistogram(1, 3600000000, 3)
                for run in (a, b): union.add(HdrHistogram.decode(run["histograms"]["latency"]))
                assert merged["requests"] == a["requests"] + b["requests"], "requests"
                assert merged["latency"]["count"] == union.get_total_count(), "count"
                # The merged histogram is the union, count for count.
                exported = HdrHistogram.decode(merged["histograms"]["latency"])
                assert list(exported.counts) == list(union.counts), "counts"
                # Its percentiles are the union's.
                for p, key in ((50, "p50"), (90, "p90"), (99, "p99"), (99.9, "p999")):
                    assert abs(percentile(union, p) / 1000 - merged["latency"][key]) < 1e-6, (p, percentile(union, p), merged["latency"][key])
                assert sum(s["requests"] for s in merged["perSecond"]) == merged["requests"], "seconds"
                assert merged["statuses"].get("503") == b["statuses"].get("503"), "statuses"
                assert merged["mergedFrom"] == sys.argv[1:3]
                print("merged", merged["requests"], merged["latency"]["p99"])
                """
            let checked = try await ChildProcess.finish([python, "-c", union, a, b, merged])
            #expect(checked.status == 0, "\(checked.output)")
            // The text form names both files; a run without histograms is refused, exit 2.
            let text = try await ChildProcess.finish([EndToEndTests.binary, "load", "merge", a, b])
            #expect(text.status == 0 && text.output.contains("merged       \(a)\n") && text.output.contains("\(b)\n"), "\(text.output)")
            try #"{"workspace":"w","target":"t","kind":"request","startedAt":0,"plan":{"model":{"closed":{"concurrency":1}},"warmup":0,"ramp":0},"stopped":false,"running":false,"seconds":1,"requests":1,"iterations":1,"warmupRequests":0,"throughput":1,"latency":{"count":1,"min":1,"mean":1,"p50":1,"p90":1,"p95":1,"p99":1,"p999":1,"max":1},"phases":{},"errors":[],"errorRate":0,"statuses":{},"bytesReceived":0,"bytesSent":0,"newConnections":1,"inFlight":0,"steps":[],"perSecond":[],"histogram":[]}"#
                .write(toFile: sandbox.directory + "/old.json", atomically: true, encoding: .utf8)
            let refused = try await ChildProcess.finish([EndToEndTests.binary, "load", "merge", a, sandbox.directory + "/old.json"])
            #expect(refused.status == 2 && refused.output.contains("old.json has no histograms"), "\(refused.output)")
        }
    }
}
