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
    guard FileManager.default.isExecutableFile(atPath: python), (try? runProcess(python, ["-c", "import " + modules]))?.status == 0 else {
        let reason = "no \(modules) in .build/test-venv (make test installs them: scripts/test-servers-bootstrap.sh)"
        print("skipping: \(reason)")
        try Test.cancel(Comment(rawValue: reason))
    }
    return python
}

/// ``runProcess(_:_:)`` on a thread of Dispatch's, not the concurrency pool's: the mock's
/// responder runs on that pool (two threads on a two-core machine), and a process waited
/// for there can starve the server it is calling.
func runProcessOffPool(_ executable: String, _ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(with: Result { try runProcess(executable, arguments) })
        }
    }
}

/// Runs a program to its end: its exit status, standard output and standard error.
func runProcess(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
    let errorFile = temporaryDirectory("courier-mock-stderr") + "/stderr"
    FileManager.default.createFile(atPath: errorFile, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle(forWritingAtPath: errorFile)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errors = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
    return (process.terminationStatus, String(decoding: data, as: UTF8.self), errors)
}
