import Foundation
import Glibc
import Workbench

/// The start screen on the terminal: it sleeps in `poll()` on the keys and the signals, hands
/// each key to the ``StartScreen`` and draws its frame, until the screen returns a choice.
/// SIGTERM, SIGHUP and SIGINT quit, and so does a hung-up terminal (``TerminalHangup``); a
/// resize redraws; Ctrl-Z suspends as in the workbench.
struct StartScreenLoop {
    let terminal: Terminal
    let screen: StartScreen
    let signals: Int32

    func run() -> StartScreen.Choice {
        var painter = ScreenPainter(terminal: terminal)
        var reader = KeyReader()
        screen.size = terminal.size
        painter.draw(screen.frame(now: Date()))
        while true {
            var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            // Once a minute, so that "5 min ago" moves on.
            let ready = poll(&descriptors, nfds_t(descriptors.count), 60_000)
            if ready < 0, errno != EINTR { return .quit }
            if TerminalHangup.happened(descriptors[0]) { return .quit }
            if descriptors[1].revents != 0 {
                for signal in SignalRelay.take(from: signals) {
                    switch signal {
                    case SIGTERM, SIGHUP, SIGINT:
                        return .quit
                    case SIGTSTP:
                        terminal.stop()
                        _ = SignalRelay.stopAsTheShellAsked(signals: signals)
                        terminal.resume()
                        screen.size = terminal.resize()
                        painter.forget()
                    default:
                        screen.size = terminal.resize()
                        painter.forget()
                    }
                }
            }
            while let key = reader.next() {
                if key == .resize {
                    screen.size = terminal.size
                    continue
                }
                if let choice = screen.handle(key) {
                    painter.draw(screen.frame(now: Date()))
                    return choice
                }
            }
            painter.draw(screen.frame(now: Date()))
        }
    }
}
