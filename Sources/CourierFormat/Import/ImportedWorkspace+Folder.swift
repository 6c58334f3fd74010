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
            let folder = request.folders.map { WorkspaceLayout.fileName(for: $0, fallback: "folder") }.joined(separator: "/")
            let base = WorkspaceLayout.requestsFolderName + (folder.isEmpty ? "" : "/" + folder) + "/"
                + WorkspaceLayout.fileName(for: request.definition.name, fallback: "request")
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
}
