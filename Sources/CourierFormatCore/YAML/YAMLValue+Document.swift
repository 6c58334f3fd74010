import Yams

extension YAMLValue {
    /// The root of a YAML document, checked as workspaces are: characters at their line and
    /// column, alias expansion bounded, syntax errors as `file:line:column`. Nil when the text
    /// holds no document. `subject` names the file's kind in messages ("the workspace").
    package static func document(yaml text: String, file: String, subject: String) throws(WorkspaceError) -> YAMLValue? {
        // libyaml, told that its input is UTF-8, reads a byte-order mark as content.
        let text = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        try WorkspaceCharacters.check(text, file: file)
        try AliasExpansion.check(text, file: file, subject: subject)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw WorkspaceError.syntaxError(error, file: file)
        }
        return root.map { YAMLValue(node: $0, file: file, path: "") }
    }
}
