import Foundation

// Files for tests, with Foundation alone: symlinked into each test target that needs them
// (test targets cannot import one another). Keep this file at a target's root (as a link):
// `repositoryRoot` counts three folders up from it.

/// The repository's root, for `workspaces/*.yaml`.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

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

/// The JSON objects of `--json` output.
func jsonLines(_ lines: [String]) throws -> [[String: Any]] {
    try lines.map { line in
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw CocoaError(.coderReadCorrupt)
        }
        return object
    }
}
