import Foundation

/// Writes to standard output and standard error that never stop the program. Foundation's
/// `FileHandle.write(_: Data)` traps on any write error — a reader that went away (EPIPE: the
/// terminal or the script reading us closed its end), a full disk — and `courier tui` crashed
/// so writing a warning after the test reading its standard error had closed it (core dump,
/// 2026-12-02). A line that cannot be written is dropped; the program goes on.
package enum StandardStreams {
    /// `text` on standard error, as it is.
    package static func error(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }

    /// `text` on standard output at once (not through `print`'s buffer), as it is.
    package static func output(_ text: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    }
}
