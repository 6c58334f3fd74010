import Glibc
import CourierWorkspace
import Workbench

/// Runs a program on Courier's terminal while Courier waits, the way a job-control shell
/// runs a job: in a process group of its own, made the terminal's foreground group.
///
/// Why its own group: the terminal sends the keys and the signals of Ctrl-C, Ctrl-\ and
/// Ctrl-Z to its foreground group only. With the program there, they reach the program and
/// not Courier; a program left in the background is stopped by SIGTTIN when it reads (vim
/// then gave up with "Error reading input"), and Courier, in the foreground, took Ctrl-C for
/// itself. Sharing Courier's group would send Ctrl-C to both: Courier would have to ignore
/// it, and Ctrl-Z would stop Courier's threads along with the program.
///
/// Courier takes the terminal back when the program ends or stops (calling `tcsetpgrp` from
/// the background raises SIGTTOU, ignored around the call). When the program stops itself
/// (Ctrl-Z, vim's `:suspend`), Courier stops too, as a shell's job should, with the shell's
/// terminal modes back; on `fg` the program gets the terminal and its modes again and
/// continues.
enum ForegroundJob {
    /// Runs `arguments` (a path and its arguments) with the terminal `terminal`, and waits
    /// for it to end. Returns how it ended and the signals Courier received meanwhile on the
    /// signal relay's pipe, for the input loop to handle — except SIGINT and SIGTSTP, which
    /// were the terminal's keys meant for the program.
    static func run(_ arguments: [String], terminal: Int32 = STDIN_FILENO,
                    signals: Int32) -> (outcome: EditorOutcome, meanwhile: [Int32]) {
        let courier = getpgrp()
        // Without the terminal (not the foreground job) there is nothing to hand over.
        let owned = tcgetpgrp(terminal) == courier
        var shellModes = termios()
        let hasModes = tcgetattr(terminal, &shellModes) == 0
        let pid: pid_t
        switch GroupLeaderSpawn.spawn(arguments) {
        case .success(let spawned): pid = spawned
        case .failure(let reason): return (.notStarted(reason: reason.description), [])
        }
        if owned { setForeground(pid, of: terminal) }
        var meanwhile: [Int32] = []
        while true {
            var status: Int32 = 0
            guard waitpid(pid, &status, WUNTRACED) >= 0 else {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                if owned { setForeground(courier, of: terminal) }
                return (.notStarted(reason: "lost track of it: \(reason)"), meanwhile)
            }
            let low = status & 0x7F
            if low == 0x7F {
                let signal = (status >> 8) & 0xFF
                if !owned {
                    // It wants a terminal Courier cannot give: end it rather than wait for ever.
                    kill(-pid, SIGTERM)
                } else if signal == SIGTSTP || signal == SIGSTOP {
                    meanwhile += stopCourier(leaving: pid, terminal: terminal, group: courier,
                                             shellModes: hasModes ? shellModes : nil, signals: signals)
                } else {
                    // SIGTTIN/SIGTTOU: it touched the terminal before `tcsetpgrp` handed it over.
                    setForeground(pid, of: terminal)
                }
                kill(-pid, SIGCONT)
                continue
            }
            if owned { setForeground(courier, of: terminal) }
            // Ctrl-C or Ctrl-Z typed just before the terminal was handed over reached Courier,
            // but was meant for the program: it must not quit or stop the workbench now.
            meanwhile += SignalRelay.take(from: signals).filter { $0 != SIGINT && $0 != SIGTSTP }
            return (low == 0 ? .exited(status: (status >> 8) & 0xFF) : .killed(signal: low), meanwhile)
        }
    }

    /// The program stopped itself: Courier takes the terminal, puts the shell's modes back
    /// and stops as the shell asked; once continued it gives the program its terminal and
    /// modes again. Returns the other signals that arrived meanwhile.
    private static func stopCourier(leaving pid: pid_t, terminal: Int32, group: pid_t, shellModes: termios?,
                                    signals: Int32) -> [Int32] {
        var programModes = termios()
        let hasProgramModes = tcgetattr(terminal, &programModes) == 0
        setForeground(group, of: terminal)
        if var shellModes { tcsetattr(terminal, TCSADRAIN, &shellModes) }
        let meanwhile = SignalRelay.stopAsTheShellAsked(signals: signals)
        if hasProgramModes { tcsetattr(terminal, TCSADRAIN, &programModes) }
        setForeground(pid, of: terminal)
        return meanwhile
    }

    /// Makes `group` the terminal's foreground group, from the foreground or the background.
    private static func setForeground(_ group: pid_t, of terminal: Int32) {
        let previous = signal(SIGTTOU, SIG_IGN)
        tcsetpgrp(terminal, group)
        signal(SIGTTOU, previous)
    }
}
