import Courier
import CourierDemoServer
import CourierMock
import CourierWorkspace
import Foundation
import Testing

/// `--from-history`: a request without another answer gets the newest response it had.
@Suite struct HistoryMockTests {
    @Test func aRouteIsAnsweredWithTheNewestRecordedResponseRedacted() async throws {
        let directory = temporaryDirectory()
        let path = directory + "/api.yaml"
        try """
            requests:
              whoami:
                url: "{{demo}}/bearer"
                headers: {Authorization: "Bearer s3cret-token"}
              mocked:
                url: "{{demo}}/get"
                mock: {body: {from: mock}}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        var run = HeadlessRun(workspacePath: path, names: ["whoami", "mocked"])
        run.cacheDirectory = directory + "/cache"
        run.stateDirectory = directory + "/state"
        let status = await run.run(startDemoServer: {
            let server = try await DemoServer.start()
            return DemoServerHandle(baseURL: server.baseURL, stop: { await server.stop() })
        }, output: { _ in }, errors: { _ in })
        expectEqual(status, 0)
        let service = try MockService.make(workspace: try Workspace.load(path: path), settings: {
            var settings = MockSettings()
            settings.history = try? HistoryStore(stateDirectory: directory + "/state")
            return settings
        }())
        let reply = service.call("GET", "/bearer")
        #expect(reply.call.source == .history)
        #expect(reply.status == 200)
        #expect(reply.json?["token"] == "‹redacted›", "\(reply.text)")  // as the history keeps it
        #expect(!reply.text.contains("s3cret-token"), "\(reply.text)")
        #expect(reply.header("Content-Length") == nil)
        // The mock: block comes first.
        #expect(service.call("GET", "/get").json == .object(["from": "mock"]))
    }

    @Test func withoutTheHistoryTheRouteIsUnanswered() throws {
        let service = try mockService("requests:\n  whoami: {url: \"https://api.example.com/bearer\"}\n")
        #expect(service.call("GET", "/bearer").status == 501)
    }
}
