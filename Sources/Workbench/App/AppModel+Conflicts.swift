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
        open(TextOverlay(.editConflict(name, note: note, deleted: session.draftOrigins[name]?.conflict == .deleted, fileName: session.fileName)))
    }

    /// Keep mine, take theirs or show both, for `request` or the selected one.
    func resolveConflict(_ action: Action, of request: String? = nil) {
        guard let name = request ?? selectedRequestName, let draft = session.drafts[name], let origin = session.draftOrigins[name],
              origin.conflict != nil else {
            say("no edit conflict here: w offers the choice when the file changes under unsaved edits", .info)
            return
        }
        switch action {
        case .keepMine, .takeTheirs: session.resolveConflict(of: name, keepingMine: action == .keepMine)
        case .showBoth:
            let theirs = session.workspace.requests[name]
            open(TextOverlay(.bothVersions(name, theirs: theirs, mine: draft.applied(to: theirs ?? origin.base), fileName: session.fileName)))
        default:
            break
        }
    }
}
