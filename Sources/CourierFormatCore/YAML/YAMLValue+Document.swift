import Yams

extension YAMLValue {
    /// The resolver workspace documents are composed with: none of Yams' rules. Values' tags
    /// are worked out when read (``tagName``, through ``PlainScalarTag``: Yams' default rules
    /// without regular expressions); Yams itself resolves only mapping keys (to find
    /// duplicates), which are names, and resolved each with up to seven ICU regular
    /// expressions — most of a workspace's parse.
    package static let resolver = Resolver.basic

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
            root = try Yams.compose(yaml: text, Self.resolver)
        } catch {
            throw WorkspaceError.syntaxError(error, file: file)
        }
        return root.map { YAMLValue(node: $0, file: file, path: "") }
    }
}
