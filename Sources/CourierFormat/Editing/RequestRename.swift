import CourierFormatCore
import Yams

/// The splices that rename a request: its key, every batch and chain step naming it, and
/// `status.NAME` in the `when:` conditions of chain steps.
struct RequestRename {
    let document: WorkspaceDocument
    let original: String
    let name: String

    /// Refuses a name that is taken or would need quotes (see `WorkspaceDocument.checkNewName`).
    func splices(key: Node) throws(EditFailure) -> [TextSplice] {
        try refusing { () throws(WorkspaceError) in
            try document.checkNewName(name, at: key, doing: "cannot rename \"\(original)\"")
        }
        let key = try document.source.replacing(key, parentIndentation: 0) { YAMLScalar.string(name, at: .blockKey, keeping: $0) }
        return [key] + (try referenceSplices())
    }

    /// The splices for what refers to the request: batches, chain steps and `when:` conditions
    /// (in any file of a folder workspace, the request's own or another).
    func referenceSplices() throws(EditFailure) -> [TextSplice] {
        let source = document.source
        var splices: [TextSplice] = []
        for reference in document.references(to: original) {
            splices.append(try source.replacing(reference.node, parentIndentation: 0) {
                YAMLScalar.string(name, at: .flowValue, keeping: $0)
            })
        }
        for condition in document.conditions(reading: "status.\(original)") {
            let text = renamingStatus(in: condition.node.string ?? "")
            let indentation = (condition.key.mark?.column ?? 1) - 1
            splices.append(try source.replacing(condition.node, parentIndentation: indentation) {
                YAMLScalar.string(text, at: condition.inFlow ? .flowValue : .blockValue, keeping: $0)
            })
        }
        return splices
    }

    /// A condition's text with `status.ORIGINAL` written `status.NAME` where it stands as a
    /// whole name (not inside a longer one such as `status.ORIGINAL-2`).
    private func renamingStatus(in text: String) -> String {
        let old = "status.\(original)"
        let isNameCharacter = { (character: Character) in character.isLetter || character.isNumber || "_.-".contains(character) }
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: old) {
            let before = rest[..<range.lowerBound]
            let standsAlone = !((before.last ?? result.last).map(isNameCharacter) ?? false)
                && (range.upperBound == rest.endIndex || !isNameCharacter(rest[range.upperBound]))
            result += before + (standsAlone ? "status.\(name)" : old)
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
