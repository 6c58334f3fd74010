import CourierWorkspace
import Courier
import Foundation

/// The session's side of the Exchange pane: the drafts it edits, HAR export and offline
/// replay.
extension AppModel: ExchangeSource {
    /// The selected request's draft: its unsaved edits, or its definition as in the file.
    func draft(of name: String) -> RequestDraft? {
        drafts[name] ?? workspace.requests[name].map(RequestDraft.init)
    }

    /// Changes a request's draft; a draft equal to the file again is dropped (no longer unsaved).
    func updateDraft(_ name: String, _ change: (inout RequestDraft) -> Void) {
        guard var draft = draft(of: name), let definition = workspace.requests[name] else { return }
        change(&draft)
        if drafts[name] == nil { draftOrigins[name] = DraftOrigin(base: definition) }
        drafts[name] = draft == RequestDraft(definition) ? nil : draft
    }

    /// Writes a run's exchanges as HAR off the input loop; nil, or why it cannot start.
    func exportHAR(runID: String, to path: String) -> String? {
        guard let history = session.history else { return "history is off" }
        let expanded: String
        switch Self.newFilePath(path) {
        case .success(let path): expanded = path
        case .failure(let problem): return problem.reason
        }
        var query = HistoryQuery(workspacePath: history.context.workspacePath)
        query.runID = runID
        let filter = query
        let mailbox = self.mailbox
        history.read({ store -> Int in
            let exchanges = try store.exchangesWithBodies(filter)
            let data = HARExport.text(exchanges, creatorVersion: "Courier workbench")
            guard FileManager.default.createFile(atPath: expanded, contents: data, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: expanded])
            }
            return exchanges.count
        }, deliver: { count in mailbox.post(.historyExported(path: path, count: count)) })
        return nil
    }

    /// `O`: offline replay on or off. Offline, every send is answered from the cache or the
    /// newest matching exchange in the history, and nothing new is recorded.
    func toggleOffline() {
        if session.runner.offline != nil {
            session.runner.offline = nil
            say("online: requests go to the network again", .info)
            return
        }
        var store: HistoryStore?
        var problem: String?
        if let open = settings.history {
            do { store = try open() } catch { problem = HistoryRecorder.describe(error) }
        }
        session.runner.offline = OfflineReplay(store: store, workspacePath: workspacePath)
        if let problem {
            say("offline, from the cache only: the history cannot be read (\(problem)) — O goes back online", .warning, seconds: 8)
        } else {
            say("offline: answers come from the cache and the history, never the network — O goes back online", .warning, seconds: 6)
        }
    }
}
