import Foundation
import Testing

extension EndToEndTests {
    /// gRPC calls in the real binary's workbench, in tmux, against Python's grpcio: every call
    /// answers HTTP 200, so the Requests tree and the Exchange pane show the call's own status
    /// (from the trailers), whether it was OK, a status a check accepts, or a failure.
    @Suite struct GRPCWorkbench {
        @Test func theTreeAndTheExchangeShowEachCallsGRPCStatusNotHTTP200() async throws {
            try #require(TmuxSession.isAvailable, "tmux is not installed")
            try await EndToEndTests.withGRPCWorkspace({ base in """
                requests:
                  found:
                    grpc: {target: "\(base)", service: courier.demo.Places, method: GetPlace}
                    message: {latitude: 4, longitude: 7}
                  missing:
                    grpc: {target: "\(base)", service: courier.demo.Places, method: GetPlace}
                    message: {latitude: 0, longitude: 3}
                    expect: [status == NOT_FOUND]
                  refused:
                    grpc: {target: "\(base)", service: courier.demo.Places, method: GetPlace}
                    message: {latitude: 0, longitude: 5}

                """ }) { _, sandbox, path in
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
        }

        /// `B` opens the service browser on the server's reflection; `n` on a method adds a
        /// request of it to the file with every field of its message (at 120×40 and at 80×24);
        /// sent, the bidirectional call takes messages typed in until `x` half-closes it.
        @Test func theServiceBrowserMakesARequestOfAMethodAndABidiCallIsTypedInto() async throws {
            try #require(TmuxSession.isAvailable, "tmux is not installed")
            try await EndToEndTests.withGRPCWorkspace({ base in """
                variables:
                  places: "\(base)"
                requests:
                  found:
                    grpc: {target: "{{places}}", service: courier.demo.Places, method: GetPlace}
                    message: {latitude: 4, longitude: 7}

                """ }) { _, sandbox, path in
                let session = try TmuxSession(command: "\(EndToEndTests.binary) tui \(path)", environment: sandbox.environment)
                try await session.waitFor("1 Requests")
                try session.press("B")
                let browser = try await session.waitFor(all: ["gRPC services", "⇅  Chat", "grpc.health.v1.Health"])
                #expect(browser.contains("⇣  ListPlaces  Area → Place"), "\(browser)")
                // The first method is chosen, its messages below the list.
                #expect(browser.contains("rpc GetPlace(courier.demo.Point) returns (courier.demo.Place);"), "\(browser)")
                try session.resize(columns: 80, rows: 24)
                let small = try await session.waitUntil("the browser redrawn at 80 columns") { screen in
                    screen.split(separator: "\n").allSatisfy { $0.count <= 80 } && screen.contains("⇅  Chat")
                        && screen.contains("n new request")
                }
                #expect(small.contains("message Point {"), "\(small)")
                for _ in 0..<3 { try session.press("Down") }
                try await session.waitFor("rpc Chat(stream courier.demo.Note)")
                try session.press("n")
                try await session.waitFor("Name of the request of Chat")
                try session.press("Enter")
                let added = try await session.waitFor("added chat to grpc.yaml")
                #expect(added.contains("gRPC ⇅  chat"), "\(added)")
                let text = try String(contentsOfFile: path, encoding: .utf8)
                #expect(text.contains("method: Chat"), "\(text)")
                #expect(text.contains("- send: {location: {latitude: 0, longitude: 0}, message: \"\"}"), "\(text)")
                // The call stays open for messages typed in: its template's message is echoed,
                // then one typed as JSON; one the schema refuses stays on the line, said why.
                try session.resize(columns: 120, rows: 40)
                try await session.waitFor("2 Exchange chat")
                try session.press("Enter")
                try await session.waitFor("i types a message (JSON) to the call")
                try session.press("2")
                try session.press("i")
                try session.type(#"{"message": "typed in"}"#)
                try session.press("Enter")
                try await session.waitFor(#""message":"echo: typed in""#)
                try session.type(#"{"mesage": 1}"#)
                try session.press("Enter")
                let refused = try await session.waitFor(#"not sent: message field mesage: no field "mesage" in courier.demo.Note"#)
                #expect(refused.contains(#"→ {"mesage": 1}"#), "the text stays on the line:\n\(refused)")
                // x half-closes: the server ends the call, OK.
                try session.press("Escape")
                try session.press("x")
                let ended = try await session.waitFor("OK (0)")
                #expect(ended.contains("2 received"), "\(ended)")
            }
        }

        /// The Requests tree's row of `name` (`gRPC    found    OK`): from the name to the pane's
        /// right border.
        private static func row(_ name: String, in screen: String) -> String? {
            screen.split(separator: "\n").lazy.compactMap { line -> String? in
                // The Requests pane is the left of the line, up to its right border.
                guard let requests = line.components(separatedBy: "││").first, requests.contains("gRPC "),
                      let start = requests.range(of: " \(name) ") else { return nil }
                return requests[start.lowerBound...].split(separator: "│").first.map { $0.trimmingCharacters(in: .whitespaces) }
            }.first
        }
    }
}
