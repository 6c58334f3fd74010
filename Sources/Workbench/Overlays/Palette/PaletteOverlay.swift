import CourierWorkspace

/// The command palette: a line to type and, best first, the workspace's requests, batches
/// and chains and every action that makes sense from it (``PaletteItem``). Enter goes to the
/// item or carries the action out.
final class PaletteOverlay: Overlay {
    private let workspace: Workspace
    private(set) var editor = LineEditor()
    private(set) var selection = 0
    /// What matches the typed text, kept until the text changes.
    private var items: [PaletteItem]

    init(workspace: Workspace) {
        self.workspace = workspace
        items = PaletteItem.matching("", in: workspace)
    }

    var scope: KeyMap.Scope { .picker }
    var isTyping: Bool { true }

    func perform(_ action: Action, context: PaneContext) -> [PaneWork] { [] }

    func type(_ key: Key, context: PaneContext) -> [PaneWork] {
        if KeyMap.ownAction(for: key, in: .typing) == .cancelLine { return [.close] }
        switch KeyMap.ownAction(for: key, in: .picker) {
        case .previousItem?: selection = max(0, selection - 1)
        case .nextItem?: selection = min(max(0, items.count - 1), selection + 1)
        case .chooseItem?:
            guard items.indices.contains(selection) else { return [.close] }
            switch items[selection].target {
            case .action(let action): return [.close, .perform(action)]
            case .node(let node): return [.close, .reveal(node)]
            }
        default:
            let before = editor.text
            _ = editor.handle(key)
            if editor.text != before {
                items = PaletteItem.matching(editor.text, in: workspace)
                selection = 0
            }
        }
        return []
    }

    func render(context: PaneContext) -> PaneRender {
        let preferred = 100
        let inner = OverlayFrame.innerWidth(preferred: preferred, screen: context.rect)
        var field = editor
        let view = field.view(width: inner - 2)
        var lines = [StyledLine([Span("> ", .accent)] + view.line.spans)]
        let room = max(1, min(context.rect.height - 7, 16))
        let first = max(0, selection - room + 1)
        for (index, item) in items.enumerated().dropFirst(first).prefix(room) {
            var line = FuzzyMatch.highlighted(" " + item.title, positions: item.matched.map { $0 + 1 }, style: .plain)
            let detail = DisplayWidth.truncated(item.detail, to: max(0, inner - line.width - 3))
            line = line.padded(to: inner - DisplayWidth.of(detail) - 1)
            line.append(detail + " ", .dim)
            lines.append(line.highlighted(index == selection ? .selected : .none))
        }
        if items.isEmpty { lines.append(StyledLine(" nothing matches", .dim)) }
        let footer = KeyMap.hintLine([(.chooseItem, .picker), (.previousItem, .picker), (.nextItem, .picker), (.cancelLine, .typing)])
        return OverlayFrame(title: "Command palette", lines: lines, footer: footer, cursor: (0, 2 + view.cursorColumn))
            .render(preferredWidth: preferred, screen: context.rect)
    }
}
