import CourierWorkspace
import Glibc

/// How the external editor ended, as the terminal front reports it to
/// ``AppModel/editorFinished(_:)``. Only an exit status of 0 is a finished edit.
package enum EditorOutcome: Sendable, Equatable {
    /// It exited with this status.
    case exited(status: Int32)
    /// A signal ended it (SIGINT when Ctrl-C was typed in it).
    case killed(signal: Int32)
    /// It could not be started.
    case notStarted(reason: String)

    /// Why the edit failed, in words; nil when it succeeded.
    var failure: String? {
        switch self {
        case .exited(status: 0): nil
        // The shell's answer for a command it cannot find.
        case .exited(status: 127): "the editor was not found (exit status 127): set $VISUAL or $EDITOR"
        case .exited(let status): "the editor exited with status \(status)"
        case .killed(let signal): "the editor was ended by \(Self.name(of: signal))"
        case .notStarted(let reason): "the editor could not start: \(reason)"
        }
    }

    private static func name(of signal: Int32) -> String {
        let names: [Int32: String] = [SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGTERM: "SIGTERM", SIGKILL: "SIGKILL",
                                      SIGHUP: "SIGHUP", SIGABRT: "SIGABRT", SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS"]
        return names[signal] ?? "signal \(signal)"
    }
}
