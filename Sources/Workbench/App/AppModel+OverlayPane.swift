import CourierWorkspace
import Courier
import Foundation

extension AppModel {
    /// The open overlay, centred over the panes.
    func overlayPane(_ overlay: Overlay, frame: inout Frame) -> PaneFrame {
        let width = min(size.columns - 4, preferredWidth(overlay))
        let inner = width - 2
        var title = ""
        var lines: [StyledLine] = []
        var footer: StyledLine?
        var cursorLine: (row: Int, column: Int)?
        switch overlay {
        case .help(let scroll):
            title = "Keys"
            lines = Array(helpLines(width: inner).dropFirst(scroll))
            footer = KeyMap.hintLine([(.closeWindow, .window)])
        case .palette(var state):
            title = "Command palette"
            let view = state.editor.view(width: inner - 2)
            lines.append(StyledLine([Span("> ", .accent)] + view.line.spans))
            cursorLine = (0, 2 + view.cursorColumn)
            let items = PaletteItem.matching(state.editor.text, in: workspace)
            let room = max(1, min(size.rows - 7, 16))
            let first = max(0, state.selection - room + 1)
            for (index, item) in items.enumerated().dropFirst(first).prefix(room) {
                var line = FuzzyMatch.highlighted(" " + item.title, positions: item.matched.map { $0 + 1 }, style: .plain)
                let detail = DisplayWidth.truncated(item.detail, to: max(0, inner - line.width - 3))
                line = line.padded(to: inner - DisplayWidth.of(detail) - 1)
                line.append(detail + " ", .dim)
                lines.append(line.highlighted(index == state.selection ? .selected : .none))
            }
            if items.isEmpty { lines.append(StyledLine(" nothing matches", .dim)) }
            footer = KeyMap.hintLine([(.chooseItem, .picker), (.previousItem, .picker), (.nextItem, .picker), (.cancelLine, .typing)])
        case .environments(let selection):
            title = "Environment"
            let names = ["(none: the variables alone)"] + workspace.environmentNames
            for (index, name) in names.enumerated() {
                let current = (index == 0 && environment == nil) || (index > 0 && workspace.environmentNames[index - 1] == environment)
                let line = StyledLine.build { $0.append(current ? " \(glyphs.bullet) " : "   ", .accent); $0.append(name) }
                lines.append(line.padded(to: inner).highlighted(index == selection ? .selected : .none))
            }
            footer = KeyMap.hintLine([(.chooseItem, .picker), (.closeWindow, .window)])
        case .variables(let scroll):
            title = "Variables"
            lines = Array(variableLines(width: inner).dropFirst(scroll))
            footer = KeyMap.hintLine([(.revealSecrets, .window), (.closeWindow, .window)])
        case .confirm(let confirmation):
            title = "Confirm"
            lines = Wrapping.lines(confirmation.message, width: inner - 2).map { StyledLine(" " + $0, .strong) }
            lines.append("")
            lines.append(StyledLine.build { line in
                for action in [Action.answerYes, .answerNo] {
                    guard let hint = KeyMap.hint(action, in: .question) else { continue }
                    line.append(" \(hint.key)", .hintKey)
                    line.append(" \(hint.label)   ", .hintText)
                }
            })
        case .prompt(var prompt):
            title = prompt.title
            let view = prompt.editor.view(width: inner - 2)
            lines.append(StyledLine([Span(" ")] + view.line.spans))
            cursorLine = (0, 1 + view.cursorColumn)
            if let error = prompt.error { lines.append(StyledLine(" \(error)", .failure)) }
            footer = KeyMap.hintLine([(.commitLine, .typing), (.cancelLine, .typing)])
        case .text(let panel):
            title = panel.title
            let wrapped = panel.lines.flatMap { line -> [StyledLine] in
                guard line.width > inner - 1 else { return [line] }
                // Wrapped lines keep the line's indent (a YAML line in the conflict's diff).
                let leading = line.text.prefix { $0 == " " }
                let indent = leading.isEmpty ? " " : String(leading)
                let pieces = Wrapping.lines(String(line.text.dropFirst(leading.count)), width: max(8, inner - 1 - indent.count))
                return pieces.map { StyledLine(indent + $0, line.spans.first?.style ?? .plain) }
            }
            lines = Array(wrapped.dropFirst(panel.scroll))
            footer = switch panel.kind {
            case .editConflict: conflictFooter
            case .curl: KeyMap.hintLine([(.revealSecrets, .window), (.closeWindow, .window)])
            case .invalidEdit: KeyMap.hintLine([(.editInEditor, .window), (.restoreFile, .window), (.closeWindow, .window)])
            }
        }
        let height = min(size.rows - 2, max(5, lines.count + 2))
        let rect = Rect(row: max(0, (size.rows - 1 - height) / 2), column: (size.columns - width) / 2, width: width, height: height)
        if let cursorLine {
            frame.cursor = Frame.Cursor(row: rect.row + 1 + cursorLine.row, column: rect.column + 1 + cursorLine.column)
        }
        return PaneFrame(pane: nil, rect: rect, title: StyledLine(title, .titleFocused), isFocused: true, lines: lines, footer: footer)
    }

