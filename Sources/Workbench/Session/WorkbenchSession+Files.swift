import CourierWorkspace
import Courier
import Foundation

/// The workspace file: edits written into it with the splice that keeps comments, reading
/// it again (after a save, an outside change or the editor), and the environment its
/// engine session renders.
extension WorkbenchSession {
    /// Applies edits to the file and reloads it; says why when the file cannot take them.
    @discardableResult
    func write(_ edits: [WorkspaceEdit], done: String) -> Bool {
        do {
            let result = try WorkspaceFilesWriter.apply(edits, to: workspace, extraVariables: Set(settings.overrides.keys))
            try WorkspaceFilesWriter.write(result)
            reload()
            say(([done] + result.notes).joined(separator: "; "), result.notes.isEmpty ? .success : .warning, seconds: 6)
            return true
        } catch let error as WorkspaceError {
            let place = error.location.map { " (\(displayName(of: $0.file)):\($0.line):\($0.column))" } ?? ""
            say("not saved\(place): \(error.message)", .failure, seconds: 10)
        } catch {
            say("not saved: \(error.localizedDescription)", .failure, seconds: 10)
        }
        return false
    }

    /// Reads the workspace file again, here and now (after the workbench's own edits, which
    /// need the result at once). A broken file keeps the last good definitions in use and its
    /// error in the status line until it is fixed. Changes made outside are read off the
    /// input loop instead (``readInBackground(_:)``).
    func reload() {
        do {
            let (loaded, contractRead) = try ContractRead.loading(path: workspacePath, extraVariables: Set(settings.overrides.keys))
            adopt(loaded, contractRead: contractRead)
        } catch {
            reloadError = error
        }
    }

    /// Puts `loaded` in use: a new engine session for it, drafts checked against it (a
    /// conflict is said), the tree told.
    func adopt(_ loaded: Workspace, contractRead: ContractRead?) {
        do {
            let engine = try EngineSession(workspace: loaded, environment: environment, settings: settings, hud: hud, mailbox: mailbox,
                                           replacing: self.engine)
            let conflicts = checkDrafts(against: loaded)
            workspace = loaded
            self.engine = engine
            notify(.workspaceReloaded(loaded, orphans: orphanedDraftNames))
            reloadError = nil
            cacheMarkers.removeAll()
            if let contractRead { notify(.contractRead(contractRead)) }
            for name in conflicts {
                say("\(name) \(conflictNote(of: name) ?? "changed") meanwhile: edits kept, w to choose", .warning, seconds: 10)
            }
        } catch {
            reloadError = error
        }
    }

    /// Puts the file back as it was before the editor broke it.
    func restoreFile(_ text: String) {
        do {
            try WorkspaceWriter.write(text, to: workspacePath)
            reload()
            say("restored \(fileName) as it was before the editor", .success)
        } catch {
            say("cannot restore \(fileName): \(error.localizedDescription)", .failure)
        }
    }

    // MARK: - The editor

    /// Opens the file in `$VISUAL`/`$EDITOR` at `line`, keeping what it was to put back.
    func openInEditor(line: Int) {
        editorBackup = try? String(contentsOfFile: workspacePath, encoding: .utf8)
        notify(.effect(.openEditor(path: workspacePath, line: line)))
    }

    /// The editor ended. A failed editor (a status other than 0, a signal) is reported as
    /// such and reloads nothing — unless it changed the file before failing, which is then
    /// read like any change made outside (off the input loop; ``finishRead(_:)`` says what came
    /// of it, and offers to edit again or put back what it was when the file is now invalid).
    func editorFinished(_ outcome: EditorOutcome) {
        let failure = outcome.failure
        if let failure, (try? String(contentsOfFile: workspacePath, encoding: .utf8)) == editorBackup {
            say("\(failure): \(fileName) unchanged, nothing reloaded", .failure, seconds: 10)
            return
        }
        readInBackground(.editor(failure: failure, backup: editorBackup))
    }

    // MARK: - Requests added, renamed, deleted

    /// `base`, or `base-2`, `base-3`… whichever no request, batch or chain uses.
    func uniqueName(_ base: String) -> String {
        let taken = Set(workspace.targetNames)
        guard taken.contains(base) else { return base }
        return (2...).lazy.map { "\(base)-\($0)" }.first { !taken.contains($0) }!
    }

    /// A pasted or typed curl command becomes a new request in the file; nil, or why not.
    func importCurl(_ command: String) -> String? {
        let name = uniqueName("imported")
        do {
            let yaml = try CurlImport.yaml(from: command, name: name)
            guard write([.add(name: name, yaml: yaml)], done: "imported \(name) into \(fileName)") else { return "not saved" }
            notify(.select(.request(name)))
            return nil
        } catch {
            return error.description
        }
    }

    /// Adds a request (a copy of `definition`, or a new `GET /get`); nil, or why not.
    func addRequest(named name: String, definition: RequestDefinition?, folder: String? = nil) -> String? {
        if let problem = nameProblem(name) { return problem }
        var definition = definition ?? RequestDefinition(name: name, location: SourceLocation(file: workspacePath, line: 1, column: 1))
        if definition.url.isEmpty { definition.url = "/get" }
        let file = displayName(of: WorkspaceFilesWriter.destination(of: name, folder: folder, in: workspace))
        guard write([.add(name: name, yaml: RequestYAML.block(for: definition, name: name), folder: folder)], done: "added \(name) to \(file)") else {
            return "not saved"
        }
        notify(.select(.request(name)))
        return nil
    }

    /// Renames a request in the file (its unsaved edits written with it); nil, or why not.
    func rename(_ original: String, to name: String) -> String? {
        guard name != original else { return nil }
        if let problem = nameProblem(name) { return problem }
        guard var draft = draft(of: original) else { return "no request \(original)" }
        draft.name = name
        guard write([.update(original: original, draft: draft)], done: "renamed \(original) to \(name)") else { return "not saved" }
        drafts[original] = nil
        notify(.select(.request(name)))
        return nil
    }

    /// Deletes a request from the file, and its unsaved edits.
    func delete(_ name: String) {
        if write([.delete(name: name)], done: "deleted \(name) from \(fileName)") { drafts[name] = nil }
    }

    private func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "a name is needed" }
        if workspace.targetNames.contains(name) { return "\(name) is already used" }
        if !name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) { return "use letters, digits, - _ and ." }
        return nil
    }

    // MARK: - Environments

    /// Switches to another environment (nil: the variables alone); requests in flight finish
    /// with the old one.
    func switchEnvironment(to name: String?) {
        do {
            engine = try EngineSession(workspace: workspace, environment: name, settings: settings, hud: hud, mailbox: mailbox,
                                       replacing: engine)
            environment = name
            cacheMarkers.removeAll()
            say("environment: \(name ?? "none")", .success)
        } catch {
            say(error.description, .failure)
        }
    }
}
