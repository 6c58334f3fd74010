import CourierWorkspace
import Courier
import Foundation

/// What the shell does with the answers to prompts: the workspace's by the session (the panes
/// ask: a copy's name, a new name, where to save a body), a pane's own by that pane.
extension AppModel {
    /// Enter in a prompt: does what it asked for — the shell's own prompts by the session, a
    /// pane's by that pane — or says why it cannot (called while the prompt's work is carried
    /// out, which takes the session's notices after).
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
        return problem.map(PromptAnswer.refused) ?? .done([])
    }
}
