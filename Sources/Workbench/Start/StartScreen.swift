import CourierWorkspace
import Foundation

/// What `courier` shows when there is no workspace to open (no argument, none in the config,
/// no `./courier.yaml`, no `workspaces/demo.yaml`): the recent workspaces and the three ways
/// in — open one, start one here, open the demo — with their keys. Never an error screen.
///
/// A screen of its own that runs before the workbench, not a pane or an overlay of
/// `AppModel`: the shell and its `WorkbenchSession` are the work on *one* workspace, and
/// every pane reads that session, so a shell without a workspace would make each of them
/// handle "nothing loaded". Like a pane it owns its state, answers a key with what must be
/// done (a ``Choice``, carried out by the caller: files written, the demo found, the
/// workspace loaded) and renders a ``Frame`` from its state alone, with no I/O; the curses
/// front paints it in the same terminal session the workbench then takes over.
/// Its keys are fixed (the user config's `keys:` rebinds the workbench's), and all on screen.
package final class StartScreen {
    /// What the screen is given to show, read before it runs.
    package struct Setup: Sendable {
        /// The current directory, where `i` writes `courier.yaml`.
        package var directory: String
        /// The recent workspaces, newest first.
        package var recent: [RecentWorkspaces.Entry]
        /// Those of `recent` whose file is gone.
        package var missing: Set<String>
        /// Why the recent list could not be read, when it could not.
        package var problem: String?
        /// Whether `directory` already has a `courier.yaml`.
        package var hasWorkspaceHere: Bool
        /// The home directory, shown as `~`.
        package var home: String

        package init(directory: String, recent: [RecentWorkspaces.Entry], missing: Set<String> = [], problem: String? = nil,
                     hasWorkspaceHere: Bool = false,
                     home: String = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()) {
            self.directory = directory
            self.recent = recent
            self.missing = missing
            self.problem = problem
            self.hasWorkspaceHere = hasWorkspaceHere
            self.home = home
        }
    }

    /// What the user chose; the caller does it.
    package enum Choice: Sendable, Equatable {
        /// Open this workspace file.
        case open(String)
        /// Write a starter workspace in the directory for this base URL, and open it.
        case initHere(baseURL: String)
        /// Open the demo workspace.
        case demo
        case quit
    }

    /// What the keys do at the moment.
    package enum Mode: Sendable, Equatable {
        case browsing
        /// `i`: the base URL being typed, and why the last one was refused.
        case askingBaseURL(LineEditor, problem: String?)
        /// `i` where a `courier.yaml` is already: open it instead?
        case workspaceHere
        case help
    }

    package let setup: Setup
    package private(set) var mode: Mode = .browsing
    package private(set) var selected = 0
    /// One line under the actions: the caller's news (a workspace that did not load) or why
    /// the recent list was started again.
    package var notice: String?
    package var size: Size

    package init(setup: Setup, size: Size) {
        self.setup = setup
        self.size = size
        notice = setup.problem
    }

    /// The workspace file `i` writes and opens.
    package var workspaceHere: String { (setup.directory as NSString).appendingPathComponent(StarterWorkspace.fileName) }

    /// A key; a ``Choice`` when the screen is done.
    package func handle(_ key: Key) -> Choice? {
        switch mode {
        case .askingBaseURL(var editor, _):
            switch editor.handle(key) {
            case .committed:
                let url = editor.text.trimmingCharacters(in: .whitespaces)
                if let problem = StarterWorkspace.problem(withBaseURL: url) {
                    mode = .askingBaseURL(editor, problem: problem)
                    return nil
                }
                mode = .browsing
                return .initHere(baseURL: url)
            case .cancelled: mode = .browsing
            case .editing, .passed: mode = .askingBaseURL(editor, problem: nil)
            }
            return nil
        case .workspaceHere:
            switch key {
            case .enter, .character("o"): mode = .browsing; return .open(workspaceHere)
            case .character("q"): return .quit
            default: mode = .browsing; return nil
            }
        case .help:
            if key == .character("q") { return .quit }
            mode = .browsing
            return nil
        case .browsing:
            return browse(key)
        }
    }

    private func browse(_ key: Key) -> Choice? {
        switch key {
        case .up, .character("k"): selected = max(0, selected - 1)
        case .down, .character("j"): selected = min(max(0, setup.recent.count - 1), selected + 1)
        case .home: selected = 0
        case .end: selected = max(0, setup.recent.count - 1)
        case .enter:
            guard setup.recent.indices.contains(selected) else {
                notice = "no recent workspace yet: press i to start one here, or d for the demo"
                return nil
            }
            let entry = setup.recent[selected]
            guard !setup.missing.contains(entry.path) else {
                notice = "\(shortened(entry.path)) is not there any more"
                return nil
            }
            return .open(entry.path)
        case .character("i"):
            mode = setup.hasWorkspaceHere ? .workspaceHere : .askingBaseURL(LineEditor(StarterWorkspace.placeholderBaseURL), problem: nil)
        case .character("d"): return .demo
        case .character("q"), .control("c"): return .quit
        case .character("?"): mode = .help
        default: break
        }
        return nil
    }

    /// `path` with the home directory as `~`.
    package func shortened(_ path: String) -> String {
        let home = setup.home.hasSuffix("/") ? String(setup.home.dropLast()) : setup.home
        guard !home.isEmpty, path == home || path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// When a workspace was opened, as the list says it: `just now`, `5 min ago`, `3 h ago`,
    /// `yesterday`, `4 days ago`, then the date.
    package static func age(of date: Date, now: Date) -> String {
        let seconds = max(0, now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(Int(seconds / 60)) min ago"
        case ..<86_400: return "\(Int(seconds / 3600)) h ago"
        case ..<172_800: return "yesterday"
        case ..<(30 * 86_400): return "\(Int(seconds / 86_400)) days ago"
        default:
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd"
            return formatter.string(from: date)
        }
    }
}
