import CourierFormatCore
import Foundation

extension Workspace {
    static let keys = ["name", "layout", "config", "variables", "environments", "requests", "batches", "chains", "expect-calls"]

    /// Reads and checks a workspace — one file, or a folder (``WorkspaceLayout``: its
    /// `courier.yaml`, the files it includes and the request files under `requests/`) — and the
    /// JSON Schema files its `expect:` names (``checkSchemas()``): each must be there and be a
    /// schema before anything is sent.
    ///
    /// - Parameters:
    ///   - extraVariables: names that will be given with `--var`, so that templates using them
    ///     are not reported as undefined.
    ///   - texts: files' texts to read instead of what is on disk (a save checks its result
    ///     so before writing anything).
    public static func load(path: String, extraVariables: Set<String> = [],
                            texts: [String: String] = [:]) throws(WorkspaceError) -> Workspace {
        let layout = WorkspaceLayout(path: path)
        var reader = WorkspaceFileReader(layout: layout, texts: texts)
        let workspace = try reader.read(extraVariables: extraVariables)
        try workspace.checkSchemas()
        return workspace
    }

    /// Reads and checks workspace text; `file` names it in errors. An `include:` in it is read
    /// from the folder of `file`.
    public static func parse(yaml text: String, file: String, extraVariables: Set<String> = []) throws(WorkspaceError) -> Workspace {
        var reader = WorkspaceFileReader(layout: WorkspaceLayout(path: file), texts: [file: text])
        return try reader.read(extraVariables: extraVariables)
    }
}
