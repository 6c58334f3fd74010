import CourierWorkspace

extension AppModel {
    /// `f` in the In flight, Cache and Events panes: a filter typed at the top of the pane.
    func beginPaneFilter() {
        guard [.inFlight, .cache, .events].contains(focus) else { return }
        setPaneFilter(focus, "")
        mode = .paneFilter(focus, LineEditor())
    }

    func setPaneFilter(_ pane: PaneID, _ text: String) {
        switch pane {
        case .inFlight: inFlight.setFilter(text)
        case .cache: cacheBrowser.setFilter(text)
        case .events: eventLog.setFilter(text)
        default: break
        }
    }

    /// The filter line of a pane while it is typed (with the cursor) or while it applies;
    /// nil without a filter. `offset` is the content row it goes on.
    func paneFilterLine(_ pane: PaneID, text: String, at content: Rect, offset: Int = 0, frame: inout Frame) -> StyledLine? {
        if case .paneFilter(let typed, var editor) = mode, typed == pane {
            let view = editor.view(width: max(2, content.width - 3))
            mode = .paneFilter(pane, editor)
            frame.cursor = Frame.Cursor(row: content.row + offset, column: content.column + 3 + view.cursorColumn)
            return StyledLine([Span(" f ", .accent)] + view.line.spans)
        }
        guard !text.isEmpty else { return nil }
        return StyledLine.build { line in
            line.append(" f ", .accent)
            line.append(text, .strong)
            line.append("  Esc clears", .dim)
        }
    }
}
