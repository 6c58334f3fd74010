import Glibc

/// Signals as bytes on a pipe the input loop polls: SIGWINCH (resize), SIGTERM, SIGHUP and
/// SIGINT (quit), SIGTSTP (suspend) and SIGCONT (redraw after a stop). Crash signals restore
/// the terminal before the process dies, so a crash never leaves the shell in raw mode.
enum SignalRelay {
    /// Signals the loop handles, delivered as their numbers.
    static let relayed: [Int32] = [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGTSTP, SIGCONT]
    private static let fatal: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Installs the handlers; the loop polls `readEnd`. Call before curses starts, so that
    /// curses leaves SIGWINCH and SIGTSTP to us.
    static func install() throws(TerminalError) -> Int32 {
        let (readEnd, writeEnd) = try WakeupPipe.makePipe()
        signalPipeWriteEnd = writeEnd
        saveTerminalModes()
        for signal in relayed { handle(signal, with: relay, flags: SA_RESTART) }
        for signal in fatal { handle(signal, with: restoreAndDie, flags: Int32(bitPattern: UInt32(SA_RESETHAND)) | Int32(SA_NODEFER)) }
        // A parent may have started us with these blocked (the mask is inherited): the loop's
        // thread must receive them.
        var wanted = sigset_t()
        sigemptyset(&wanted)
        for signal in relayed + fatal { sigaddset(&wanted, signal) }
        pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
        return readEnd
    }

    /// Reads the signals that arrived since the last call.
    static func take(from readEnd: Int32) -> [Int32] {
        var bytes = [UInt8](repeating: 0, count: 32)
        var signals: [Int32] = []
        while true {
            let count = read(readEnd, &bytes, bytes.count)
            guard count > 0 else { break }
            signals += bytes[..<count].map(Int32.init)
        }
        return signals
    }

    private static func handle(_ signal: Int32, with handler: @convention(c) (Int32) -> Void, flags: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        sigaction(signal, &action, nil)
    }

    /// Stops the process group the way a shell's Ctrl-Z does (SIGTSTP with its default
    /// action), so that a job-control shell takes the terminal back, and returns once `fg`
    /// continued it — or after half a second when nothing stopped it (no job control).
    ///
    /// The stop is asynchronous (any thread may take the signal), so nothing may touch the
    /// terminal until SIGCONT says the process was stopped and continued. Returns the other
    /// signals that arrived meanwhile, for the loop to handle.
    static func stopAsTheShellAsked(signals readEnd: Int32) -> [Int32] {
        Glibc.signal(SIGTSTP, SIG_DFL)
        var tstp = sigset_t()
        sigemptyset(&tstp)
        sigaddset(&tstp, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &tstp, nil)
        kill(0, SIGTSTP)
        var others: [Int32] = []
        var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        waiting: while true {
            let ready = poll(&descriptor, 1, 500)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            for signal in take(from: readEnd) {
                if signal == SIGCONT { break waiting }
                if signal != SIGTSTP { others.append(signal) }
            }
        }
        handle(SIGTSTP, with: relay, flags: SA_RESTART)
        return others
    }

    /// Restores the default handlers (after the loop ends).
    static func uninstall() {
        for signal in relayed + fatal { Glibc.signal(signal, SIG_DFL) }
    }

    private static func saveTerminalModes() {
        savedModesAvailable = tcgetattr(STDIN_FILENO, &savedModes) == 0
    }
}

// Signal handlers can only reach globals; they are written before the handlers are
// installed and only read in them.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1
nonisolated(unsafe) private var savedModes = termios()
nonisolated(unsafe) private var savedModesAvailable = false

private let relay: @convention(c) (Int32) -> Void = { signal in
    var byte = UInt8(truncatingIfNeeded: signal)
    let saved = errno
    _ = write(signalPipeWriteEnd, &byte, 1)
    errno = saved
}

/// Leaves the alternate screen, shows the cursor, turns mouse and paste reporting off and
/// puts the terminal's modes back — with async-signal-safe calls only — then dies of the
/// signal as it would have.
private let restoreAndDie: @convention(c) (Int32) -> Void = { signal in
    let reset = "\u{1b}[?2004l\u{1b}[?1000l\u{1b}[?1002l\u{1b}[?1006l\u{1b}[0m\u{1b}[?25h\u{1b}[?1049l\r\n"
    reset.utf8CString.withUnsafeBufferPointer { bytes in
        _ = write(STDOUT_FILENO, bytes.baseAddress, bytes.count - 1)
    }
    if savedModesAvailable { tcsetattr(STDIN_FILENO, TCSANOW, &savedModes) }
    raise(signal)
}
