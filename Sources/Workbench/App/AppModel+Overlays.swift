import CourierWorkspace
import Courier
import Foundation

extension AppModel {
    /// Every key while an overlay is open, by the key table: the overlay's own scope (a
    /// question's, a picker's, a line's), then what every window takes (close).
    func handleOverlayKey(_ key: Key) {
        guard let overlay else { return }
        let windowAction = KeyMap.ownAction(for: key, in: .window)
        switch overlay {
        case .help(let scroll):
            if windowAction == .closeWindow || KeyMap.ownAction(for: key, in: .global) == .help {
                self.overlay = nil
            } else if let scroll = scrolled(scroll, by: key) {
                self.overlay = .help(scroll: scroll)
            }
        case .variables(let scroll):
            if windowAction == .closeWindow { self.overlay = nil }
            if windowAction == .revealSecrets { perform(.revealSecrets) }
            if let scroll = scrolled(scroll, by: key) { self.overlay = .variables(scroll: scroll) }
        case .environments(let selection):
            let count = workspace.environmentNames.count + 1
            let action = KeyMap.ownAction(for: key, in: .picker)
            if action == .chooseItem {
                self.overlay = nil
                switchEnvironment(to: selection == 0 ? nil : workspace.environmentNames[selection - 1])
            } else if windowAction == .closeWindow {
                self.overlay = nil
            } else if let moved = scrolled(selection, by: key) {
                self.overlay = .environments(selection: min(count - 1, moved))
            }
        case .confirm(let confirmation):
            // The quit keys answer yes to "quit anyway?", as pressing them twice would.
            let quitAgain = confirmation.consequence == .quit && KeyMap.ownAction(for: key, in: .global) == .quit && key != .character("q")
            switch KeyMap.ownAction(for: key, in: .question) {
            case .answerYes?:
                self.overlay = nil
                confirmed(confirmation.consequence)
            case .answerNo?:
                self.overlay = nil
            default:
                if quitAgain {
                    self.overlay = nil
                    confirmed(confirmation.consequence)
                } else if windowAction == .closeWindow {
                    self.overlay = nil
                }
            }
        case .palette(var state):
            handlePaletteKey(key, state: &state)
        case .prompt(var prompt):
            switch prompt.editor.handle(key) {
            case .committed: submitPrompt()
            case .cancelled: self.overlay = nil
            case .editing, .passed:
                prompt.error = nil
                self.overlay = .prompt(prompt)
            }
        case .text(var panel):
            handleTextPanelKey(key, panel: &panel)
        }
    }

    /// A scroll position moved by a movement key, or nil when the key is not one.
    private func scrolled(_ position: Int, by key: Key) -> Int? {
        switch KeyMap.action(for: key, in: .list) {
        case .up?: return max(0, position - 1)
        case .down?: return position + 1
        case .pageUp?, .halfPageUp?: return max(0, position - 10)
        case .pageDown?, .halfPageDown?: return position + 10
        case .top?: return 0
        case .bottom?: return 10_000
        default: return nil
        }
    }

    private func handlePaletteKey(_ key: Key, state: inout PaletteState) {
        let items = PaletteItem.matching(state.editor.text, in: workspace)
        if KeyMap.ownAction(for: key, in: .typing) == .cancelLine {
            overlay = nil
            return
        }
        switch KeyMap.ownAction(for: key, in: .picker) {
        case .previousItem?: state.selection = max(0, state.selection - 1)
        case .nextItem?: state.selection = min(max(0, items.count - 1), state.selection + 1)
        case .chooseItem?:
            overlay = nil
            guard items.indices.contains(state.selection) else { return }
            switch items[state.selection].target {
            case .action(let action): perform(action)
            case .node(let node):
                panes.requests.reveal(node)
                focus = .requests
                selectionChanged()
            }
            return
        default:
            _ = state.editor.handle(key)
            state.selection = 0
        }
        overlay = .palette(state)
    }

    private func handleTextPanelKey(_ key: Key, panel: inout TextPanel) {
        switch (panel.kind, KeyMap.ownAction(for: key, in: .window)) {
        case (.curl(let command, let hidden), .revealSecrets?):
            revealsSecrets.toggle()
            panel.lines = curlLines(command, hidden: hidden)
        case (.invalidEdit, .editInEditor?):
            overlay = nil
            effects.append(.openEditor(path: workspacePath, line: reloadError?.location?.line ?? 1))
            return
        case (.invalidEdit(let previous), .restoreFile?):
            overlay = nil
            confirmed(.restoreFile(text: previous))
            return
        case (.editConflict(let name), _) where KeyMap.ownAction(for: key, in: .conflict) != nil:
            resolveConflict(KeyMap.ownAction(for: key, in: .conflict)!, of: name)
            return
        case (_, .closeWindow?):
            overlay = nil
            return
        default:
            if let scroll = scrolled(panel.scroll, by: key) { panel.scroll = scroll }
        }
        overlay = .text(panel)
    }

