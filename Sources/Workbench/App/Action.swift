import CourierWorkspace

/// Everything a user can ask the workbench to do. Keys map to actions (``KeyMap``); the
/// command palette lists them by title; the help overlay lists their keys. The shell's and
/// the panes' actions are here; a new pane may declare its own beside it
/// (`extension Action { static let clearJar = Action("clearJar", "Clear the jar") }`), and
/// an action is known by the key table once a binding names it.
public struct Action: Sendable, Hashable, CustomStringConvertible {
    /// Its name, as the user config writes it in camel case (``KeyMap/configName(of:)``).
    public let rawValue: String
    /// What the action does, for the palette and the help overlay.
    public let title: String

    public init(_ name: String, _ title: String) {
        rawValue = name
        self.title = title
    }

    /// Every action the key table knows, the shell's first.
    public static var allCases: [Action] {
        var seen: Set<Action> = []
        return KeyMap.standard.map(\.action).filter { seen.insert($0).inserted }
    }

    /// Go to `pane` (`1`–`9`).
    public static func focus(_ pane: PaneID) -> Action {
        Action("focus" + pane.title.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
               "Go to \(pane.title)" + (pane.focusNote.map { " (\($0))" } ?? ""))
    }

    /// The pane this action goes to, when it is a ``focus(_:)``.
    public var focusTarget: PaneID? { PaneID.allCases.first { Action.focus($0) == self } }

    public var description: String { rawValue }

    public static func == (lhs: Action, rhs: Action) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

extension Action {
    // Anywhere
    public static let quit = Action("quit", "Quit")
    public static let help = Action("help", "Show every key")
    public static let palette = Action("palette", "Command palette")
    public static let focusNext = Action("focusNext", "Next pane")
    public static let focusPrevious = Action("focusPrevious", "Previous pane")
    public static let zoom = Action("zoom", "Zoom the pane (again: back)")
    public static let redraw = Action("redraw", "Redraw the screen")
    public static let suspend = Action("suspend", "Suspend to the shell (fg returns)")
    public static let save = Action("save", "Save edits to the workspace file")
    public static let pickEnvironment = Action("pickEnvironment", "Switch environment")
    public static let showVariables = Action("showVariables", "Show variables and where they come from")
    public static let send = Action("send", "Send the selected request")
    public static let importCurl = Action("importCurl", "New request from a curl command")
    public static let copyAsCurl = Action("copyAsCurl", "Copy the request as curl")
    public static let editInEditor = Action("editInEditor", "Edit the request in $EDITOR")
    public static let cancel = Action("cancel", "Cancel the request in flight")
    public static let toggleOffline = Action("toggleOffline", "Go offline or back online")
    // Lists and scrolling
    public static let up = Action("up", "Up")
    public static let down = Action("down", "Down")
    public static let left = Action("left", "Left / fold")
    public static let right = Action("right", "Right / unfold")
    public static let pageUp = Action("pageUp", "Page up")
    public static let pageDown = Action("pageDown", "Page down")
    public static let halfPageUp = Action("halfPageUp", "Half a page up")
    public static let halfPageDown = Action("halfPageDown", "Half a page down")
    public static let top = Action("top", "Top")
    public static let bottom = Action("bottom", "Bottom")
    // Requests pane
    public static let activate = Action("activate", "Send, or run the batch or chain")
    public static let sendIgnoringCache = Action("sendIgnoringCache", "Send ignoring the cache")
    public static let stepChain = Action("stepChain", "Step through a chain (again: next)")
    public static let toggleMark = Action("toggleMark", "Mark for an ad-hoc batch")
    public static let filter = Action("filter", "Filter")
    public static let newRequest = Action("newRequest", "New request")
    public static let duplicate = Action("duplicate", "Duplicate the request")
    public static let delete = Action("delete", "Delete the request")
    public static let rename = Action("rename", "Rename the request")
    // Composer
    public static let cycleMethod = Action("cycleMethod", "Next method")
    public static let editURL = Action("editURL", "Edit the URL")
    public static let editField = Action("editField", "Edit the field")
    public static let addRow = Action("addRow", "Add a row")
    public static let deleteRow = Action("deleteRow", "Remove the row")
    public static let toggleRow = Action("toggleRow", "Switch the row on or off")
    public static let nextTab = Action("nextTab", "Next tab")
    public static let previousTab = Action("previousTab", "Previous tab")
    public static let toggleTemplate = Action("toggleTemplate", "Show the URL as written / as sent")
    // Response
    public static let search = Action("search", "Search the body")
    public static let nextMatch = Action("nextMatch", "Next match")
    public static let previousMatch = Action("previousMatch", "Previous match")
    public static let jsonFilter = Action("jsonFilter", "Filter the body by a JSON path")
    public static let toggleFold = Action("toggleFold", "Fold or unfold")
    public static let saveBody = Action("saveBody", "Save the body to a file")
    public static let revealSecrets = Action("revealSecrets", "Reveal or hide secrets")
    public static let diffHistory = Action("diffHistory", "Compare two past exchanges")
    public static let exportHAR = Action("exportHAR", "Export a past run as HAR")
    // In flight, Cache, Runs, Events
    public static let open = Action("open", "Open it (a run: run it again)")
    public static let cancelAll = Action("cancelAll", "Cancel everything in flight")
    public static let sortTable = Action("sortTable", "Sort by start, name or progress")
    public static let deleteEntry = Action("deleteEntry", "Delete the entry")
    public static let purgeExpired = Action("purgeExpired", "Purge expired and corrupt entries")
    public static let purgeAll = Action("purgeAll", "Purge every entry")
    public static let nextStep = Action("nextStep", "Run the next step")
    public static let continueChain = Action("continueChain", "Continue to the end, no more pauses")
    public static let retryStep = Action("retryStep", "Retry the failed step")
    public static let skipStep = Action("skipStep", "Skip the next step")
    public static let stopRun = Action("stopRun", "Stop the batch or chain")
    public static let pauseLog = Action("pauseLog", "Pause or resume the log")
    public static let showFailure = Action("showFailure", "Show the last failure in Events")
    // An unsaved edit whose request changed in the file meanwhile
    public static let keepMine = Action("keepMine", "Keep mine: write my edits to the file")
    public static let takeTheirs = Action("takeTheirs", "Take theirs: drop my edits")
    public static let showBoth = Action("showBoth", "Show both versions")
    // Windows over the panes, questions, the palette and pickers, a line being typed
    public static let back = Action("back", "Back: clear, close, unzoom")
    public static let closeWindow = Action("closeWindow", "Close the window")
    public static let restoreFile = Action("restoreFile", "Restore the file as it was")
    public static let answerYes = Action("answerYes", "Yes")
    public static let answerNo = Action("answerNo", "No")
    public static let previousItem = Action("previousItem", "Previous item")
    public static let nextItem = Action("nextItem", "Next item")
    public static let chooseItem = Action("chooseItem", "Run or pick the item")
    public static let commitLine = Action("commitLine", "Apply what is typed")
    public static let cancelLine = Action("cancelLine", "Cancel typing")
    public static let nextField = Action("nextField", "The other field (name ⇄ value)")

}
