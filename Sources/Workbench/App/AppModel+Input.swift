import CourierWorkspace
import Foundation

extension AppModel {
    /// Keys while a line is typed in the Exchange pane: a body search or JSON path, a composer
    /// field. Returns false when nothing is being typed.
    func handleTyping(_ key: Key) -> Bool {
        switch mode {
        case .normal:
            return false
        case .field(let edit):
            handleFieldKey(key, edit: edit)
        case .bodySearch(var editor):
            switch editor.handle(key) {
            case .editing, .passed: mode = .bodySearch(editor)
            case .committed:
                mode = .normal
                searchBody(editor.text)
            case .cancelled: mode = .normal
            }
        case .bodyFilter(var editor):
            switch editor.handle(key) {
            case .editing, .passed: mode = .bodyFilter(editor)
            case .committed:
                mode = .normal
                updateViewer { $0.applyFilter(editor.text) }
            case .cancelled: mode = .normal
            }
        }
        return true
    }

    /// Text pasted while nothing is being typed: a curl command becomes a new request.
    func handlePaste(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("curl ") else {
            say("paste a curl command to make a request of it, or edit a field first (Enter)", .info)
            return
        }
        var editor = LineEditor()
        editor.insert(trimmed)
        overlay = .prompt(Prompt(title: "Paste a curl command", editor: editor, purpose: .importCurl))
        submitPrompt()
    }

    /// Arrows, pages, top and bottom in the focused pane.
    func move(_ action: Action) {
        let page = max(1, contentHeight(of: focus) - 1)
        let step: Int? = switch action {
        case .up: -1
        case .down: 1
        case .pageUp: -page
        case .pageDown: page
        case .halfPageUp: -max(1, page / 2)
        case .halfPageDown: max(1, page / 2)
        default: nil
        }
        switch (focus, section) {
        case (.requests, _), (.inFlight, _), (.cache, _), (.runs, _), (.events, _):
            carryOut(focusedComponent?.perform(action, context: context(for: focus)) ?? [])
        case (.exchange, .composer):
            switch action {
            case .left: switchTab(by: -1)
            case .right: switchTab(by: 1)
            case .top: composer.row = 0
            case .bottom: composer.row = composerRowCount - 1
            default:
                if composerRowCount > 1 {
                    composer.row = min(composerRowCount - 1, max(0, composer.row + (step ?? 0)))
                } else {
                    composer.scroll = max(0, composer.scroll + (step ?? 0))
                }
            }
        case (.exchange, .response):
            if responseTab == .history, historyTab.opened == nil, historyTab.diff == nil {
                moveHistorySelection(action, step: step ?? 0)
                return
            }
            guard responseTab == .body || (responseTab == .history && historyTab.opened != nil) else {
                responseScroll = action == .top ? 0 : max(0, responseScroll + (action == .bottom ? 10_000 : step ?? 0))
                return
            }
            updateViewer { viewer in
                switch action {
                case .left: viewer.scrollHorizontally(by: -8)
                case .right: viewer.scrollHorizontally(by: 8)
                case .top: viewer.moveToTop()
                case .bottom: viewer.moveToBottom()
                default: viewer.moveCursor(by: step ?? 0)
                }
            }
        }
    }

    /// Another request is selected: the composer starts at its URL line.
    func selectionChanged() {
        inspection = nil
        cacheVerdictIsStale = true
        if responseTab == .history { loadHistory() }
        composer.row = min(composer.row, composerRowCount - 1)
        composer.scroll = 0
        responseScroll = 0
    }

    /// A click focuses the pane under it and selects the row; the wheel scrolls.
    func handleMouse(_ event: MouseEvent) {
        let layout = ScreenLayout(size: size, focus: focus, zoomed: isZoomed)
        if layout.mode == .tabs, event.row == 0, event.kind == .press {
            if let pane = tabHits.first(where: { $0.columns.contains(event.column) })?.pane { focus = pane }
            return
        }
        guard let pane = layout.pane(atRow: event.row, column: event.column), let rect = layout.rects[pane] else { return }
        if pane == .exchange {
            let parts = exchangeParts(in: rect)
            section = parts.response.contains(row: event.row, column: event.column) ? .response : .composer
        }
        focus = pane
        switch event.kind {
        case .wheelUp: move(.up); move(.up); move(.up)
        case .wheelDown: move(.down); move(.down); move(.down)
        case .press:
            if let component = panes.component(pane) {
                carryOut(component.click(contentRow: event.row - rect.row - 1, context: context(for: pane)))
            }
        }
    }
}