    private func preferredWidth(_ overlay: Overlay) -> Int {
        switch overlay {
        case .help: return 112
        case .variables: return 90
        case .palette, .text: return 100
        case .environments, .confirm, .prompt: return 70
        }
    }

    /// Every binding, grouped by where it applies: in two columns when there is room.
    private func helpLines(width: Int) -> [StyledLine] {
        func section(_ scope: KeyMap.Scope, width: Int) -> [StyledLine] {
            var lines = [StyledLine(" \(scope.rawValue)", .strong)]
            for binding in KeyMap.bindings where binding.scope == scope {
                let keys = binding.keys.map(KeyMap.label(of:)).joined(separator: " ")
                lines.append(StyledLine.build { line in
                    line.append("  " + DisplayWidth.padded(keys, to: 12), .hintKey)
                    line.append(binding.action.title, .plain)
                }.truncated(to: width))
            }
            return lines + [""]
        }
        let notes = [StyledLine(" Typing also takes readline's keys (Ctrl-A E B F K U W Y).", .dim),
                     StyledLine(" Paste a curl command to make a request of it.", .dim)]
        guard width >= 96 else {
            return KeyMap.Scope.allCases.flatMap { section($0, width: width) } + notes
        }
        let half = (width - 1) / 2
        let left = [KeyMap.Scope.requests, .composer, .response, .inFlight, .cache, .runs, .events].flatMap { section($0, width: half) }
        let right = [KeyMap.Scope.list, .global, .conflict, .window, .question, .picker, .typing].flatMap { section($0, width: half) } + notes
        return (0..<max(left.count, right.count)).map { index in
            var line = (index < left.count ? left[index] : StyledLine()).padded(to: half + 1)
            if index < right.count { line.append(right[index]) }
            return line
        }
    }

    /// Every variable: its value (secrets hidden) and where it comes from.
    private func variableLines(width: Int) -> [StyledLine] {
        var sources: [(name: String, source: String)] = []
        for name in settings.overrides.keys.sorted() { sources.append((name, "--var")) }
        var captured: Set<String> = []
        for run in panes.runs.history.runs {
            for (name, _) in run.chainSnapshot?.values ?? [:] where !name.hasPrefix("status.") && !captured.contains(name) {
                captured.insert(name)
                sources.append((name, "capture (\(run.name))"))
            }
        }
        let environmentValues = environment.flatMap { workspace.environments[$0] } ?? [:]
        for name in environmentValues.keys.sorted() where settings.overrides[name] == nil {
            sources.append((name, "environment \(environment!)"))
        }
        for name in workspace.variables.keys.sorted() where settings.overrides[name] == nil && environmentValues[name] == nil {
            sources.append((name, "file"))
        }
        for name in Template.builtIns.sorted() { sources.append((name, "built-in")) }
        let nameWidth = min(20, sources.map { DisplayWidth.of($0.name) }.max() ?? 8)
        let secrets = session.scope.secrets
        return sources.map { entry in
            let value: String
            if entry.source.hasPrefix("capture"),
               let captured = panes.runs.history.runs.lazy.compactMap({ $0.chainSnapshot?.values[entry.name] }).first {
                value = captured
            } else if ["uuid", "now", "timestamp"].contains(entry.name) {
                value = "(new on every send)"
            } else {
                value = ((try? session.scope.value(of: entry.name)) ?? nil) ?? "(none)"
            }
            let secret = secrets.contains(value) || Redaction.isSensitiveKey(entry.name)
            let shown = secret && !revealsSecrets ? Redaction.placeholder : value
            return StyledLine.build { line in
                line.append(" " + DisplayWidth.padded(entry.name, to: nameWidth) + "  ", .syntaxKey)
                line.append(DisplayWidth.padded(DisplayWidth.truncated(shown, to: max(8, width - nameWidth - 26)), to: max(8, width - nameWidth - 26)),
                            secret ? .secret : .plain)
                line.append("  " + entry.source, .dim)
            }.truncated(to: width)
        }
    }
}
