import CourierWorkspace

/// The line a message to an open session (a WebSocket's) is typed on, and the messages sent
/// from it, as a shell keeps its history: the newest last, at most ``historyLimit``, the same
/// message twice in a row kept once. ↑ walks back from the line being typed, ↓ forward and,
/// past the newest, back to what was being typed.
struct MessageLine: Sendable {
    /// The most messages remembered.
    static let historyLimit = 100

    var editor = LineEditor()
    /// The messages sent, oldest first.
    private(set) var history: [String] = []
    /// While walking the history: the index of the message on the line.
    private var recalled: Int?
    /// What was being typed when the walk began, given back at its end.
    private var draft = ""

    /// What is typed.
    var text: String { editor.text }

    /// ↑ (`older`) or ↓: the previous or next message sent on the line. False when there is
    /// none that way (the line stays as it is).
    @discardableResult
    mutating func recall(older: Bool) -> Bool {
        if older {
            guard !history.isEmpty, recalled != 0 else { return false }
            if recalled == nil { draft = editor.text }
            let index = (recalled ?? history.count) - 1
            recalled = index
            editor = LineEditor(history[index])
        } else {
            guard let index = recalled else { return false }
            if index + 1 < history.count {
                recalled = index + 1
                editor = LineEditor(history[index + 1])
            } else {
                recalled = nil
                editor = LineEditor(draft)
            }
        }
        return true
    }

    /// The line's message was sent: it joins the history and the line is empty again.
    mutating func sent() {
        let text = editor.text
        if history.last != text { history.append(text) }
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
        editor = LineEditor()
        recalled = nil
        draft = ""
    }
}
