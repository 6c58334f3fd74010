#if DemoTLS
import Foundation
import Testing

extension EndToEndTests {
    /// The demo server's own TLS listeners in the real binary: `courier tui` starts them beside
    /// the plain one, demo.yaml's requests verify them against the CA made at start, and the
    /// response line says the version libcurl negotiated — HTTP/2 — for the open listener and for
    /// the one that requires a client certificate.
    @Suite struct DemoTLS {
        @Test func theResponseLineShowsHTTP2ForTheTLSListeners() async throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let session = try TmuxSession(command: "\(EndToEndTests.binary) tui \(sandbox.workspace)", environment: sandbox.environment)
            try await session.waitFor("1 Requests")
            for name in ["http2-tls", "client-certificate"] {
                try session.press("1")
                try session.select(name)
                try session.press("Enter")
                // The tree's line for this request has its status (the previous one's screen
                // does not count), and one line has both: the description says HTTP/2 as well.
                let screen = try await session.waitUntil("\(name): 200 OK and HTTP/2 on the response line") { screen in
                    let lines = screen.split(separator: "\n")
                    return lines.contains { $0.contains(name) && $0.contains("200") }
                        && lines.contains { $0.contains("200 OK") && $0.contains("HTTP/2") }
                }
                #expect(!screen.contains("\u{2717}"), "no failure mark anywhere: \(screen)")
            }
        }

        /// demo.yaml's http2-together sends four slow requests to the TLS listener at once:
        /// In flight says they are multiplexed on one connection and marks each row ∥. The
        /// sandbox's drip lasts 30 s instead of 4: the screen is read while the whole test
        /// run shares two cores, and the test must not depend on reading it within 4 s.
        @Test func inFlightMarksRequestsMultiplexedOnOneConnection() async throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let demo = try String(contentsOfFile: sandbox.workspace, encoding: .utf8)
            let slow = demo.replacingOccurrences(of: "/drip?bytes=4096&duration=4\"", with: "/drip?bytes=4096&duration=30\"")
            try #require(slow != demo, "demo.yaml's http2-drip is no longer a 4-second drip")
            try slow.write(toFile: sandbox.workspace, atomically: true, encoding: .utf8)
            let session = try TmuxSession(command: "\(EndToEndTests.binary) tui \(sandbox.workspace)", environment: sandbox.environment)
            try await session.waitFor("1 Requests")
            try session.select("http2-together")
            try session.press("Enter")
            try session.press("3")
            try session.press("z")
            // The summary can come a refresh before every row says receiving (a loaded machine
            // is slow to the first byte): wait for both.
            func markedRows(_ screen: String) -> Int {
                screen.split(separator: "\n").filter { $0.contains("http2-drip") && $0.contains("\u{2225} receiving") }.count
            }
            let screen = try await session.waitUntil("four rows multiplexed on one connection, each marked ∥ receiving") { screen in
                screen.contains("4 multiplexed on 1 connection") && markedRows(screen) == 4
            }
            #expect(markedRows(screen) == 4, "\(screen)")
            try session.press("x")
        }
    }
}
#endif
