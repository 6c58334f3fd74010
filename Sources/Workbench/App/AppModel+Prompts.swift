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
        open(PromptOverlay(Prompt(title: "Name of the copy of \(name)", editor: LineEditor(session.uniqueName("\(name)-copy")), purpose: .duplicate(request: name))))
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
        open(ConfirmOverlay(Confirmation(message: "Delete \(name) from \(session.fileName)?", consequence: .delete(request: name))))
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

    /// Enter in a prompt: does what it asked for — the shell's own prompts by the session, a
    /// pane's by that pane — or says why it cannot.
    func answer(_ purpose: Prompt.Purpose, text: String) -> PromptAnswer {
        let problem: String?
        switch purpose {
        case .pane(let id, let purpose): return panes.component(id).answer(purpose, text: text, context: context(for: id))
        case .importCurl: problem = session.importCurl(text)
        case .newRequest: problem = session.addRequest(named: text, definition: nil)
        case .duplicate(let original): problem = session.addRequest(named: text, definition: session.effectiveDefinition(of: original))
        case .rename(let original): problem = session.rename(original, to: text)
        case .saveBody(let id): problem = session.saveBody(of: id, to: text)
        case .exportHAR(let runID): problem = session.exportHAR(runID: runID, to: text)
        }
        takeSessionNotices()
        return problem.map(PromptAnswer.refused) ?? .done([])
    }
}
