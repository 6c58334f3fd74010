import CourierFormatCore
import Foundation

extension ImportedWorkspace {
    /// The workspace as a folder (``WorkspaceLayout``): `courier.yaml` with everything but the
    /// requests, and one file per request under `requests/`, in the folders the source had.
    /// Paths are relative to the workspace's folder, root file first, then as the requests came.
    /// File and folder names are the names made safe (`get user` → `get-user.yaml`), unique
    /// within their folder.
    public func folderFiles() -> [(path: String, text: String)] {
        var root = self
        root.requests = []
        var files = [(path: WorkspaceLayout.rootFileName, text: root.yaml())]
        var taken: Set<String> = []
        for request in requests {
            var single = ImportedWorkspace()
            single.requests = [request]
            let folder = request.folders.map { Self.fileName($0, fallback: "folder") }.joined(separator: "/")
            let base = WorkspaceLayout.requestsFolderName + (folder.isEmpty ? "" : "/" + folder) + "/"
                + Self.fileName(request.definition.name, fallback: "request")
            var path = base + ".yaml"
            var counter = 2
            while taken.contains(path.lowercased()) {
                path = base + "-\(counter).yaml"
                counter += 1
            }
            taken.insert(path.lowercased())
            files.append((path, single.yaml()))
        }
        return files
    }

    /// A name as a file or folder name: letters, digits, `-`, `_` and `.` kept, runs of anything
    /// else one `-`; never hidden, empty or a way up.
    static func fileName(_ name: String, fallback: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) || "-_.".unicodeScalars.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.hasSuffix("-") {
                result += "-"
            }
        }
        result = String(result.drop { $0 == "-" || $0 == "." }.prefix(80))
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? fallback : result
    }
}
