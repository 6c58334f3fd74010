import CourierFormat
import CourierFormatCore

/// The file paths a request names, `{{placeholders}}` filled in, resolved against the
/// workspace and checked to stay inside the directories it may use (``PathConfinement``, made
/// when the first path is asked for).
struct ConfinedPaths {
    let workspace: Workspace
    let scope: VariableScope
    private var confinement: PathConfinement?

    init(workspace: Workspace, scope: VariableScope) {
        self.workspace = workspace
        self.scope = scope
    }

    /// The path `text` names once filled in, resolved and checked.
    mutating func path(_ text: String, for purpose: String) throws -> String {
        let path = workspace.resolvePath(try scope.render(text))
        if confinement == nil { confinement = PathConfinement(workspaceDirectory: workspace.directory) }
        return try confinement!.check(path, for: purpose)
    }
}
