import CourierWorkspace
import Courier
import Foundation

/// The session's side of what the user answers and asks for through the shell's windows and
/// keys: the workspace's prompts, pasted text, quitting, revealing secrets, cancelling all.
extension WorkbenchSession {
    /// Enter in one of the workspace's prompts (a pane's own prompts go to that pane): does
    /// what it asked for; nil, or why it cannot.
    func answer(_ purpose: Prompt.Purpose, text: String) -> String? {
        switch purpose {
        case .pane: return "this prompt belongs to a pane"
        case .importCurl: return importCurl(text)
        case .newCall(let call): return addCall(named: text, call)
        case .browseServer: return browseServer(text)
        case .newRequest(let folder): return addRequest(named: text, definition: nil, folder: folder)
        case .duplicate(let original):
            // A copy goes beside the original.
            return addRequest(named: text, definition: effectiveDefinition(of: original),
                              folder: workspace.isFolder ? workspace.requestFolders[original] ?? "" : nil)
        case .rename(let original): return rename(original, to: text)
        case .saveBody(let id): return saveBody(of: id, to: text)
        case .exportHAR(let runID): return exportHAR(runID: runID, to: text)
        }
    }

    /// Text pasted while nothing is being typed: a curl command becomes a new request. Returns
    /// the prompt to open when it could not be imported (the command, and why), so the user
    /// can mend it.
    func pasted(_ text: String) -> Prompt? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("curl ") else {
            say("paste a curl command to make a request of it, or edit a field first (Enter)", .info)
            return nil
        }
        guard let problem = importCurl(trimmed) else { return nil }
        var editor = LineEditor()
        editor.insert(trimmed)
        return Prompt(title: "Paste a curl command", editor: editor, purpose: .importCurl, error: problem)
    }

    /// What quitting now would lose — requests in flight, unsaved edits — as the question to
    /// ask first; nil when nothing would be lost.
    func quitQuestion() -> Confirmation? {
        let inFlight = exchanges.values.filter(\.isInFlight).count
        let unsaved = dirtyDraftNames
        var reasons: [String] = []
        if inFlight > 0 { reasons.append("\(inFlight) request\(inFlight == 1 ? "" : "s") in flight") }
        if !unsaved.isEmpty { reasons.append("unsaved edits (\(unsaved.joined(separator: ", ")))") }
        guard !reasons.isEmpty else { return nil }
        return Confirmation(message: "\(reasons.joined(separator: " and ")). Quit anyway?", consequence: .quit)
    }

    /// `v`: secrets shown or hidden, everywhere at once.
    func toggleSecrets() {
        revealsSecrets.toggle()
        say(revealsSecrets ? "secrets shown — v hides them" : "secrets hidden", .warning)
    }

    /// The user confirmed cancelling everything in flight.
    func cancelAllConfirmed() {
        let count = cancelEverything()
        say("cancelled \(count) request\(count == 1 ? "" : "s")", .warning)
    }

    /// Judges whether the cache would answer each of `names` now, for those not yet judged
    /// (the rows on screen).
    func judgeCacheMarkers(of names: [String]) {
        for name in names { hasFreshCacheEntry(name) }
    }
}
