import CourierWorkspace
import Courier
import Foundation

/// The shell's side of the file: its changes and the editor's end (news from the front), and
/// the environment picker. The session reads and writes the file.
extension AppModel {
    /// The workspace file changed on disk (the front watches it): read it again.
    package func workspaceFileChanged() {
        session.workspaceFileChanged()
        takeSessionNotices()
    }

    /// The editor ended: the session reads the file again, or says why it did not.
    package func editorFinished(_ outcome: EditorOutcome) {
        session.editorFinished(outcome)
        takeSessionNotices()
    }

    func openEnvironmentPicker() {
        guard !session.workspace.environmentNames.isEmpty else {
            say("\(session.fileName) defines no environments", .info)
            return
        }
        overlays.open(EnvironmentPicker(names: session.workspace.environmentNames, current: session.environment,
                                        summaries: session.environmentSummaries()))
    }

    /// `y`: the languages the selected request can be copied as.
    func openCodeLanguagePicker(selected name: String?) {
        guard let name, session.workspace.requests[name] != nil else {
            say("y copies a request as code: select one in the Requests list", .warning)
            return
        }
        overlays.open(CodeLanguagePicker(request: name))
    }
}
