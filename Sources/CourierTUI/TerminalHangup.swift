import Glibc

/// Whether the terminal hung up, from what `poll(2)` said of standard input. A closed terminal
/// usually sends SIGHUP as well, which quits the workbench; but when no SIGHUP reaches it (the
/// session's leader ignores it and lives on, a tracer sits in between, the terminal was never
/// the controlling one) the descriptor says hung up forever and every read fails at once: a
/// loop that only polled and read would spin at full speed until killed.
enum TerminalHangup {
    static func happened(_ terminal: pollfd) -> Bool {
        terminal.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }
}
