/// What a file named in a workspace is resolved against: the workspace's folder and its rule
/// for relative paths. The checks read schema files through it (`SchemaFile`), so that they
/// need not know the model that conforms (`Workspace`, one module up).
package protocol WorkspaceFileResolving {
    /// The folder of the workspace file; relative paths are resolved from here, and files
    /// must stay inside it (or a folder ``PathConfinement`` allows).
    var directory: String { get }
    /// A path as written in the workspace made absolute.
    func resolvePath(_ path: String) -> String
}
