import Foundation

/// Runs the user's editor on a file, at a line, with the terminal handed over to it:
/// `$VISUAL`, else `$EDITOR`, else `vi` — through the shell, so `EDITOR="code -w"` works.
enum ExternalEditor {
    /// Blocks until the editor exits; returns its exit status.
    @discardableResult
    static func edit(path: String, line: Int) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(editor) \"$@\"", "courier-editor", "+\(line)", path]
        do {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        } catch {
            return 127
        }
    }
}
