/// One change the workbench saves into a workspace file; see ``WorkspaceWriter``.
package enum WorkspaceEdit: Sendable {
    /// The composer's draft of request `original` (its name in the file). A draft whose
    /// name differs renames the request, and every batch and chain that names it.
    case update(original: String, draft: RequestDraft)
    /// A new request: its block with `name:` first, as ``CurlImport/yaml(from:name:)`` or
    /// ``RequestYAML/block(for:name:)`` write it.
    ///
    /// `folder` is where it goes in a folder workspace: `requests/FOLDER/NAME.yaml` (`""` for
    /// `requests/NAME.yaml`); nil is the root file, and a one-file workspace's only file.
    case add(name: String, yaml: String, folder: String? = nil)
    /// Removes a request no batch or chain refers to.
    case delete(name: String)
}

/// A workspace file's new text, and what the writer did beyond the edits themselves.
package struct WorkspaceSaveResult: Sendable {
    package var text: String
    /// For the user, e.g. `orders: written in flow style; its block was rewritten`.
    package var notes: [String]

    package init(text: String, notes: [String]) {
        self.text = text
        self.notes = notes
    }
}
