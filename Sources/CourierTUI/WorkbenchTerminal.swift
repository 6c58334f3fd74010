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
    @MainActor
    package static func run(workspacePath: String, workspace: Workspace, settings: WorkbenchSettings,
                           config: UserConfig) throws {
        let session = try TerminalSession(config: config)
        defer { session.close() }
        try session.runWorkbench(workspacePath: workspacePath, workspace: workspace, settings: settings)
    }
}

/// One stay on the terminal: the start screen, when there is no workspace to open, then the
/// workbench on the workspace chosen — curses started once, so the screen does not flash
/// back to the shell between them. `close()` gives the terminal back.
@MainActor
package final class TerminalSession {
    private let terminal: Terminal
    private let signals: Int32
    private let config: UserConfig
    private var startScreen: StartScreen?

    /// Installs the signal handlers (before curses starts, so that it leaves SIGWINCH and
    /// SIGTSTP to them); curses starts with the first screen.
    package init(config: UserConfig) throws {
        signals = try SignalRelay.install()
        terminal = Terminal(ascii: config.ascii, theme: config.theme)
        self.config = config
    }

    /// Leaves curses and restores the default signal handlers.
    package func close() {
        terminal.close()
        SignalRelay.uninstall()
    }

    /// Shows the start screen until the user chooses; `notice` is a line to show on it (why
    /// the last choice could not be carried out). The screen keeps its state between calls.
    package func choose(_ setup: StartScreen.Setup, notice: String? = nil) throws -> StartScreen.Choice {
        if !terminal.isActive { try terminal.start() }
        let screen = startScreen ?? StartScreen(setup: setup, size: terminal.size)
        startScreen = screen
        if let notice { screen.notice = notice }
        return StartScreenLoop(terminal: terminal, screen: screen, signals: signals).run()
    }

    /// A folder workspace's folders of request and environment files.
    static func watchedTrees(of workspace: Workspace) -> [String] {
        let layout = WorkspaceLayout(path: workspace.file)
        guard workspace.isFolder else { return [] }
        return [layout.requestsDirectory, layout.directory + "/" + WorkspaceLayout.environmentsFolderName]
    }

    /// Runs the workbench on `workspace` until the user quits.
    package func runWorkbench(workspacePath: String, workspace: Workspace, settings: WorkbenchSettings) throws {
        try KeyMap.$bindings.withValue(config.bindings) {
            var settings = settings
            settings.glyphs = terminal.glyphs
            settings.layout = config.layout
            let wakeup = try WakeupPipe()
            let mailbox = Mailbox(wake: { [wakeup] in wakeup.wake() })
            if !terminal.isActive { try terminal.start() }
            let model = try AppModel(workspacePath: workspacePath, workspace: workspace, settings: settings,
                                     size: terminal.size, mailbox: mailbox)
            InputLoop(terminal: terminal, model: model, wakeup: wakeup, signals: signals,
                      watcher: FileWatcher(files: workspace.watchedFiles, trees: Self.watchedTrees(of: workspace)),
                      editor: config.editor, afterFirstDraw: settings.afterFirstScreen).run()
        }
    }
}
