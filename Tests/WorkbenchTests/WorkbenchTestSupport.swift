import CourierDemoServer
import Foundation
@testable import CourierWorkspace
@testable import Workbench

/// The repository's root, for `workspaces/*.yaml`.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// Parses YAML text as a workspace named `test.yaml`.
func parseWorkspace(_ yaml: String, extraVariables: Set<String> = []) throws -> Workspace {
    try Workspace.parse(yaml: yaml, file: "test.yaml", extraVariables: extraVariables)
}

/// The description of the error parsing `yaml` throws, or nil when it parses.
func parseError(_ yaml: String) -> WorkspaceError? {
    do {
        _ = try parseWorkspace(yaml)
        return nil
    } catch {
        return error as? WorkspaceError
    }
}

/// A fresh temporary directory.
func temporaryDirectory(_ name: String = "courier-test") -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Writes `yaml` into a temporary directory and returns the file's path.
func writeWorkspace(_ yaml: String, name: String = "ws.yaml") -> String {
    let path = temporaryDirectory() + "/" + name
    try? yaml.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

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

/// The JSON objects of `--json` output.
func jsonLines(_ lines: [String]) throws -> [[String: Any]] {
    try lines.map { line in
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw CocoaError(.coderReadCorrupt)
        }
        return object
    }
}
