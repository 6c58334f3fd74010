import Courier
import CourierMock
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The Mock pane (9): `M` serves the workspace as a mock API, calls are listed as they come,
/// `M` again stops it.
@Suite(.serialized) struct MockPaneTests {
    private func pane(_ app: AppHarness) -> MockPane {
        app.model.panes.component(.mock) as! MockPane
    }

    /// `curl` on a Dispatch thread (not the concurrency pool the mock's responder runs on).
    private func curl(_ url: String) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
                    process.arguments = ["-sS", "-A", "mock-pane-test", "-w", " %{http_code}", url]
                    let pipe = Pipe()
                    process.standardOutput = pipe
                    process.standardError = FileHandle.nullDevice
                    try process.run()
                    let data = pipe.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
                })
            }
        }
    }

    @Test func mServesTheWorkspaceAndItsCallsAreListedAsTheyCome() async throws {
        try await AppHarness.run { app in
            app.press(.character("9"))
            #expect(app.screen.contains("The mock is off. M serves this workspace"))
            app.press(.character("M"))
            try await app.settle("the mock to start") { pane(app).server != nil }
            let server = try #require(pane(app).server)
            #expect(app.screen.contains("9 Mock · \(server.baseURL) · "))
            #expect(app.screen.contains("Listening on \(server.baseURL)"))
            // created's mock: block answers; a path no route fits is a 404.
            let created = try await curl(server.baseURL + "/status/201")
            #expect(created.output == #"{"by":"mock-pane-test","created":true} 201"#)
            _ = try await curl(server.baseURL + "/no/such/route")
            try await app.settle("the calls to be listed") { pane(app).list.all.count == 2 }
            let screen = app.screen
            #expect(screen.contains("2 calls"))
            let rows = screen.split(separator: "\n").map(String.init)
            #expect(rows.contains { $0.contains("/status/201") && $0.contains("201") && $0.contains("mock") && $0.contains("created") },
                    "\(screen)")
            #expect(rows.contains { $0.contains("/no/such/route") && $0.contains("404") && $0.contains("no route") }, "\(screen)")
            // M again stops it: the port no longer answers.
            app.press(.character("M"))
            #expect(app.screen.contains("9 Mock · off · 2 calls"))
            let deadline = Date().addingTimeInterval(15)
            var refused = false
            while !refused, Date() < deadline {
                refused = try await curl(server.baseURL + "/status/201").status == 7  // curl: could not connect
                if !refused { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(refused, "the mock still answers after M stopped it")
        }
    }
}
