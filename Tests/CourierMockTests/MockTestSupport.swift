import Courier
import CourierMock
import CourierWorkspace
import Foundation
import Testing

/// A fresh folder under the test run's temporary directory.
func temporaryDirectory(_ name: String = "courier-mock") -> String {
    let path = NSTemporaryDirectory() + "/\(name)-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The workspace `yaml`, written into a new folder (beside `files`, name → text) and loaded.
func loadWorkspace(_ yaml: String, files: [String: String] = [:]) throws -> Workspace {
    let directory = temporaryDirectory()
    for (name, text) in files { try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8) }
    try yaml.write(toFile: directory + "/api.yaml", atomically: true, encoding: .utf8)
    return try Workspace.load(path: directory + "/api.yaml")
}

func mockService(_ yaml: String, files: [String: String] = [:], configure: (inout MockSettings) -> Void = { _ in }) throws -> MockService {
    var settings = MockSettings()
    settings.seed = 7
    configure(&settings)
    return try MockService.make(workspace: try loadWorkspace(yaml, files: files), settings: settings)
}

extension MockService {
    /// The answer to a call, recorded as the server records it.
    func call(_ method: String, _ target: String, body: String? = nil, headers: [(name: String, value: String)] = []) -> MockReply {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        let reply = answer(MockIncoming(method: method, path: parts[0], query: parts.count > 1 ? parts[1] : "", headers: headers,
                                        body: Data((body ?? "").utf8)))
        record(reply.call)
        return reply
    }
}

extension MockReply {
    var json: JSONValue? { try? JSONValue(parsing: body) }
    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
}

/// The test venv's Python (scripts/test-servers-bootstrap.sh) when it imports `modules`; the
/// test is skipped, saying why, when it does not.
func venvPython(importing modules: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    let python = root + "/.build/test-venv/bin/python"
    guard FileManager.default.isExecutableFile(atPath: python), (try? ChildProcess.run([python, "-c", "import " + modules], discardingErrors: true))?.status == 0 else {
        let reason = "no \(modules) in .build/test-venv (make test installs them: scripts/test-servers-bootstrap.sh)"
        print("skipping: \(reason)")
        try Test.cancel(Comment(rawValue: reason))
    }
    return python
}
