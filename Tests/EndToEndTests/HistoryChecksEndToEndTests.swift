import Foundation
import Testing

extension EndToEndTests {
    /// The real binary: `courier run` records a request's checks and `courier history show`
    /// prints them, each failure with expected, actual and where the check is written.
    @Suite struct HistoryChecks {
        @Test func historyShowPrintsTheRecordedChecks() async throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let cli = CommandLineTests()
            let run = try await cli.courier(["run", sandbox.workspace, "checks-fail"], environment: sandbox.environment)
            #expect(run.status == 1, "\(run.output) \(run.errors)")
            let list = try await cli.courier(["history", sandbox.workspace], environment: sandbox.environment)
            #expect(list.output.contains("checks-fail") && list.output.contains("validation -13  ") && list.output.contains("✗ 3/5 checks failed"),
                    "\(list.output) \(list.errors)")
            let id = try #require(list.output.split(separator: " ").first.map { String($0.dropFirst()) }, "\(list.output)")
            let show = try await cli.courier(["history", "show", id], environment: sandbox.environment)
            #expect(show.status == 0, "\(show.errors)")
            let lines = show.output.split(separator: "\n").map(String.init)
            #expect(lines.contains("checks: ✗ 3/5 checks failed"), "\(show.output)")
            #expect(lines.contains("  ✓ status == 200"), "\(show.output)")
            #expect(lines.contains("  ✗ $.slideshow.slides count: expected >= 3, got 2  (demo.yaml:150:9)"), "\(show.output)")
            #expect(lines.contains { $0.hasPrefix("  ✗ $.slideshow.date: expected integer, got string (#/properties/slideshow/properties/date/type)") },
                    "\(show.output)")
        }
    }
}
