import CourierWorkspace
import Courier
import Foundation

/// Unsaved edits: the draft of each request the composer changed, what it was made from, and
/// whether the file changed under it since (a conflict: the draft is kept and marked, and `w`
/// asks what to keep instead of writing over the file's change or dropping the draft).
extension WorkbenchSession {
    /// A request's draft: its unsaved edits, or its definition as in the file.
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

    /// The definition a send uses: the file's, with the composer's unsaved edits over it.
    func effectiveDefinition(of name: String) -> RequestDefinition? {
        // A request deleted from the file while edited keeps its draft, on what it was.
        guard let definition = workspace.requests[name] ?? draftOrigins[name]?.base else { return nil }
        return drafts[name].map { $0.applied(to: definition) } ?? definition
    }

    func hasUnsavedEdit(_ name: String) -> Bool {
        guard let draft = drafts[name] else { return false }
        return workspace.requests[name].map { RequestDraft($0) != draft } ?? true
    }

    func hasConflict(_ name: String) -> Bool { draftOrigins[name]?.conflict != nil }

    /// Requests with edits not yet written to the file, in name order.
    var dirtyDraftNames: [String] {
        drafts.keys.filter(hasUnsavedEdit).sorted()
    }

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

    /// `w`: writes every unsaved edit into the workspace file, touching only what changed.
    /// An edit the file changed under is not written: `w` asks what to keep instead.
    func saveDrafts() {
        let conflicted = conflictedDraftNames
        let names = dirtyDraftNames.filter { workspace.requests[$0] != nil && !conflicted.contains($0) }
        guard !names.isEmpty || !conflicted.isEmpty else {
            say("nothing to save: no unsaved edits", .info)
            return
        }
        let edits = names.map { WorkspaceEdit.update(original: $0, draft: drafts[$0]!) }
        if !edits.isEmpty, write(edits, done: "saved \(names.joined(separator: ", ")) to \(fileName)") {
            for name in names { drafts[name] = nil }
        }
        if let first = conflicted.first { offerConflictChoice(first) }
    }

    /// Keep mine (written to the file) or take theirs (the draft dropped) for `name`'s
    /// conflict; false when it has none. The next conflict, if any, is offered.
    @discardableResult
    func resolveConflict(of name: String, keepingMine: Bool) -> Bool {
        guard let draft = drafts[name], let origin = draftOrigins[name], origin.conflict != nil else { return false }
        if keepingMine {
            let edit: WorkspaceEdit = workspace.requests[name] == nil
                ? .add(name: name, yaml: RequestYAML.block(for: draft.applied(to: origin.base), name: name))
                : .update(original: name, draft: draft)
            guard write([edit], done: "kept your edits of \(name): written to \(fileName)") else { return true }
            drafts[name] = nil
        } else {
            drafts[name] = nil
            notify(.workspaceReloaded(workspace, orphans: orphanedDraftNames))
            say("dropped your edits of \(name): \(fileName) stays as it is", .success, seconds: 6)
        }
        if let next = conflictedDraftNames.first { offerConflictChoice(next) }
        return true
    }

    /// Opens the choice for `name`'s conflict: keep mine, take theirs or show both.
    func offerConflictChoice(_ name: String) {
        guard let note = conflictNote(of: name) else { return }
        notify(.window(.editConflict(name, note: note, deleted: draftOrigins[name]?.conflict == .deleted, fileName: fileName)))
    }

    /// Keep mine, take theirs or show both (`action`) for `name`'s conflict, or says there is none.
    func resolveConflict(_ action: Action, of name: String?) {
        guard let name, let draft = drafts[name], let origin = draftOrigins[name], origin.conflict != nil else {
            return say("no edit conflict here: w offers the choice when the file changes under unsaved edits", .info)
        }
        if action == .showBoth {
            let theirs = workspace.requests[name]
            notify(.window(.bothVersions(name, theirs: theirs, mine: draft.applied(to: theirs ?? origin.base), fileName: fileName)))
        } else {
            resolveConflict(of: name, keepingMine: action == .keepMine)
        }
    }
}
