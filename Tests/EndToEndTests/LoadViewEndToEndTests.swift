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
    }
}
