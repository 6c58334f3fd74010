import CourierDemoServer
import Foundation
@testable import CourierRunner
@testable import CourierWorkspace

// Headless runs against a demo server that serves `/ws` and `/sse`, recording into a history:
// symlinked into each test target that replays or shows recorded streams.

/// Runs `names` of `path` as `courier run` does against `server` (started with WebSockets),
/// recording into `state`.
func recordedRun(_ path: String, _ names: [String], server: DemoServer, state: String, offline: Bool = false,
                 json: Bool = false) async -> RunCapture {
    var run = HeadlessRun(workspacePath: path, names: names)
    run.cacheDirectory = temporaryDirectory("courier-cache")
    run.stateDirectory = state
    run.offline = offline
    run.offlineDemoURL = server.baseURL
    run.json = json
    var output: [String] = []
    var errors: [String] = []
    let status = await run.run(startDemoServer: { DemoServerHandle(baseURL: server.baseURL, stop: {}) },
                               output: { output.append($0) }, errors: { errors.append($0) })
    return RunCapture(status: status, output: output, errors: errors)
}

/// Runs `body` with a demo server that serves `/ws`, stopped afterwards whatever happens.
func withWebSocketDemoServer(_ body: (DemoServer) async throws -> Void) async throws {
    let server = try await DemoServer.start(webSockets: true)
    do {
        try await body(server)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}
