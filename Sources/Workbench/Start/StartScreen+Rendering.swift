import CourierWorkspace
import Foundation

extension StartScreen {
    /// The screen as a ``Frame``: one box the size of the terminal, the status line's keys.
    /// Reads state and `now` only.
    package func frame(now: Date) -> Frame {
        var frame = Frame(size: size)
        guard size.columns >= 30, size.rows >= 8 else {
            frame.tooSmallMessage = "Courier: make the terminal bigger (q quits)"
            return frame
        }
        let rect = Rect(row: 0, column: 0, width: size.columns, height: size.rows - 1)
        let width = rect.inner.width - 2
        var lines: [StyledLine] = [StyledLine(), line("Welcome to Courier, a terminal HTTP workbench.", .strong),
                                   line(fitted("No workspace in \(shortened(setup.directory)): open a recent one, or choose below.",
                                               width), .dim), StyledLine()]
        let below = lowerPart(width: width)
        let room = max(1, rect.inner.height - lines.count - below.lines.count - 2)
        lines.append(line("Recent workspaces", .title))
        lines += recentRows(width: width, room: room, now: now)
        lines.append(StyledLine())
        let cursorRow = below.cursorRow.map { $0 + lines.count }
        lines += below.lines
        if let notice {
            lines.append(StyledLine())
            lines.append(line(fitted(notice, width), .warning))
        }
        frame.panes = [PaneFrame(pane: nil, rect: rect, title: StyledLine(" Courier · start ", .titleFocused), isFocused: true,
                                 lines: lines)]
        if let cursorRow, let column = below.cursorColumn {
            frame.cursor = Frame.Cursor(row: rect.inner.row + cursorRow, column: rect.inner.column + 1 + column)
        }
        frame.statusLine = hints
        return frame
    }

    /// A content line with a one-column margin.
    private func line(_ text: String, _ style: Style = .plain, highlight: RowHighlight = .none) -> StyledLine {
        StyledLine([Span(" " + text, style)], highlight: highlight)
    }

    private func fitted(_ text: String, _ width: Int) -> String {
        DisplayWidth.of(text) <= width ? text : String(DisplayWidth.prefix(of: Substring(text), fitting: max(1, width - 1)).text) + "…"
    }

    /// The recent workspaces in at most `room` rows, the selected one among them.
    private func recentRows(width: Int, room: Int, now: Date) -> [StyledLine] {
        guard !setup.recent.isEmpty else {
            return [line("  none yet — the workspaces you open are listed here", .dim)]
        }
        let first = min(max(0, selected - room + 1), max(0, setup.recent.count - room))
        let shown = setup.recent[first..<min(setup.recent.count, first + room)]
        let ageWidth = 12
        return zip(shown.indices, shown).map { index, entry in
            let missing = setup.missing.contains(entry.path)
            let suffix = missing ? "  (missing)" : ""
            let nameWidth = max(8, width - ageWidth - 4)
            // Cut in the middle: a path's end (the folder and file) is what tells them apart.
            let shownName = DisplayWidth.middleTruncated(shortened(entry.path), to: max(4, nameWidth - DisplayWidth.of(suffix))) + suffix
            let padding = String(repeating: " ", count: max(1, nameWidth - DisplayWidth.of(shownName) + 1))
            let age = Self.age(of: entry.opened, now: now)
            let marker = index == selected ? "> " : "  "
            return StyledLine([Span(" " + marker + shownName + padding, missing ? .dim : .plain),
                               Span(age, .dim)],
                              highlight: index == selected && mode == .browsing ? .selected : .none)
        }
    }

    /// The actions, or the base URL prompt, or the question, or the keys; the row and column
    /// of the typing cursor when there is one.
    private func lowerPart(width: Int) -> (lines: [StyledLine], cursorRow: Int?, cursorColumn: Int?) {
        switch mode {
        case .browsing:
            return ([action("Enter", "open the selected workspace"),
                     action("i", "start a workspace here: courier.yaml for your API's base URL"),
                     action("d", "open the demo: every feature, against a built-in server"),
                     action("q", "quit"), action("?", "help")], nil, nil)
        case .askingBaseURL(var editor, let problem):
            let label = " Base URL of your API: "
            let field = editor.view(width: max(10, width - DisplayWidth.of(label)))
            var prompt = StyledLine(label, .strong)
            prompt.append(field.line)
            var lines = [line(fitted("Start a workspace in \(shortened(setup.directory))", width), .title), prompt,
                         line("Enter writes courier.yaml here and opens it · Esc goes back", .dim)]
            if let problem { lines.append(line(fitted(problem, width), .failure)) }
            return (lines, 1, DisplayWidth.of(label) - 1 + field.cursorColumn)
        case .workspaceHere:
            return ([line(fitted("There is a courier.yaml here already (\(shortened(workspaceHere))).", width), .warning),
                     action("Enter", "open it"), action("Esc", "go back")], nil, nil)
        case .help:
            return ([line("Keys on this screen", .title),
                     action("↑ ↓  j k", "choose a recent workspace"), action("Enter", "open it (a missing one cannot be opened)"),
                     action("i", "write courier.yaml here (asks for the base URL), open it"),
                     action("d", "open the demo workspace"), action("q", "quit"),
                     line(fitted("From the shell: courier init DIR --base-url URL", width), .dim),
                     line(fitted("In the workbench, ? lists every key.", width), .dim),
                     line("Any key goes back.", .dim)], nil, nil)
        }
    }

    private func action(_ key: String, _ text: String) -> StyledLine {
        StyledLine([Span(" " + key.padding(toLength: max(key.count, 9), withPad: " ", startingAt: 0), .hintKey),
                    Span(text, .plain)])
    }

    private var hints: StyledLine {
        var line = StyledLine()
        let pairs: [(String, String)] = switch mode {
        case .browsing: [("Enter", "open"), ("i", "init here"), ("d", "demo"), ("q", "quit"), ("?", "help")]
        case .askingBaseURL: [("Enter", "write and open"), ("Esc", "back")]
        case .workspaceHere: [("Enter", "open it"), ("Esc", "back")]
        case .help: [("any key", "back")]
        }
        for (key, text) in pairs {
            line.append(" " + key, .hintKey)
            line.append(" " + text + " ", .hintText)
        }
        return line
    }
}
