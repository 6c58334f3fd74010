import CourierWorkspace

/// Everything a user can ask the workbench to do. Keys map to actions (``KeyMap``); the
/// command palette lists them by title; the help overlay lists their keys.
public enum Action: String, Sendable, Hashable, CaseIterable {
    // Anywhere
    case quit, help, palette, focusNext, focusPrevious, zoom, redraw, suspend
    case focusRequests, focusExchange, focusInFlight, focusCache, focusRuns, focusEvents
    case save, pickEnvironment, showVariables, send, importCurl, copyAsCurl, editInEditor, cancel, toggleOffline
    // Lists and scrolling
    case up, down, left, right, pageUp, pageDown, halfPageUp, halfPageDown, top, bottom
    // Requests pane
    case activate, sendIgnoringCache, stepChain, toggleMark, filter, newRequest, duplicate, delete, rename
    // Composer
    case cycleMethod, editURL, editField, addRow, deleteRow, toggleRow, nextTab, previousTab, toggleTemplate
    // Response
    case search, nextMatch, previousMatch, jsonFilter, toggleFold, saveBody, revealSecrets, diffHistory, exportHAR
    // In flight, Cache, Runs, Events
    case open, cancelAll, sortTable, deleteEntry, purgeExpired, purgeAll
    case nextStep, continueChain, retryStep, skipStep, stopRun, pauseLog, showFailure
    // An unsaved edit whose request changed in the file meanwhile
    case keepMine, takeTheirs, showBoth
    // Windows over the panes, questions, the palette and pickers, a line being typed
    case back, closeWindow, restoreFile, answerYes, answerNo, previousItem, nextItem, chooseItem
    case commitLine, cancelLine, nextField

    /// What the action does, for the palette and the help overlay.
    public var title: String {
        switch self {
        case .quit: return "Quit"
        case .help: return "Show every key"
        case .palette: return "Command palette"
        case .focusNext: return "Next pane"
        case .focusPrevious: return "Previous pane"
        case .zoom: return "Zoom the pane (again: back)"
        case .redraw: return "Redraw the screen"
        case .suspend: return "Suspend to the shell (fg returns)"
        case .focusRequests: return "Go to Requests"
        case .focusExchange: return "Go to Exchange (again: ⇄ response)"
        case .focusInFlight: return "Go to In flight"
        case .focusCache: return "Go to Cache"
        case .focusRuns: return "Go to Runs"
        case .focusEvents: return "Go to Events"
        case .save: return "Save edits to the workspace file"
        case .pickEnvironment: return "Switch environment"
        case .showVariables: return "Show variables and where they come from"
        case .send: return "Send the selected request"
        case .importCurl: return "New request from a curl command"
        case .copyAsCurl: return "Copy the request as curl"
        case .editInEditor: return "Edit the request in $EDITOR"
        case .cancel: return "Cancel the request in flight"
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left / fold"
        case .right: return "Right / unfold"
        case .pageUp: return "Page up"
        case .pageDown: return "Page down"
        case .halfPageUp: return "Half a page up"
        case .halfPageDown: return "Half a page down"
        case .top: return "Top"
        case .bottom: return "Bottom"
        case .activate: return "Send, or run the batch or chain"
        case .sendIgnoringCache: return "Send ignoring the cache"
        case .stepChain: return "Step through a chain (again: next)"
        case .toggleMark: return "Mark for an ad-hoc batch"
        case .filter: return "Filter"
        case .newRequest: return "New request"
        case .duplicate: return "Duplicate the request"
        case .delete: return "Delete the request"
        case .rename: return "Rename the request"
        case .cycleMethod: return "Next method"
        case .editURL: return "Edit the URL"
        case .editField: return "Edit the field"
        case .addRow: return "Add a row"
        case .deleteRow: return "Remove the row"
        case .toggleRow: return "Switch the row on or off"
        case .nextTab: return "Next tab"
        case .previousTab: return "Previous tab"
        case .toggleTemplate: return "Show the URL as written / as sent"
        case .search: return "Search the body"
        case .nextMatch: return "Next match"
        case .previousMatch: return "Previous match"
        case .jsonFilter: return "Filter the body by a JSON path"
        case .toggleFold: return "Fold or unfold"
        case .saveBody: return "Save the body to a file"
        case .toggleOffline: return "Go offline or back online"
        case .diffHistory: return "Compare two past exchanges"
        case .exportHAR: return "Export a past run as HAR"
        case .revealSecrets: return "Reveal or hide secrets"
        case .open: return "Open it (a run: run it again)"
        case .cancelAll: return "Cancel everything in flight"
        case .sortTable: return "Sort by start, name or progress"
        case .deleteEntry: return "Delete the entry"
        case .purgeExpired: return "Purge expired and corrupt entries"
        case .purgeAll: return "Purge every entry"
        case .nextStep: return "Run the next step"
        case .continueChain: return "Continue to the end, no more pauses"
        case .retryStep: return "Retry the failed step"
        case .skipStep: return "Skip the next step"
        case .stopRun: return "Stop the batch or chain"
        case .pauseLog: return "Pause or resume the log"
        case .showFailure: return "Show the last failure in Events"
        case .keepMine: return "Keep mine: write my edits to the file"
        case .takeTheirs: return "Take theirs: drop my edits"
        case .showBoth: return "Show both versions"
        case .back: return "Back: clear, close, unzoom"
        case .closeWindow: return "Close the window"
        case .restoreFile: return "Restore the file as it was"
        case .answerYes: return "Yes"
        case .answerNo: return "No"
        case .previousItem: return "Previous item"
        case .nextItem: return "Next item"
        case .chooseItem: return "Run or pick the item"
        case .commitLine: return "Apply what is typed"
        case .cancelLine: return "Cancel typing"
        case .nextField: return "The other field (name ⇄ value)"
        }
    }
}
