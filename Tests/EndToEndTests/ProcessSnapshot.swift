import Foundation

/// What the processes whose command line matches a pattern were doing, for a test's failure
/// message: their `ps` line (state — `T` is stopped, `Z` a zombie —, wait channel, process
/// group and the terminal's foreground group) and their parents' (the shell that started one),
/// and with `stacks`, every thread's backtrace from gdb (when gdb is installed; attaching stops
/// the process for a moment). A failure that happens once in CI then says where it was.
enum ProcessSnapshot {
    /// One block of text; "no process matches" when none does.
    static func describe(matching pattern: String, stacks: Bool = true) -> String {
        let pids = (try? ChildProcess.run(["pgrep", "-f", pattern]).output)?
            .split(separator: "\n").map(String.init) ?? []
        guard !pids.isEmpty else { return "no process matches \"\(pattern)\"" }
        let parents = pids.compactMap { pid in
            (try? ChildProcess.run(["ps", "-o", "ppid=", "-p", pid]).output)?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let list = (parents + pids).joined(separator: ",")
        var text = (try? ChildProcess.run(["ps", "-o", "pid,ppid,pgid,tpgid,stat,wchan:24,etime,args", "-p", list]).output) ?? ""
        for pid in pids where stacks {
            let stacks = (try? ChildProcess.run(
                ["timeout", "30", "gdb", "-p", pid, "-batch", "-nx", "-ex", "thread apply all bt 16"],
                discardingErrors: true).output) ?? "gdb did not run"
            let threads = stacks.split(separator: "\n").filter { $0.hasPrefix("Thread ") || $0.hasPrefix("#") }
            text += "\nprocess \(pid), every thread:\n" + threads.prefix(200).joined(separator: "\n")
        }
        return text
    }

    /// An error with what the processes were doing when it happened; its first line is the
    /// error's, so a one-line summary of the failure still says what failed.
    struct Described: Error, CustomStringConvertible {
        let error: any Error
        let details: String
        var description: String { "\(error)\n\(details)" }
    }
}
