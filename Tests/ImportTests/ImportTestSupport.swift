import CourierDemoServer
import Foundation
import CourierWorkspace

/// `Tests/Fixtures/`, where the importers' fixtures live (one folder per format).
let fixturesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures").path

/// The bytes of `Tests/Fixtures/<path>`.
func fixture(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: fixturesDirectory + "/" + path))
}

/// A fresh temporary directory.
func importTemporaryDirectory(_ name: String = "courier-import") -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// What `courier run` printed and returned for an imported workspace, and what its demo
/// server received.
struct ImportedRun {
    var status: Int32
    var output: [String]
    var errors: [String]
    var received: [DemoServer.LoggedRequest] = []
}

/// Writes `yaml` to a temporary `imported.yaml` with `files` (name → contents) next to it and
/// runs `names` in it as `courier run --json` does, against a demo server of its own
/// (`{{demo}}`), with its cache and history in temporary directories. `environment` selects
/// an environment, `variables` are `--var`s.
func runImported(_ yaml: String, _ names: [String], environment: String? = nil,
                 variables: [String] = [], files: [String: Data] = [:]) async -> ImportedRun {
    let directory = importTemporaryDirectory()
    let path = directory + "/imported.yaml"
    try? yaml.write(toFile: path, atomically: true, encoding: .utf8)
    for (name, contents) in files { try? contents.write(to: URL(fileURLWithPath: directory + "/" + name)) }
    guard let server = try? await DemoServer.start() else { return ImportedRun(status: -1, output: [], errors: ["no demo server"]) }
    var run = HeadlessRun(workspacePath: path, names: names)
    run.cacheDirectory = importTemporaryDirectory("courier-cache")
    run.stateDirectory = importTemporaryDirectory("courier-state")
    run.environment = environment
    run.variables = variables
    run.json = true
    var output: [String] = []
    var errors: [String] = []
    let status = await run.run(startDemoServer: { DemoServerHandle(baseURL: server.baseURL, stop: {}) },
                               output: { output.append($0) }, errors: { errors.append($0) })
    let received = server.requestLog
    await server.stop()
    return ImportedRun(status: status, output: output, errors: errors, received: received)
}

/// The JSON objects of `--json` output lines.
func importedJSONLines(_ lines: [String]) -> [[String: Any]] {
    lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
}
