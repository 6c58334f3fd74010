/// The status line's key hints, lazygit style: what the keys do now, from the key table
/// (rebound keys included) — a typed line's keys while one is typed, a window's while one is
/// open, else the focused pane's, leaving out those it says do not apply to what is selected.
enum KeyHints {
    static func line(focused component: any Pane, overlayOpen: Bool) -> StyledLine {
        let hints: [(key: String, label: String)]
        if let typing = component.typingHints {
            hints = typing.actions.compactMap { KeyMap.hint($0, in: typing.scope) }
        } else if overlayOpen {
            hints = [KeyMap.hint(.closeWindow, in: .window)].compactMap { $0 }
        } else {
            hints = KeyMap.hints(for: component.scope) { component.disabledReason(for: $0) == nil }
        }
        var line = StyledLine()
        for hint in hints {
            line.append(hint.key, .hintKey)
            line.append(" \(hint.label)  ", .hintText)
        }
        return line
    }
}
