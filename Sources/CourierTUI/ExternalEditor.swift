import Foundation
import CourierWorkspace
import Workbench

/// Runs the user's editor on a file, at a line, with the terminal handed over to it
/// (``ForegroundJob``): the config's `editor:`, else `$VISUAL`, else `$EDITOR`, else `vi` —
/// through the shell, so `EDITOR="code -w"` works.
enum ExternalEditor {
    /// Blocks until the editor ends; returns how it ended and the signals Courier received
    /// while it was stopped along with the editor (Ctrl-Z in the editor).
    static func edit(path: String, line: Int, command: String?, signals: Int32) -> (outcome: EditorOutcome, meanwhile: [Int32]) {
        let environment = ProcessInfo.processInfo.environment
        let editor = [command, environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        return ForegroundJob.run(["/bin/sh", "-c", "\(editor) \"$@\"", "courier-editor", "+\(line)", path], signals: signals)
    }
}
