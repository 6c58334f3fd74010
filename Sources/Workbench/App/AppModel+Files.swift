import CourierWorkspace
import Courier
import Foundation

extension AppModel {
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
        if let first = conflicted.first { openConflict(first) }
    }

    var fileName: String { (workspacePath as NSString).lastPathComponent }

    /// Applies edits to the file and reloads it; says why when the file cannot take them.
    @discardableResult
    func write(_ edits: [WorkspaceEdit], done: String) -> Bool {
        do {
            let text = try String(contentsOfFile: workspacePath, encoding: .utf8)
            let result = try WorkspaceWriter.apply(edits, to: text, file: workspacePath, extraVariables: Set(settings.overrides.keys))
            try WorkspaceWriter.write(result.text, to: workspacePath)
            reload()
            say(([done] + result.notes).joined(separator: "; "), result.notes.isEmpty ? .success : .warning, seconds: 6)
            return true
        } catch let error as WorkspaceError {
            let place = error.location.map { " (\(fileName):\($0.line):\($0.column))" } ?? ""
            say("not saved\(place): \(error.message)", .failure, seconds: 10)
        } catch {
            say("not saved: \(error.localizedDescription)", .failure, seconds: 10)
        }
        return false
    }

    /// The workspace file changed on disk (the front watches it): read it again.
    public func workspaceFileChanged() {
        let wasBroken = reloadError != nil
        reload()
        if reloadError == nil, wasBroken { say("\(fileName) is valid again", .success) }
    }

    /// Reads the workspace file again. A broken file keeps the last good definitions in use
    /// and its error in the status line until it is fixed.
    func reload() {
        do {
            let loaded = try Workspace.load(path: workspacePath, extraVariables: Set(settings.overrides.keys))
            let session = try EngineSession(workspace: loaded, environment: environment, settings: settings, hud: hud, mailbox: mailbox,
                                            replacing: self.session)
            let conflicts = checkDrafts(against: loaded)
            workspace = loaded
            self.session = session
            panes.requests.update(workspace: loaded, orphans: orphanedDraftNames)
            reloadError = nil
            cacheMarkers.removeAll()
            for name in conflicts {
                say("\(name) \(conflictNote(of: name) ?? "changed") meanwhile: edits kept, w to choose", .warning, seconds: 10)
            }
        } catch {
            reloadError = error
        }
    }

    // MARK: - The editor

    /// `e`: edits the selected request (or batch, chain) in `$VISUAL`/`$EDITOR` at its line.
    func openSelectedInEditor() {
        if let name = selectedRequestName, dirtyDraftNames.contains(name) {
            say("\(name) has unsaved edits: w saves them, then e opens the file", .warning, seconds: 6)
            return
        }
        let line: Int = switch tree.selectedNode {
        case .batch(let name)?: workspace.batches[name]?.location.line ?? 1
        case .chain(let name)?: workspace.chains[name]?.location.line ?? 1
        default: selectedRequestName.flatMap { workspace.requests[$0]?.location.line } ?? 1
        }
        editorBackup = try? String(contentsOfFile: workspacePath, encoding: .utf8)
        effects.append(.openEditor(path: workspacePath, line: line))
    }

    /// The editor ended. A failed editor (a status other than 0, a signal) is reported as
    /// such and reloads nothing — unless it changed the file before failing, which is then
    /// read like any change made outside. When the file is now invalid, offers to edit it
    /// again or to put back what it was.
    public func editorFinished(_ outcome: EditorOutcome) {
        let failure = outcome.failure
        if let failure, (try? String(contentsOfFile: workspacePath, encoding: .utf8)) == editorBackup {
            say("\(failure): \(fileName) unchanged, nothing reloaded", .failure, seconds: 10)
            return
        }
        reload()
        guard let error = reloadError, let backup = editorBackup else {
            if let failure {
                say("\(failure) after changing \(fileName): reloaded it as written", .warning, seconds: 10)
            } else {
                say("reloaded \(fileName)", .success)
            }
            return
        }
        var lines: [StyledLine] = [StyledLine(error.description, .failure), ""]
        lines.append(StyledLine("The last good definitions stay in use until the file is fixed.", .dim))
        lines.append("")
        lines.append(StyledLine.build { $0.append("e    ", .hintKey); $0.append("edit the file again") })
        lines.append(StyledLine.build { $0.append("d    ", .hintKey); $0.append("discard your changes: restore the file as it was") })
        lines.append(StyledLine.build { $0.append("Esc  ", .hintKey); $0.append("keep the file as it is") })
        open(TextOverlay(TextPanel(title: "\(fileName) is not valid", lines: lines, kind: .invalidEdit(previousText: backup))))
    }

    // MARK: - curl

    /// `C`: the selected request as a curl command, shown (secrets hidden) and copied.
    func copySelectedAsCurl() {
        guard let name = selectedRequestName, let definition = effectiveDefinition(of: name) else {
            say("select a request to copy it as curl", .warning)
            return
        }
        do {
            let request = session.makeRequest(definition)
            let command = try CurlExport.command(for: request)
            let hidden = session.scope.redact(try CurlExport.command(for: request, hidingSecrets: true))
            effects.append(.copyToClipboard(command))
            open(TextOverlay(TextPanel(title: "\(name) as curl — copied to the clipboard", lines: [],
                                       kind: .curl(command: command, hidden: hidden))))
        } catch {
            say("cannot export \(name): \(error.message)", .failure)
        }
    }

    /// A pasted or typed curl command becomes a new request in the file.
    func importCurl(_ command: String) -> String? {
        let name = uniqueName("imported")
        do {
            let yaml = try CurlImport.yaml(from: command, name: name)
            guard write([.add(name: name, yaml: yaml)], done: "imported \(name) into \(fileName)") else { return "not saved" }
            panes.requests.select(.request(name))
            return nil
        } catch {
            return error.description
        }
    }

    /// `base`, or `base-2`, `base-3`… whichever no request, batch or chain uses.
    func uniqueName(_ base: String) -> String {
        let taken = Set(workspace.targetNames)
        guard taken.contains(base) else { return base }
        return (2...).lazy.map { "\(base)-\($0)" }.first { !taken.contains($0) }!
    }

    // MARK: - Environments

    func openEnvironmentPicker() {
        guard !workspace.environmentNames.isEmpty else {
            say("\(fileName) defines no environments", .info)
            return
        }
        open(EnvironmentPicker(names: workspace.environmentNames, current: environment))
    }

    /// Switches to another environment (nil: the variables alone); requests in flight finish
    /// with the old one.
    func switchEnvironment(to name: String?) {
        do {
            session = try EngineSession(workspace: workspace, environment: name, settings: settings, hud: hud, mailbox: mailbox,
                                        replacing: session)
            environment = name
            cacheMarkers.removeAll()
            say("environment: \(name ?? "none")", .success)
        } catch {
            say(error.description, .failure)
        }
    }
}
