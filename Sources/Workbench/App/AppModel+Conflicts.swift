import CourierWorkspace
import Courier
import Foundation

/// Unsaved edits whose request another program changed or deleted in the file: the draft is
/// kept and marked, and `w` asks what to keep (``KeyMap/Scope/conflict``) instead of writing
/// over the file's change or dropping the draft.
extension AppModel {
    /// Requests whose drafts the file changed under, in name order.
    var conflictedDraftNames: [String] {
        drafts.keys.filter { draftOrigins[$0]?.conflict != nil }.sorted()
    }

    /// Drafted requests the file no longer has: the tree keeps listing them.
    var orphanedDraftNames: [String] {
        drafts.keys.filter { workspace.requests[$0] == nil && draftOrigins[$0] != nil }.sorted()
    }

    /// After the file was read again: drops the drafts it now matches and marks those it
    /// changed under. Returns the requests newly in conflict.
    func checkDrafts(against loaded: Workspace) -> [String] {
        var fresh: [String] = []
        for (name, draft) in drafts {
            guard var origin = draftOrigins[name] else { continue }
            let conflict: EditConflict?
            if let now = loaded.requests[name].map(RequestDraft.init) {
                if now == draft {
                    drafts[name] = nil
                    continue
                }
                conflict = now == RequestDraft(origin.base) ? nil : .changed
            } else {
                conflict = .deleted
            }
            if let conflict, origin.conflict != conflict { fresh.append(name) }
            origin.conflict = conflict
            draftOrigins[name] = origin
        }
        return fresh.sorted()
    }

    /// What happened to the request in the file, when its draft is in conflict.
    func conflictNote(of name: String) -> String? {
        switch draftOrigins[name]?.conflict {
        case .changed?: "changed in \(fileName)"
        case .deleted?: "deleted from \(fileName)"
        case nil: nil
        }
    }

    /// Opens the choice for a request's conflict.
    func openConflict(_ name: String) {
        guard let note = conflictNote(of: name) else { return }
        let what = draftOrigins[name]?.conflict == .deleted ? "removed \(name) from" : "changed \(name) in"
        let lines = [StyledLine(" Another program \(what) \(fileName) after you began editing it here.", .strong),
                     StyledLine(" Your edits are kept until you choose: nothing is written or dropped without it.", .dim),
                     ""] + conflictChoices
        open(TextOverlay(TextPanel(title: "\(name): \(note) while you edited it", lines: lines, kind: .editConflict(request: name))))
    }

    /// The conflict keys and what they do, from the key table.
    private var conflictChoices: [StyledLine] {
        KeyMap.bindings.filter { $0.scope == .conflict }.map { binding in
            StyledLine.build { $0.append(" " + DisplayWidth.padded(KeyMap.label(of: binding.keys[0]), to: 5), .hintKey); $0.append(binding.action.title) }
        } + [StyledLine.build { $0.append(" Esc  ", .hintKey); $0.append("Decide later: the edits stay, marked in the tree") }]
    }

    /// Keep mine, take theirs or show both, for `request` or the selected one.
    func resolveConflict(_ action: Action, of request: String? = nil) {
        guard let name = request ?? selectedRequestName, let draft = drafts[name], let origin = draftOrigins[name],
              origin.conflict != nil else {
            say("no edit conflict here: w offers the choice when the file changes under unsaved edits", .info)
            return
        }
        switch action {
        case .keepMine:
            let edit: WorkspaceEdit = workspace.requests[name] == nil
                ? .add(name: name, yaml: RequestYAML.block(for: draft.applied(to: origin.base), name: name))
                : .update(original: name, draft: draft)
            guard write([edit], done: "kept your edits of \(name): written to \(fileName)") else { return }
            drafts[name] = nil
            offerNextConflict()
        case .takeTheirs:
            drafts[name] = nil
            panes.requests.update(workspace: workspace, orphans: orphanedDraftNames)
            say("dropped your edits of \(name): \(fileName) stays as it is", .success, seconds: 6)
            offerNextConflict()
        case .showBoth:
            open(TextOverlay(TextPanel(title: "\(name): \(fileName)'s version and yours", lines: bothLines(name, draft: draft, base: origin.base),
                                       kind: .editConflict(request: name))))
        default:
            break
        }
    }

    private func offerNextConflict() {
        if let next = conflictedDraftNames.first { openConflict(next) }
    }

    /// The file's version of the request against the one keeping mine would write, line by line.
    private func bothLines(_ name: String, draft: RequestDraft, base: RequestDefinition) -> [StyledLine] {
        let theirs = workspace.requests[name]
        let mine = RequestYAML.block(for: draft.applied(to: theirs ?? base), name: name)
        var lines: [StyledLine]
        if let theirs {
            lines = [StyledLine(" - \(fileName) now    + yours (what keeping mine writes)", .dim), ""]
            lines += HistoryDiff.textLines(RequestYAML.block(for: theirs, name: name), mine).map { line in
                StyledLine(" " + line.text, line.kind == .removed ? .failure : line.kind == .added ? .success : .plain)
            }
        } else {
            lines = [StyledLine(" \(fileName) no longer has \(name). Yours (what keeping mine writes back):", .dim), ""]
            lines += mine.split(separator: "\n").map { StyledLine(" + " + $0, .success) }
        }
        return lines + [""] + conflictChoices
    }
}
