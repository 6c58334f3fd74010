import CourierWorkspace

/// Text to read — a curl command, why an edit left the file invalid, an edit conflict — with
/// the keys its kind offers in the footer.
final class TextOverlay: Overlay {
    let panel: TextPanel
    private var scroll = 0

    init(_ panel: TextPanel) {
        self.panel = panel
    }

    var scope: KeyMap.Scope { .window }
    var scopes: [KeyMap.Scope] {
        if case .editConflict = panel.kind { return [.conflict, .window] }
        return [.window]
    }

    func perform(_ action: Action, context: PaneContext) -> [PaneWork] {
        if action == .closeWindow { return [.close] }
        switch panel.kind {
        case .curl where action == .revealSecrets: return [.workspace(.revealSecrets)]
        case .invalidEdit where action == .editInEditor: return [.close, .editWorkspaceFile]
        case .invalidEdit(let previous) where action == .restoreFile: return [.close, .confirmed(.restoreFile(text: previous))]
        case .editConflict(let name) where [.keepMine, .takeTheirs, .showBoth].contains(action):
            return [.close, .resolveConflict(action, request: name)]
        default:
            if let moved = OverlayFrame.scrolled(scroll, by: action) { scroll = moved }
            return []
        }
    }

    func render(context: PaneContext) -> PaneRender {
        let preferred = 100
        let inner = OverlayFrame.innerWidth(preferred: preferred, screen: context.rect)
        let wrapped = lines(revealingSecrets: context.revealsSecrets).flatMap { line -> [StyledLine] in
            guard line.width > inner - 1 else { return [line] }
            // Wrapped lines keep the line's indent (a YAML line in the conflict's diff).
            let leading = line.text.prefix { $0 == " " }
            let indent = leading.isEmpty ? " " : String(leading)
            let pieces = Wrapping.lines(String(line.text.dropFirst(leading.count)), width: max(8, inner - 1 - indent.count))
            return pieces.map { StyledLine(indent + $0, line.spans.first?.style ?? .plain) }
        }
        return OverlayFrame(title: panel.title, lines: Array(wrapped.dropFirst(scroll)), footer: footer)
            .render(preferredWidth: preferred, screen: context.rect)
    }

    private func lines(revealingSecrets reveals: Bool) -> [StyledLine] {
        guard case .curl(let command, let hidden) = panel.kind else { return panel.lines }
        let key = KeyMap.hint(.revealSecrets, in: .window)?.key ?? "v"
        return [StyledLine(reveals ? command : hidden, .plain), "",
                StyledLine(reveals ? "\(key) hides the secrets" : "secrets hidden on screen (the clipboard has them) — \(key) shows them", .dim)]
    }

    private var footer: StyledLine {
        switch panel.kind {
        case .curl: return KeyMap.hintLine([(.revealSecrets, .window), (.closeWindow, .window)])
        case .authorization, .code: return KeyMap.hintLine([(.closeWindow, .window)])
        case .invalidEdit: return KeyMap.hintLine([(.editInEditor, .window), (.restoreFile, .window), (.closeWindow, .window)])
        case .editConflict:
            var line = KeyMap.hintLine(KeyMap.bindings.filter { $0.scope == .conflict }.map { ($0.action, .conflict) })
            if let close = KeyMap.hint(.closeWindow, in: .window) { line.append(" · \(close.key) later", .dim) }
            return line
        }
    }
}
