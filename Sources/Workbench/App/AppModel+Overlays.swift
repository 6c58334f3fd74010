import CourierWorkspace
import Courier
import Foundation

/// The shell's side of the windows over the panes (``Overlay``): the stack of open ones, the
/// keys they take, and what their answers do.
extension AppModel {
    /// The window on top, which takes every key.
    var overlay: (any Overlay)? { overlays.top }

    /// What an overlay reads of the workbench: the whole screen is its room.
    func overlayContext(now: Date = Date()) -> PaneContext {
        var context = context(for: focus, now: now)
        context.rect = Rect(row: 0, column: 0, width: size.columns, height: size.rows)
        context.isFocused = true
        return context
    }

    /// Every key while a window is open goes to the top one: raw while it types a line, else
    /// as the action its scopes give the key.
    func handleOverlayKey(_ key: Key, now: Date) {
        guard let top = overlay else { return }
        let context = overlayContext(now: now)
        if top.isTyping {
            carryOut(top.type(key, context: context), from: top)
        } else if let action = top.action(for: key) {
            carryOut(top.perform(action, context: context), from: top)
        }
    }

    /// A window's question was answered yes (called while its work is carried out, which
    /// takes the session's notices after).
    func confirmed(_ consequence: Confirmation.Consequence) {
        switch consequence {
        case .quit:
            wantsToQuit = true
        case .delete(let name): session.delete(name)
        case .cancelAll: session.cancelAllConfirmed()
        case .pane(let id, let question):
            carryOut(panes.component(id).confirmed(question, context: context(for: id)))
        case .restoreFile(let text): session.restoreFile(text)
        }
    }
}
