import Foundation
import Testing

extension EndToEndTests {
    /// A load run in the real binary's workbench, in tmux: `L` asks for its settings and
    /// starts it, the Load view's figures move on while it runs, `x` stops it and the partial
    /// result stays.
    @Suite struct LoadView {
        /// A workspace of one quick request against the binary's own demo server.
        private static let workspace = """
            name: load

            config:
              baseUrl: "{{demo}}"

            requests:
              load-target:
                url: /get?load=1

            """

        /// The measured requests on the totals line: ` 1,204 requests · 601/s · …`.
        private static func count(in screen: String) -> Int? {
            guard let range = screen.range(of: #"[0-9,]+ requests · "#, options: .regularExpression) else { return nil }
            return Int(screen[range].filter(\.isNumber))
        }

        @Test func lStartsARunTheViewMovesOnAndXStopsItWithAPartialResult() async throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let path = sandbox.directory + "/load.yaml"
            try Self.workspace.write(toFile: path, atomically: true, encoding: .utf8)
            let session = try TmuxSession(command: "\(EndToEndTests.binary) tui \(path)", environment: sandbox.environment)
            try await session.waitFor("1 Requests")
            try session.select("load-target")
            try session.press("L")
            try await session.waitFor(all: ["Load run of request load-target", "c=16 d=10s"])
            try session.press("C-u")
            // A modest open-model rate: a run at full speed would take both cores from the tests
            // running beside this one for as long as it lasts.
            try session.type("r=50 d=30s")
            try session.press("Enter")

            // Two reads of the screen a second or more apart: the count has grown, the run still going.
            let early = try await session.waitUntil("the first second's figures") { (Self.count(in: $0) ?? 0) > 0 }
            let seen = try #require(Self.count(in: early))
            #expect(early.contains("8 Load · load-target · running"), "\(early)")
            let later = try await session.waitUntil("more requests than \(seen)") { (Self.count(in: $0) ?? 0) > seen }
            #expect(later.contains("running  load-target · request · r=50 d=30s"), "\(later)")
            #expect(later.contains("p99.9") && later.contains("latency histogram"))

            try session.press("x")
            let stopped = try await session.waitFor(all: ["8 Load · load-target · stopped", "load run of load-target stopped"])
            let kept = try #require(Self.count(in: stopped), "the partial result stays:\n\(stopped)")
            #expect(kept >= (Self.count(in: later) ?? 0))
            let elapsed = stopped.range(of: #"[0-9.]+ s of 30 s"#, options: .regularExpression).flatMap { Double(stopped[$0].split(separator: " ")[0]) }
            #expect((elapsed ?? 30) < 30, "stopped before its thirty seconds:\n\(stopped)")
        }

        @Test("the timeline grows as the run goes on; + raises the rate, p pauses, each marked at its second",
              arguments: [(120, 40), (80, 24)])
        func theTimelineGrowsAndKeysChangeTheRun(columns: Int, rows: Int) async throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let path = sandbox.directory + "/load.yaml"
            try Self.workspace.write(toFile: path, atomically: true, encoding: .utf8)
            let session = try TmuxSession(command: "\(EndToEndTests.binary) tui \(path)", columns: columns, rows: rows,
                                          environment: sandbox.environment)
            try await session.waitFor("1 Requests")
            try session.select("load-target")
            try session.press("L")
            try await session.waitFor("Load run of request load-target")
            try session.press("C-u")
            try session.type("stages=20s:40/s,20s:60/s")
            try session.press("Enter")
            // The charts span the planned 40 s and fill from the left: what they drew grows.
            func drawn(_ screen: String) -> Int {
                screen.split(separator: "\n").filter { $0.contains("⣿") || $0.contains("⣀") || $0.contains("⣤") }
                    .map { $0.unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count }.max() ?? 0
            }
            let early = try await session.waitUntil("the first seconds charted") { drawn($0) > 0 && $0.contains("40 s") }
            #expect(early.contains("▲ 0 s stage 1: 40/s"), "\(early)")
            let grown = try await session.waitUntil("the chart grown") { drawn($0) > drawn(early) }
            #expect(grown.contains("req/s") && grown.contains("latency p50 · p99"), "\(grown)")
            try session.press("+")
            let raised = try await session.waitFor("rate 40/s → 50/s")
            #expect(raised.contains("target 50/s"), "\(raised)")
            // The mark's second is the run's time when the key was pressed.
            let mark = raised.range(of: #"▲ [0-9.]+ s rate 40/s"#, options: .regularExpression).map { String(raised[$0]) }
            let markSecond = mark.flatMap { Double($0.split(separator: " ")[1]) }
            let clock = raised.range(of: #"[0-9.]+ s of 40 s"#, options: .regularExpression).flatMap { Double(raised[$0].split(separator: " ")[0]) }
            if let markSecond, let clock { #expect(markSecond <= clock && clock - markSecond < 3, "mark at \(markSecond) s, clock \(clock) s") }
            try session.press("p")
            // The mark, and the title's target saying so.
            _ = try await session.waitUntil("paused in the legend and the title") { screen in
                screen.contains("s paused") && screen.split(separator: "\n").contains { $0.contains("req/s") && $0.contains("paused") }
            }
            try session.press("x")
            try await session.waitFor("8 Load · load-target · stopped")
        }

        @Test("Enter on the 503 row opens its sample exchanges, redacted; ] goes to the next, Esc back",
              arguments: [(120, 40), (80, 24)])
        func enterOnA503RowOpensItsSamples(columns: Int, rows: Int) async throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let path = sandbox.directory + "/load.yaml"
            // Every tenth answer of this key is a 503 (the demo server counts by key).
            let workspace = """
                name: load
                config:
                  baseUrl: "{{demo}}"
                variables:
                  token: e2e-sekrit
                requests:
                  flaky:
                    url: /load/flaky?every=10&key=e2e-\(columns)-\(UUID().uuidString.prefix(8))
                    auth: {bearer: "{{token}}"}
                    sensitive: ["{{token}}"]
                """
            try workspace.write(toFile: path, atomically: true, encoding: .utf8)
            let session = try TmuxSession(command: "\(EndToEndTests.binary) tui \(path)", columns: columns, rows: rows,
                                          environment: sandbox.environment)
            try await session.waitFor("1 Requests")
            try session.select("flaky")
            try session.press("L")
            try await session.waitFor("Load run of request flaky")
            try session.press("C-u")
            try session.type("c=2 n=200")
            try session.press("Enter")
            try await session.waitFor(all: ["load run of flaky done", "past load runs of flaky", "#1"])
            // Up from the run just saved: the last outcome row, the 503s' error row.
            try session.press("k")
            try await session.waitFor("Enter: samples")
            try session.press("Enter")
            let opened = try await session.waitFor(all: ["503 Service Unavailable", "sample 1 of 3", "HTTP/1.1 503"])
            #expect(opened.contains("\"failed\" : true"), "the body, pretty-printed:\n\(opened)")
            #expect(opened.contains("Authorization: ‹redacted›") && !opened.contains("sekrit"), "\(opened)")
            try session.press("]")
            try await session.waitFor("sample 2 of 3")
            try session.press("Escape")
            let back = try await session.waitUntil("the figures again") { $0.contains("latency ms") && !$0.contains("sample 2 of 3") }
            #expect(back.contains("503"), "\(back)")
        }
    }
}
