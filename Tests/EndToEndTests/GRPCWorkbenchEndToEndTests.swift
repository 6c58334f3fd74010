import Foundation
import Testing

extension EndToEndTests {
    /// gRPC calls in the real binary's workbench, in tmux, against Python's grpcio: every call
    /// answers HTTP 200, so the Requests tree and the Exchange pane show the call's own status
    /// (from the trailers), whether it was OK, a status a check accepts, or a failure.
    @Suite struct GRPCWorkbench {
        @Test func theTreeAndTheExchangeShowEachCallsGRPCStatusNotHTTP200() async throws {
            try #require(TmuxSession.isAvailable, "tmux is not installed")
            let server = try await GRPCPlacesServer.required()
            defer { server.stop() }
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let path = sandbox.directory + "/grpc.yaml"
            try """
                requests:
                  found:
                    grpc: {target: "\(server.baseURL)", service: courier.demo.Places, method: GetPlace}
                    message: {latitude: 4, longitude: 7}
                  missing:
                    grpc: {target: "\(server.baseURL)", service: courier.demo.Places, method: GetPlace}
                    message: {latitude: 0, longitude: 3}
                    expect: [status == NOT_FOUND]
                  refused:
                    grpc: {target: "\(server.baseURL)", service: courier.demo.Places, method: GetPlace}
                    message: {latitude: 0, longitude: 5}

                """.write(toFile: path, atomically: true, encoding: .utf8)
            let session = try TmuxSession(command: "\(EndToEndTests.binary) tui \(path)", environment: sandbox.environment)
            try await session.waitFor("1 Requests")

            try session.select("found")
            try session.press("Enter")
            let found = try await session.waitFor("OK (0)")
            #expect(found.contains("1 received"), "\(found)")
            #expect(Self.row("found", in: found)?.hasSuffix("OK") == true, "\(found)")

            try session.select("missing")
            try session.press("Enter")
            let missing = try await session.waitFor("NOT_FOUND (5): no place at 0,3")
            #expect(Self.row("missing", in: missing)?.hasSuffix("NOT_FOUND") == true, "accepted by its check:\n\(missing)")

            try session.select("refused")
            try session.press("Enter")
            let refused = try await session.waitFor("NOT_FOUND (5): no place at 0,5")
            #expect(Self.row("refused", in: refused)?.contains("NOT_FOUND") == true, "\(refused)")
            #expect(!(Self.row("refused", in: refused)?.contains("200") ?? true), "\(refused)")
            // The status line and the Events pane say how each call ended, not HTTP 200.
            let told = try await session.waitUntil("the status line names refused's status") {
                $0.split(separator: "\n").last?.contains("refused: NOT_FOUND (5)") == true
            }
            // Events is the right-hand pane of its rows: its entry for a call gives the status.
            let events = told.split(separator: "\n").compactMap { $0.components(separatedBy: "││").last }
            #expect(events.contains { $0.contains("✓ found") && $0.contains(" OK ") && !$0.contains("200") }, "\(told)")
            #expect(events.contains { $0.contains("✗ refused") && $0.contains("NOT_FOUND") }, "\(told)")
            // So does the stream's ending in the Exchange pane.
            #expect(told.contains("✗ NOT_FOUND (5)"), "\(told)")
        }

        /// The Requests tree's row of `name` (`gRPC    found    OK`): from the name to the pane's
        /// right border.
        private static func row(_ name: String, in screen: String) -> String? {
            screen.split(separator: "\n").lazy.compactMap { line -> String? in
                guard line.contains("gRPC "), let start = line.range(of: " \(name) ") else { return nil }
                return line[start.lowerBound...].split(separator: "│").first.map { $0.trimmingCharacters(in: .whitespaces) }
            }.first
        }
    }
}
