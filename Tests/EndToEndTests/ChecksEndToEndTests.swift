import Foundation
import Testing

extension EndToEndTests {
    /// `expect:` in the real binary: the demo's checks-fail request fails its checks, the
    /// response line and the tree say so, and the Checks tab lists each check with ✓ or ✗.
    @Suite struct Checks {
        @Test func theChecksTabListsTheFailedChecks() async throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let session = try TmuxSession(command: "\(EndToEndTests.binary) tui \(sandbox.workspace)", environment: sandbox.environment)
            try await session.waitFor("1 Requests")
            try session.select("checks-fail")
            try session.press("Enter")
            let response = try await session.waitFor("✗ 3/5 checks failed")
            #expect(response.split(separator: "\n").contains { $0.contains("checks-fail") && $0.contains("✗ checks") }, "\(response)")
            try session.press("2", "2", "]")
            let checks = try await session.waitFor(all: ["Checks 2/5", "✓ status == 200"])
            let rows = checks.split(separator: "\n")
            #expect(rows.contains { $0.contains("✗ $.slideshow.slides count >= 3") && $0.contains("expected >= 3") && $0.contains("got 2") },
                    "\(checks)")
            #expect(rows.contains { $0.contains("✗ schema (inline)") && $0.contains("$.slideshow.date: expected integer, got string") }, "\(checks)")
        }
    }
}
