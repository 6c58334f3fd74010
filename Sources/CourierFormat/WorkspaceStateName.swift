import Foundation

/// The name a workspace file's own state files share (its history log, its cookie jar): the
/// file's name (a folder workspace's folder name) and a hash of its absolute path, so two
/// `api.yaml` in different folders differ.
package enum WorkspaceStateName {
    package static func of(workspacePath: String) -> String {
        // A folder workspace is named by its folder, and is the same given as `api/` or `api/courier.yaml`.
        let layout = WorkspaceLayout(path: workspacePath)
        let absolute = URL(fileURLWithPath: layout.rootFile).standardizedFileURL.path
        let stem = layout.isFolder ? URL(fileURLWithPath: absolute).deletingLastPathComponent().lastPathComponent
            : URL(fileURLWithPath: absolute).deletingPathExtension().lastPathComponent
        let hash = absolute.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        return "\(stem)-\(String(hash, radix: 16).prefix(8))"
    }
}
