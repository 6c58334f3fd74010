import CourierWorkspace

/// Everything a user can ask the workbench to do. Keys map to actions (``KeyMap``); the
/// command palette lists them by title; the help overlay lists their keys. The shell's and
/// the panes' actions are here; a new pane may declare its own beside it
/// (`extension Action { static let clearJar = Action("clearJar", "Clear the jar") }`), and
/// an action is known by the key table once a binding names it.
package struct Action: Sendable, Hashable, CustomStringConvertible {
    /// Its name, as the user config writes it in camel case (``KeyMap/configName(of:)``).
    package let rawValue: String
    /// What the action does, for the palette and the help overlay.
    package let title: String

    package init(_ name: String, _ title: String) {
        rawValue = name
        self.title = title
    }

    /// Every action the key table knows, the shell's first.
    package static var allCases: [Action] {
        var seen: Set<Action> = []
        return KeyMap.standard.map(\.action).filter { seen.insert($0).inserted }
    }

    /// Go to `pane` (`1`–`9`).
    package static func focus(_ pane: PaneID) -> Action {
        Action("focus" + pane.title.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
               "Go to \(pane.title)" + (pane.focusNote.map { " (\($0))" } ?? ""))
    }

    /// The pane this action goes to, when it is a ``focus(_:)``.
    package var focusTarget: PaneID? { PaneID.allCases.first { Action.focus($0) == self } }

    package var description: String { rawValue }

    package static func == (lhs: Action, rhs: Action) -> Bool { lhs.rawValue == rhs.rawValue }
    package func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

extension Action {
    // Anywhere
    package static let quit = Action("quit", "Quit")
    package static let help = Action("help", "Show every key")
    package static let palette = Action("palette", "Command palette")
    package static let focusNext = Action("focusNext", "Next pane")
    package static let focusPrevious = Action("focusPrevious", "Previous pane")
    package static let zoom = Action("zoom", "Zoom the pane (again: back)")
    package static let redraw = Action("redraw", "Redraw the screen")
    package static let suspend = Action("suspend", "Suspend to the shell (fg returns)")
    package static let save = Action("save", "Save edits to the workspace file")
    package static let pickEnvironment = Action("pickEnvironment", "Switch environment")
    package static let showVariables = Action("showVariables", "Show variables and where they come from")
    package static let send = Action("send", "Send the selected request")
    package static let importCurl = Action("importCurl", "New request from a curl command")
    package static let copyAsCurl = Action("copyAsCurl", "Copy the request as curl")
    package static let editInEditor = Action("editInEditor", "Edit the request in $EDITOR")
    package static let cancel = Action("cancel", "Cancel the request in flight")
    package static let toggleOffline = Action("toggleOffline", "Go offline or back online")
    // Lists and scrolling
    package static let up = Action("up", "Up")
    package static let down = Action("down", "Down")
    package static let left = Action("left", "Left / fold")
    package static let right = Action("right", "Right / unfold")
    package static let pageUp = Action("pageUp", "Page up")
    package static let pageDown = Action("pageDown", "Page down")
    package static let halfPageUp = Action("halfPageUp", "Half a page up")
    package static let halfPageDown = Action("halfPageDown", "Half a page down")
    package static let top = Action("top", "Top")
    package static let bottom = Action("bottom", "Bottom")
    // Requests pane
    package static let activate = Action("activate", "Send, or run the batch or chain")
    package static let sendIgnoringCache = Action("sendIgnoringCache", "Send ignoring the cache")
    package static let stepChain = Action("stepChain", "Step through a chain (again: next)")
    package static let toggleMark = Action("toggleMark", "Mark for an ad-hoc batch")
    package static let filter = Action("filter", "Filter")
    package static let newRequest = Action("newRequest", "New request")
    package static let duplicate = Action("duplicate", "Duplicate the request")
    package static let delete = Action("delete", "Delete the request")
    package static let rename = Action("rename", "Rename the request")
    package static let copyAsCode = Action("copyAsCode", "Copy the request as code (a language)")
    package static let browseServices = Action("browseServices", "Browse gRPC services")
    package static let reloadSchema = Action("reloadSchema", "Reload the gRPC schema")
    // Composer
    package static let cycleMethod = Action("cycleMethod", "Next method")
    package static let editURL = Action("editURL", "Edit the URL")
    package static let editField = Action("editField", "Edit the field")
    package static let addRow = Action("addRow", "Add a row")
    package static let deleteRow = Action("deleteRow", "Remove the row")
    package static let toggleRow = Action("toggleRow", "Switch the row on or off")
    package static let nextTab = Action("nextTab", "Next tab")
    package static let previousTab = Action("previousTab", "Previous tab")
    package static let toggleTemplate = Action("toggleTemplate", "Show the URL as written / as sent")
    // Response
    package static let search = Action("search", "Search the body")
    package static let nextMatch = Action("nextMatch", "Next match")
    package static let previousMatch = Action("previousMatch", "Previous match")
    package static let jsonFilter = Action("jsonFilter", "Filter the body by a JSON path")
    package static let toggleFold = Action("toggleFold", "Fold or unfold")
    package static let saveBody = Action("saveBody", "Save the body to a file")
    package static let revealSecrets = Action("revealSecrets", "Reveal or hide secrets")
    package static let diffHistory = Action("diffHistory", "Compare two past exchanges")
    package static let exportHAR = Action("exportHAR", "Export a past run as HAR")
    // In flight, Cache, Runs, Events
    package static let open = Action("open", "Open it (a run: run it again)")
    package static let cancelAll = Action("cancelAll", "Cancel everything in flight")
    package static let sortTable = Action("sortTable", "Sort by start, name or progress")
    package static let deleteEntry = Action("deleteEntry", "Delete the entry")
    package static let purgeExpired = Action("purgeExpired", "Purge expired and corrupt entries")
    package static let purgeAll = Action("purgeAll", "Purge every entry")
    package static let nextStep = Action("nextStep", "Run the next step")
    package static let continueChain = Action("continueChain", "Continue to the end, no more pauses")
    package static let retryStep = Action("retryStep", "Retry the failed step")
    package static let skipStep = Action("skipStep", "Skip the next step")
    package static let stopRun = Action("stopRun", "Stop the batch or chain")
    package static let pauseLog = Action("pauseLog", "Pause or resume the log")
    package static let showFailure = Action("showFailure", "Show the last failure in Events")
    // An unsaved edit whose request changed in the file meanwhile
    package static let keepMine = Action("keepMine", "Keep mine: write my edits to the file")
    package static let takeTheirs = Action("takeTheirs", "Take theirs: drop my edits")
    package static let showBoth = Action("showBoth", "Show both versions")
    // Windows over the panes, questions, the palette and pickers, a line being typed
    package static let back = Action("back", "Back: clear, close, unzoom")
    package static let closeWindow = Action("closeWindow", "Close the window")
    package static let restoreFile = Action("restoreFile", "Restore the file as it was")
    package static let answerYes = Action("answerYes", "Yes")
    package static let answerNo = Action("answerNo", "No")
    package static let previousItem = Action("previousItem", "Previous item")
    package static let nextItem = Action("nextItem", "Next item")
    package static let chooseItem = Action("chooseItem", "Run or pick the item")
    package static let commitLine = Action("commitLine", "Apply what is typed")
    package static let cancelLine = Action("cancelLine", "Cancel typing")
    package static let nextField = Action("nextField", "The other field (name ⇄ value)")

}
