import Foundation
import Glibc
import CourierWorkspace
import Workbench

/// `courier tui` on a terminal: the model, curses and the input loop put together.
package enum WorkbenchTerminal {
    /// Whether standard input and output are a terminal (not a pipe, not CI).
    package static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Runs the workbench on this terminal until the user quits, with the user config's theme,
    /// keys, editor and ASCII choice. The terminal is restored on every way out: quitting,
    /// SIGTERM/SIGHUP/SIGINT, a thrown error, a crash.
    package static func run(workspacePath: String, workspace: Workspace, settings: WorkbenchSettings,
                           config: UserConfig) throws {
        try KeyMap.$bindings.withValue(config.bindings) {
            try run(workspacePath: workspacePath, workspace: workspace, settings: settings, config: config,
                    terminal: Terminal(ascii: config.ascii, theme: config.theme))
        }
    }

    private static func run(workspacePath: String, workspace: Workspace, settings: WorkbenchSettings,
                            config: UserConfig, terminal: Terminal) throws {
        let signals = try SignalRelay.install()
        defer { SignalRelay.uninstall() }
        var settings = settings
        settings.glyphs = terminal.glyphs
        settings.layout = config.layout
        let wakeup = try WakeupPipe()
        let mailbox = Mailbox(wake: { [wakeup] in wakeup.wake() })
        try terminal.start()
        defer { terminal.close() }
        let model = try AppModel(workspacePath: workspacePath, workspace: workspace, settings: settings,
                                 size: terminal.size, mailbox: mailbox)
        InputLoop(terminal: terminal, model: model, wakeup: wakeup, signals: signals,
                  watcher: FileWatcher(path: workspacePath), editor: config.editor).run()
    }
}
