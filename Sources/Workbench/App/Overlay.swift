import CourierWorkspace

/// A window over the panes that takes every key until it closes (Esc closes any of them).
public enum Overlay: Sendable {
    /// Every key of every pane.
    case help(scroll: Int)
    /// Fuzzy search over actions and the workspace's requests, batches and chains.
    case palette(PaletteState)
    /// The workspace's environments; Enter switches.
    case environments(selection: Int)
    /// Every variable with its value and where it comes from.
    case variables(scroll: Int)
    /// A yes/no question.
    case confirm(Confirmation)
    /// A line of text to type: a path, a name, a curl command.
    case prompt(Prompt)
    /// Text to read: a curl command, an error.
    case text(TextPanel)
}

/// The command palette's query and selection.
public struct PaletteState: Sendable {
    public var editor = LineEditor()
    public var selection = 0
}

/// A question that `y` answers yes; `n` or Esc, no.
public struct Confirmation: Sendable {
    public enum Consequence: Sendable, Equatable {
        case quit
        case delete(request: String)
        /// Cancel every request in flight.
        case cancelAll
        /// Delete every cache entry.
        case purgeCache
        /// The editor left the file invalid: write back what it was before.
        case restoreFile(text: String)
    }

    public var message: String
    public var consequence: Consequence
}

/// A one-line question.
public struct Prompt: Sendable {
    public enum Purpose: Sendable, Equatable {
        case saveBody(exchange: Int)
        case exportHAR(runID: String)
        case rename(request: String)
        case newRequest
        case duplicate(request: String)
        case importCurl
    }

    public var title: String
    public var editor: LineEditor
    public var purpose: Purpose
    /// Why the last answer was refused.
    public var error: String?
}

/// Lines to read, scrollable, with keys of its own in the footer.
public struct TextPanel: Sendable {
    public enum Kind: Sendable, Equatable {
        /// A curl command: `v` reveals its secrets on screen.
        case curl(command: String, hidden: String)
        /// The editor left the workspace invalid: `e` reopens it, `d` restores the file.
        case invalidEdit(previousText: String)
        /// The file changed under the request's unsaved edit: the ``KeyMap/Scope/conflict``
        /// keys choose what to keep.
        case editConflict(request: String)
    }

    public var title: String
    public var lines: [StyledLine]
    public var kind: Kind
    public var scroll = 0
}

/// A short-lived message in the status line.
public struct Toast: Sendable, Equatable {
    public var text: String
    public var style: Style
    public var expires: Double
    /// The event it tells of, in the Events pane (`!` goes there).
    public var event: Int?
}
