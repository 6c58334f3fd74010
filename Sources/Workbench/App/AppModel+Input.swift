import CourierWorkspace
import Foundation

extension AppModel {
    /// Text pasted while nothing is being typed: a curl command becomes a new request.
    func handlePaste(_ text: String) {
        defer { takeSessionNotices() }
        if let mend = session.pasted(text) { overlays.open(PromptOverlay(mend)) }
    }

    /// Arrows, pages, top and bottom in the focused pane (the wheel, a typed filter's moves).
    func move(_ action: Action) {
        carryOut(focusedComponent.perform(action, context: context(for: focus)))
    }

    /// Another request is selected: the composer starts at its URL line.
    func selectionChanged() {
        session.judgementsAreStale = true
        let contextOf = paneContexts()
        for pane in panes.all { carryOut(pane.selectionChanged(context: contextOf(pane.id))) }
    }

    /// A click focuses the pane under it and selects the row; the wheel scrolls.
    func handleMouse(_ event: MouseEvent) {
        let layout = self.layout
        if layout.mode == .tabs, event.row == 0, event.kind == .press {
            if let pane = tabHits.first(where: { $0.columns.contains(event.column) })?.pane { focus = pane }
            return
        }
        guard let pane = layout.pane(atRow: event.row, column: event.column), let rect = layout.rects[pane] else { return }
        focus = pane
        // The wheel scrolls the part of a pane it is over (Exchange's composer or response).
        panes.component(pane).pointer(atRow: event.row, context: context(for: pane))
        switch event.kind {
        case .wheelUp: move(.up); move(.up); move(.up)
        case .wheelDown: move(.down); move(.down); move(.down)
        case .press:
            carryOut(panes.component(pane).click(contentRow: event.row - rect.row - 1, context: context(for: pane)))
        }
    }
}