    private func confirmed(_ consequence: Confirmation.Consequence) {
        switch consequence {
        case .quit:
            wantsToQuit = true
        case .delete(let name):
            if write([.delete(name: name)], done: "deleted \(name) from \(fileName)") { drafts[name] = nil }
        case .cancelAll:
            let count = panes.inFlight.table.live.count
            inFlightAgents.forEach { $0.cancelAll() }
            say("cancelled \(count) request\(count == 1 ? "" : "s")", .warning)
        case .purgeCache:
            carryOut(panes.cache.purge(all: true))
        case .restoreFile(let text):
            do {
                try WorkspaceWriter.write(text, to: workspacePath)
                reload()
                say("restored \(fileName) as it was before the editor", .success)
            } catch {
                say("cannot restore \(fileName): \(error.localizedDescription)", .failure)
            }
        }
    }

    // MARK: - Prompts

    func promptDuplicate() {
        guard case .request(let name)? = tree.selectedNode else {
            say("D duplicates a request: select one in the Requests list", .warning)
            return
        }
        overlay = .prompt(Prompt(title: "Name of the copy of \(name)", editor: LineEditor(uniqueName("\(name)-copy")), purpose: .duplicate(request: name)))
    }

    func promptRename() {
        guard case .request(let name)? = tree.selectedNode else {
            say("r renames a request: select one in the Requests list", .warning)
            return
        }
        overlay = .prompt(Prompt(title: "New name for \(name)", editor: LineEditor(name), purpose: .rename(request: name)))
    }

    func confirmDelete() {
        guard case .request(let name)? = tree.selectedNode else {
            say("d deletes a request: select one in the Requests list", .warning)
            return
        }
        overlay = .confirm(Confirmation(message: "Delete \(name) from \(fileName)?", consequence: .delete(request: name)))
    }

    func promptSaveBody() {
        guard let exchange = selectedExchange, exchange.request.responseData != nil else {
            say("no response body to save", .warning)
            return
        }
        let suffix: String = switch exchange.body?.kind {
        case .json?: ".json"
        case .xml?: ".xml"
        case .html?: ".html"
        case .text?: ".txt"
        default: ".bin"
        }
        overlay = .prompt(Prompt(title: "Save the body of \(exchange.name) to", editor: LineEditor(exchange.name + suffix),
                                 purpose: .saveBody(exchange: exchange.id)))
    }

    /// Enter in a prompt: does what it asked for, or keeps it open with the reason it cannot.
    func submitPrompt() {
        guard case .prompt(var prompt)? = overlay else { return }
        let text = prompt.editor.text.trimmingCharacters(in: .whitespaces)
        let problem: String?
        switch prompt.purpose {
        case .importCurl:
            problem = importCurl(text)
        case .newRequest:
            problem = addRequest(named: text, definition: nil)
        case .duplicate(let original):
            problem = addRequest(named: text, definition: effectiveDefinition(of: original))
        case .rename(let original):
            problem = rename(original, to: text)
        case .saveBody(let id):
            problem = saveBody(of: id, to: text)
        case .exportHAR(let runID):
            problem = exportHAR(runID: runID, to: text)
        }
        if let problem {
            prompt.error = problem
            overlay = .prompt(prompt)
        } else if case .prompt? = overlay {
            overlay = nil
        }
    }

    private func addRequest(named name: String, definition: RequestDefinition?) -> String? {
        if let problem = nameProblem(name) { return problem }
        var definition = definition ?? RequestDefinition(name: name, location: SourceLocation(file: workspacePath, line: 1, column: 1))
        if definition.url.isEmpty { definition.url = "/get" }
        guard write([.add(name: name, yaml: RequestYAML.block(for: definition, name: name))], done: "added \(name) to \(fileName)") else {
            return "not saved"
        }
        panes.requests.select(.request(name))
        selectionChanged()
        return nil
    }

    private func rename(_ original: String, to name: String) -> String? {
        guard name != original else { return nil }
        if let problem = nameProblem(name) { return problem }
        guard var draft = draft(of: original) else { return "no request \(original)" }
        draft.name = name
        guard write([.update(original: original, draft: draft)], done: "renamed \(original) to \(name)") else { return "not saved" }
        drafts[original] = nil
        panes.requests.select(.request(name))
        return nil
    }

    private func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "a name is needed" }
        if workspace.targetNames.contains(name) { return "\(name) is already used" }
        if !name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) { return "use letters, digits, - _ and ." }
        return nil
    }

    private func saveBody(of id: Int, to path: String) -> String? {
        guard let exchange = exchangesByRequest.values.first(where: { $0.id == id }), let data = exchange.request.responseData else {
            return "the response is gone"
        }
        let expanded: String
        switch Self.newFilePath(path) {
        case .success(let path): expanded = path
        case .failure(let problem): return problem.reason
        }
        guard FileManager.default.createFile(atPath: expanded, contents: data, attributes: [.posixPermissions: 0o600]) else {
            return "cannot write \(path)"
        }
        say("saved \(data.count) bytes to \(path)", .success)
        return nil
    }

    /// Why a path typed into a prompt cannot take a new file.
    struct PathProblem: Error {
        let reason: String
    }

    /// A path typed into a prompt (`~/` expanded) for a file that must not exist yet.
    static func newFilePath(_ typed: String) -> Result<String, PathProblem> {
        let expanded = typed.hasPrefix("~/") ? NSHomeDirectory() + typed.dropFirst() : typed
        guard !expanded.isEmpty else { return .failure(PathProblem(reason: "a path is needed")) }
        if FileManager.default.fileExists(atPath: expanded) {
            return .failure(PathProblem(reason: "\(typed) exists; choose another name"))
        }
        return .success(expanded)
    }
}
