import CourierWorkspace
import Courier

/// Every variable with its value and where it comes from, secrets hidden until `v`.
final class VariablesOverlay: Overlay {
    private let rows: [VariableRow]
    private var scroll = 0

    /// `rows` as the shell read them when the window opened.
    init(rows: [VariableRow]) {
        self.rows = rows
    }

    var scope: KeyMap.Scope { .window }

    func perform(_ action: Action, context: PaneContext) -> [PaneWork] {
        switch action {
        case .closeWindow: return [.close]
        case .revealSecrets: return [.workspace(.revealSecrets)]
        default:
            if let moved = OverlayFrame.scrolled(scroll, by: action) { scroll = moved }
            return []
        }
    }

    func render(context: PaneContext) -> PaneRender {
        let preferred = 90
        let width = OverlayFrame.innerWidth(preferred: preferred, screen: context.rect)
        let nameWidth = min(20, rows.map { DisplayWidth.of($0.name) }.max() ?? 8)
        let valueWidth = max(8, width - nameWidth - 26)
        let lines = rows.dropFirst(scroll).map { row in
            let shown = row.isSecret && !context.revealsSecrets ? Redaction.placeholder : row.value
            return StyledLine.build { line in
                line.append(" " + DisplayWidth.padded(row.name, to: nameWidth) + "  ", .syntaxKey)
                line.append(DisplayWidth.padded(DisplayWidth.truncated(shown, to: valueWidth), to: valueWidth), row.isSecret ? .secret : .plain)
                line.append("  " + row.source, .dim)
            }.truncated(to: width)
        }
        return OverlayFrame(title: "Variables", lines: lines, footer: KeyMap.hintLine([(.revealSecrets, .window), (.closeWindow, .window)]))
            .render(preferredWidth: preferred, screen: context.rect)
    }
}
