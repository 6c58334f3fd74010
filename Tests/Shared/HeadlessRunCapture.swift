import CourierDemoServer
import Foundation
@testable import CourierRunner
@testable import CourierWorkspace

/// What a headless run printed and returned.
struct RunCapture {
    var status: Int32
    var output: [String]
    var errors: [String]
}

/// Runs `courier run` as the CLI does, against an embedded demo server, with its cache and
/// history in temporary directories.
func headlessRun(_ path: String, _ names: [String], configure: (inout HeadlessRun) -> Void = { _ in }) async -> RunCapture {
    var run = HeadlessRun(workspacePath: path, names: names)
    run.cacheDirectory = temporaryDirectory("courier-cache")
    run.stateDirectory = temporaryDirectory("courier-state")
    configure(&run)
    var output: [String] = []
    var errors: [String] = []
    let status = await run.run(startDemoServer: {
        let server = try await DemoServer.start()
        return DemoServerHandle(baseURL: server.baseURL, stop: { await server.stop() })
    }, output: { output.append($0) }, errors: { errors.append($0) })
    return RunCapture(status: status, output: output, errors: errors)
}
