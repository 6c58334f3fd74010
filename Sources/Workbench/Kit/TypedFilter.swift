import CourierWorkspace

/// The filter a list pane types on its first row (`f`, `/` in Requests): a line editor while
/// it is typed, then the text it applies, until Esc clears it.
struct TypedFilter {
    /// What a key did to the filter.
    enum Outcome {
        /// The text changed: apply it.
        case changed(String)
        /// Enter: the filter stays, typing ends.
        case committed
        /// Esc: the filter is cleared and typing ends.
        case cancelled
        /// A moving key, for the list under the filter.
        case move(Action)
        case ignored
    }

    private(set) var editor: LineEditor?
    private(set) var text = ""
    /// What the row starts with: ` f ` or `/ `.
    private let label: String

    init(mark: String = "f") {
        label = mark == "/" ? "/ " : " \(mark) "
    }

    var isTyping: Bool { editor != nil }

    /// Starts typing a new filter.
    mutating func begin() -> Outcome {
        editor = LineEditor()
        text = ""
        return .changed("")
    }

    /// Clears an applied filter; false when there was none.
    mutating func clear() -> Bool {
        guard !text.isEmpty else { return false }
        text = ""
        return true
    }

    /// A key while typing; `width` is the room the field has, to keep its cursor in view.
    mutating func handle(_ key: Key, width: Int) -> Outcome {
        guard var editor else { return .ignored }
        defer { if self.editor != nil { _ = editor.view(width: max(2, width - label.count)); self.editor = editor } }
        switch editor.handle(key) {
        case .editing:
            text = editor.text
            return .changed(text)
        case .committed:
            self.editor = nil
            return .committed
        case .cancelled:
            self.editor = nil
            text = ""
            return .cancelled
        case .passed(let other):
            if let action = KeyMap.action(for: other, in: .list), [.up, .down, .pageUp, .pageDown, .top, .bottom].contains(action) {
                return .move(action)
            }
            return .ignored
        }
    }

    /// The filter's row at `row` of `content`: the field with the cursor while typed, the
    /// text with "Esc clears" after (`applied`, when the list keeps it); nil without a filter.
    func line(in content: Rect, row: Int, applied: String? = nil) -> (line: StyledLine, cursor: Frame.Cursor?)? {
        if var editor {
            let view = editor.view(width: max(2, content.width - label.count))
            return (StyledLine([Span(label, .accent)] + view.line.spans),
                    Frame.Cursor(row: content.row + row, column: content.column + label.count + view.cursorColumn))
        }
        let text = applied ?? self.text
        guard !text.isEmpty else { return nil }
        return (StyledLine.build { line in
            line.append(label, .accent)
            line.append(text, .strong)
            line.append("  Esc clears", .dim)
        }, nil)
    }
}
