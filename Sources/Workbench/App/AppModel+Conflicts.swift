import CourierWorkspace
import Courier
import Foundation

/// The window for an unsaved edit whose request another program changed or deleted in the
/// file: keep mine, take theirs, or show both (``KeyMap/Scope/conflict``). The session keeps
/// the drafts and writes the choice.
extension AppModel {
    /// Opens the choice for a request's conflict.
    func openConflict(_ name: String) {
        guard let note = session.conflictNote(of: name) else { return }
        let fileName = session.fileName
        let what = session.draftOrigins[name]?.conflict == .deleted ? "removed \(name) from" : "changed \(name) in"
        let lines = [StyledLine(" Another program \(what) \(fileName) after you began editing it here.", .strong),
                     StyledLine(" Your edits are kept until you choose: nothing is written or dropped without it.", .dim),
                     ""] + conflictChoices
        open(TextOverlay(TextPanel(title: "\(name): \(note) while you edited it", lines: lines, kind: .editConflict(request: name))))
    }

    /// The conflict keys and what they do, from the key table.
    private var conflictChoices: [StyledLine] {
        KeyMap.bindings.filter { $0.scope == .conflict }.map { binding in
            StyledLine.build { $0.append(" " + DisplayWidth.padded(KeyMap.label(of: binding.keys[0]), to: 5), .hintKey); $0.append(binding.action.title) }
        } + [StyledLine.build { $0.append(" Esc  ", .hintKey); $0.append("Decide later: the edits stay, marked in the tree") }]
    }

    /// Keep mine, take theirs or show both, for `request` or the selected one.
    func resolveConflict(_ action: Action, of request: String? = nil) {
        guard let name = request ?? selectedRequestName, let draft = session.drafts[name], let origin = session.draftOrigins[name],
              origin.conflict != nil else {
            say("no edit conflict here: w offers the choice when the file changes under unsaved edits", .info)
            return
        }
        switch action {
        case .keepMine, .takeTheirs:
            session.resolveConflict(of: name, keepingMine: action == .keepMine)
            takeSessionNotices()
        case .showBoth:
            open(TextOverlay(TextPanel(title: "\(name): \(session.fileName)'s version and yours",
                                       lines: bothLines(name, draft: draft, base: origin.base), kind: .editConflict(request: name))))
        default:
            break
        }
    }

    /// The file's version of the request against the one keeping mine would write, line by line.
    private func bothLines(_ name: String, draft: RequestDraft, base: RequestDefinition) -> [StyledLine] {
        let fileName = session.fileName
        let theirs = session.workspace.requests[name]
        let mine = RequestYAML.block(for: draft.applied(to: theirs ?? base), name: name)
        var lines: [StyledLine]
        if let theirs {
            lines = [StyledLine(" - \(fileName) now    + yours (what keeping mine writes)", .dim), ""]
            lines += HistoryDiff.textLines(RequestYAML.block(for: theirs, name: name), mine).map { line in
                StyledLine(" " + line.text, line.kind == .removed ? .failure : line.kind == .added ? .success : .plain)
            }
        } else {
            lines = [StyledLine(" \(fileName) no longer has \(name). Yours (what keeping mine writes back):", .dim), ""]
            lines += mine.split(separator: "\n").map { StyledLine(" + " + $0, .success) }
        }
        return lines + [""] + conflictChoices
    }
}
