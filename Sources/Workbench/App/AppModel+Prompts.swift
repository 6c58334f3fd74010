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
        if case .pane(let id, let purpose) = purpose { return panes.component(id).answer(purpose, text: text, context: context(for: id)) }
        return session.answer(purpose, text: text).map(PromptAnswer.refused) ?? .done([])
    }
}
