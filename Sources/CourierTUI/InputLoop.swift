import CNCurses
import Foundation
import Glibc
import Courier
import CourierWorkspace
import Workbench

/// The workbench's one input loop: it sleeps in `poll()` on the terminal, the wake-up pipe
/// (engine news), the signal pipe and the workspace file's watcher; applies keys and news
/// to the model; and redraws what changed — at once after a key or a stream's first events,
/// at most ~15 times a second for other engine news and animation. With nothing in flight no timer runs: idle is asleep.
final class InputLoop {
    private let terminal: Terminal
    private let model: AppModel
    private let wakeup: WakeupPipe
    private let signals: Int32
    private let watcher: FileWatcher?
    /// The config's `editor:`, over `$VISUAL` and `$EDITOR`.
    private let editor: String?
    /// Called once the first screen is on the terminal (WorkbenchSettings.afterFirstScreen).
    private let afterFirstDraw: (() -> Void)?
    private var screen: ScreenPainter
    private var reader = KeyReader()
    private var lastDraw = Date.distantPast
    private var drawPending = true
    /// Set when the terminal said readable while another job was its foreground; cleared by
    /// SIGCONT (`fg`).
    private var isInBackground = false
    static let frameInterval: TimeInterval = 1.0 / 15
    /// `COURIER_TRACE=FILE`: when keys were read and frames drawn, for `make bench-tui`.
    private let trace = FrameTrace(path: ProcessInfo.processInfo.environment["COURIER_TRACE"])

    init(terminal: Terminal, model: AppModel, wakeup: WakeupPipe, signals: Int32, watcher: FileWatcher?, editor: String?,
         afterFirstDraw: (() -> Void)? = nil) {
        self.afterFirstDraw = afterFirstDraw
        self.terminal = terminal
        self.model = model
        self.wakeup = wakeup
        self.signals = signals
        self.watcher = watcher
        self.editor = editor
        screen = ScreenPainter(terminal: terminal)
    }

    func run() {
        // It mostly sleeps and must answer a key at once, while transfers, layouts (and the demo
        // server's child) may keep both cores busy: short slices let it in first.
        ThreadNiceness.requestShortSlices()
        draw(now: Date())
        afterFirstDraw?()
        while !model.wantsToQuit {
            // In the background the terminal is not polled (a negative descriptor is skipped):
            // a key meant for the foreground job would say readable forever, and every read fail.
            var descriptors = [pollfd(fd: isInBackground ? -1 : STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: wakeup.readEnd, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            if let watcher { descriptors.append(pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout(now: Date()))
            if ready < 0, errno != EINTR { break }
            let now = Date()
            var urgent = false
            if descriptors[2].revents != 0 { urgent = handleSignals() || urgent }
            if descriptors[1].revents != 0 {
                wakeup.drain()
                if model.applyUpdates(now: now) {
                    drawPending = true
                    trace?.record("news")
                }
                // A stream's first events are drawn at once, not at the next paced frame.
                if model.takeDrawAtOnce() { urgent = true }
            }
            if descriptors.count > 3, descriptors[3].revents != 0, watcher?.fileChanged() == true {
                model.workspaceFileChanged()
                urgent = true
            }
            if TerminalHangup.happened(descriptors[0]), !Self.isBackgroundJob() {
                // Nothing more can be read or shown: quit, as on SIGHUP.
                trace?.record("hangup")
                model.forceQuit()
                break
            }
            if descriptors[0].revents != 0, Self.isBackgroundJob() {
                // Until `fg` (its SIGCONT) the keys are not ours to read.
                isInBackground = true
                trace?.record("background")
            }
            while !isInBackground, let key = reader.next() {
                trace?.record("key")
                if key == .resize { model.size = terminal.size }
                model.handle(key, now: now)
                urgent = true
            }
            urgent = carryOutEffects() || urgent
            if model.nextDeadline(now: now).map({ $0 <= now }) == true { drawPending = true }
            if urgent || (drawPending && now.timeIntervalSince(lastDraw) >= Self.frameInterval) { draw(now: now) }
        }
    }

    /// Whether this process runs in the background of its terminal (`courier tui &`): another
    /// process group is the terminal's foreground, and reading it fails (EIO, as SIGTTIN is
    /// blocked here). False when the terminal cannot say (it hung up): the read then says why.
    private static func isBackgroundJob() -> Bool {
        let foreground = tcgetpgrp(STDIN_FILENO)
        return foreground > 0 && foreground != getpgrp()
    }

    /// Milliseconds to sleep: until the next animation frame or message expiry, or forever.
    private func timeout(now: Date) -> Int32 {
        var deadlines: [Date] = []
        if let deadline = model.nextDeadline(now: now) { deadlines.append(deadline) }
        if drawPending { deadlines.append(lastDraw.addingTimeInterval(Self.frameInterval)) }
        guard let next = deadlines.min() else { return -1 }
        return Int32(max(0, min(60_000, (next.timeIntervalSince(now) * 1000).rounded(.up))))
    }

    /// Returns whether the screen must be redrawn now.
    private func handleSignals() -> Bool {
        handle(SignalRelay.take(from: signals))
    }

    private func handle(_ arrived: [Int32]) -> Bool {
        var redraw = false
        for signal in arrived {
            switch signal {
            case SIGWINCH, SIGCONT:
                // A resize, or a continue (`fg`, even when the process was never stopped: the
                // shell has written its job line over the screen, and the window may have been
                // resized meanwhile): curses repaints every cell, not only what it believes changed.
                if signal == SIGCONT { isInBackground = false }
                model.size = terminal.resize()
                screen.forget()
                redraw = true
            case SIGTERM, SIGHUP, SIGINT:
                model.forceQuit()
            case SIGTSTP:
                suspend()
                redraw = true
            default:
                break
            }
        }
        return redraw
    }

    /// Does what the model asked of the terminal; returns whether to redraw now.
    private func carryOutEffects() -> Bool {
        var redraw = false
        for effect in model.takeEffects() {
            switch effect {
            case .openEditor(let path, let line):
                terminal.stop()
                let (outcome, meanwhile) = ExternalEditor.edit(path: path, line: line, command: editor, signals: signals)
                terminal.resume()
                model.size = terminal.resize()
                model.editorFinished(outcome)
                _ = handle(meanwhile)
            case .copyToClipboard(let text):
                terminal.copyToClipboard(text)
            case .suspend:
                suspend()
            case .redraw:
                break
            }
            screen.forget()
            redraw = true
        }
        return redraw
    }

    /// Ctrl-Z: give the shell its terminal, stop, and come back as it was on `fg`.
    private func suspend() {
        terminal.stop()
        let meanwhile = SignalRelay.stopAsTheShellAsked(signals: signals)
        terminal.resume()
        model.size = terminal.resize()
        screen.forget()
        _ = handle(meanwhile)
    }

    private func draw(now: Date) {
        model.tick(now: now)
        screen.draw(model.frame(now: now), trace: trace)
        lastDraw = now
        drawPending = false
    }
}
