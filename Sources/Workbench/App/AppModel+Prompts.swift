import CourierWorkspace
import Courier
import Foundation

/// The questions the shell asks for the workspace — a name, a path — and what it does with the
/// answers.
extension AppModel {
    func promptDuplicate() {
        guard case .request(let name)? = tree.selectedNode else {
            say("D duplicates a request: select one in the Requests list", .warning)
            return
        }
        open(PromptOverlay(Prompt(title: "Name of the copy of \(name)", editor: LineEditor(uniqueName("\(name)-copy")), purpose: .duplicate(request: name))))
    }

    func promptRename() {
        guard case .request(let name)? = tree.selectedNode else {
            say("r renames a request: select one in the Requests list", .warning)
            return
        }
        open(PromptOverlay(Prompt(title: "New name for \(name)", editor: LineEditor(name), purpose: .rename(request: name))))
    }

    func confirmDelete() {
        guard case .request(let name)? = tree.selectedNode else {
            say("d deletes a request: select one in the Requests list", .warning)
            return
        }
        open(ConfirmOverlay(Confirmation(message: "Delete \(name) from \(fileName)?", consequence: .delete(request: name))))
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
        open(PromptOverlay(Prompt(title: "Save the body of \(exchange.name) to", editor: LineEditor(exchange.name + suffix),
                                  purpose: .saveBody(exchange: exchange.id))))
    }

    /// Enter in a prompt: does what it asked for — the shell's own prompts here, a pane's by
    /// that pane — or says why it cannot.
    func answer(_ purpose: Prompt.Purpose, text: String) -> PromptAnswer {
        let problem: String?
        switch purpose {
        case .pane(let id, let purpose): return panes.component(id).answer(purpose, text: text, context: context(for: id))
        case .importCurl: problem = importCurl(text)
        case .newRequest: problem = addRequest(named: text, definition: nil)
        case .duplicate(let original): problem = addRequest(named: text, definition: effectiveDefinition(of: original))
        case .rename(let original): problem = rename(original, to: text)
        case .saveBody(let id): problem = saveBody(of: id, to: text)
        case .exportHAR(let runID): problem = exportHAR(runID: runID, to: text)
        }
        return problem.map(PromptAnswer.refused) ?? .done([])
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
