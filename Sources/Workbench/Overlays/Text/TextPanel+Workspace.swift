import CourierWorkspace
import Foundation

/// The windows about the workspace file: an edit conflict, both versions of a request, an
/// invalid edit, a sign-in URL. The shell opens them with what the session knows.
extension TextPanel {
    /// Another program changed (or removed) `name` in `fileName` while it had unsaved edits here.
    static func editConflict(_ name: String, note: String, deleted: Bool, fileName: String) -> TextPanel {
        let what = deleted ? "removed \(name) from" : "changed \(name) in"
        let lines = [StyledLine(" Another program \(what) \(fileName) after you began editing it here.", .strong),
                     StyledLine(" Your edits are kept until you choose: nothing is written or dropped without it.", .dim),
                     ""] + conflictChoices
        return TextPanel(title: "\(name): \(note) while you edited it", lines: lines, kind: .editConflict(request: name))
    }

    /// The file's version of `name` (`theirs`, nil when removed) against `mine`, what keeping
    /// mine writes, line by line.
    static func bothVersions(_ name: String, theirs: RequestDefinition?, mine: RequestDefinition, fileName: String) -> TextPanel {
        let mineText = RequestYAML.block(for: mine, name: name)
        var lines: [StyledLine]
        if let theirs {
            lines = [StyledLine(" - \(fileName) now    + yours (what keeping mine writes)", .dim), ""]
            lines += HistoryDiff.textLines(RequestYAML.block(for: theirs, name: name), mineText).map { line in
                StyledLine(" " + line.text, line.kind == .removed ? .failure : line.kind == .added ? .success : .plain)
            }
        } else {
            lines = [StyledLine(" \(fileName) no longer has \(name). Yours (what keeping mine writes back):", .dim), ""]
            lines += mineText.split(separator: "\n").map { StyledLine(" + " + $0, .success) }
        }
        return TextPanel(title: "\(name): \(fileName)'s version and yours", lines: lines + [""] + conflictChoices,
                         kind: .editConflict(request: name))
    }

    /// The conflict keys and what they do, from the key table.
    private static var conflictChoices: [StyledLine] {
        KeyMap.bindings.filter { $0.scope == .conflict }.map { binding in
            StyledLine.build { $0.append(" " + DisplayWidth.padded(KeyMap.label(of: binding.keys[0]), to: 5), .hintKey); $0.append(binding.action.title) }
        } + [StyledLine.build { $0.append(" Esc  ", .hintKey); $0.append("Decide later: the edits stay, marked in the tree") }]
    }

    /// The editor left `fileName` invalid: edit it again, or put back `backup`.
    static func invalidEdit(_ error: WorkspaceError, backup: String, fileName: String) -> TextPanel {
        var lines: [StyledLine] = [StyledLine(error.description, .failure), ""]
        lines.append(StyledLine("The last good definitions stay in use until the file is fixed.", .dim))
        lines.append("")
        lines.append(StyledLine.build { $0.append("e    ", .hintKey); $0.append("edit the file again") })
        lines.append(StyledLine.build { $0.append("d    ", .hintKey); $0.append("discard your changes: restore the file as it was") })
        lines.append(StyledLine.build { $0.append("Esc  ", .hintKey); $0.append("keep the file as it is") })
        return TextPanel(title: "\(fileName) is not valid", lines: lines, kind: .invalidEdit(previousText: backup))
    }

    /// An OAuth2 sign-in: the URL to open (it is on the clipboard too).
    static func authorization(url: String) -> TextPanel {
        TextPanel(title: "Sign in to get a token — the URL is on the clipboard", lines: [
            StyledLine(url, .plain), "",
            StyledLine("Open it in a browser; Courier waits for the redirect on 127.0.0.1 and sends the request then.", .dim),
        ], kind: .authorization)
    }
}
