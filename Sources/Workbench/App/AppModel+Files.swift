import CourierWorkspace
import Courier
import Foundation

/// The shell's side of the file: the editor (an effect for the front), the curl window, the
/// environment picker. The session reads and writes the file.
extension AppModel {
    /// The workspace file changed on disk (the front watches it): read it again.
    package func workspaceFileChanged() {
        session.workspaceFileChanged()
        takeSessionNotices()
    }

    /// `e`: edits the selected request (or batch, chain) in `$VISUAL`/`$EDITOR` at its line.
    func openSelectedInEditor() {
        if let name = selectedRequestName, session.dirtyDraftNames.contains(name) {
            say("\(name) has unsaved edits: w saves them, then e opens the file", .warning, seconds: 6)
            return
        }
        let workspace = session.workspace
        let line: Int = switch tree.selectedNode {
        case .batch(let name)?: workspace.batches[name]?.location.line ?? 1
        case .chain(let name)?: workspace.chains[name]?.location.line ?? 1
        default: selectedRequestName.flatMap { workspace.requests[$0]?.location.line } ?? 1
        }
        session.openInEditor(line: line)
        takeSessionNotices()
    }

    /// The editor ended: the session reads the file again, or says why it did not.
    package func editorFinished(_ outcome: EditorOutcome) {
        session.editorFinished(outcome)
        takeSessionNotices()
    }

    /// The editor left the file invalid: edit it again, or put back what it was.
    func openInvalidEdit(_ error: WorkspaceError, backup: String) {
        open(TextOverlay(.invalidEdit(error, backup: backup, fileName: session.fileName)))
    }

    /// `C`: the selected request as a curl command, shown (secrets hidden) and copied.
    func copySelectedAsCurl() {
        guard let name = selectedRequestName, session.effectiveDefinition(of: name) != nil else {
            say("select a request to copy it as curl", .warning)
            return
        }
        session.copyAsCurl(name)
        takeSessionNotices()
    }

    func openEnvironmentPicker() {
        guard !session.workspace.environmentNames.isEmpty else {
            say("\(session.fileName) defines no environments", .info)
            return
        }
        open(EnvironmentPicker(names: session.workspace.environmentNames, current: session.environment))
    }
}
