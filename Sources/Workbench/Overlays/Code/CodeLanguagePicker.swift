import CourierWorkspace

/// The languages a request can be copied as (`y` on a request); Enter copies it. Secrets
/// are read from environment variables in the program unless they are shown (`v`, which
/// here too shows or hides them), and then they are written in.
final class CodeLanguagePicker: Overlay {
    let request: String
    private(set) var selection: Int

    init(request: String, selection: Int = 0) {
        self.request = request
        self.selection = min(max(0, selection), CodeLanguage.allCases.count - 1)
    }

    var scope: KeyMap.Scope { .picker }

    func perform(_ action: Action, context: PaneContext) -> [PaneWork] {
        let last = CodeLanguage.allCases.count - 1
        switch action {
        case .chooseItem: return [.close, .copyAsCode(request: request, language: CodeLanguage.allCases[selection])]
        case .closeWindow: return [.close]
        case .revealSecrets: return [.workspace(.revealSecrets)]
        case .previousItem: selection = max(0, selection - 1)
        case .nextItem: selection = min(last, selection + 1)
        default:
            if let moved = OverlayFrame.scrolled(selection, by: action) { selection = min(last, moved) }
        }
        return []
    }

    func render(context: PaneContext) -> PaneRender {
        let preferred = 60
        let inner = OverlayFrame.innerWidth(preferred: preferred, screen: context.rect)
        var lines = CodeLanguage.allCases.enumerated().map { index, language in
            StyledLine.build {
                $0.append("   " + language.title)
                $0.append("  " + language.rawValue, .dim)
            }.truncated(to: inner).padded(to: inner).highlighted(index == selection ? .selected : .none)
        }
        let key = KeyMap.hint(.revealSecrets, in: .window)?.key ?? "v"
        lines.append("")
        lines.append(StyledLine(context.revealsSecrets
            ? "   secrets written in (shown) — \(key) hides them"
            : "   secrets from environment variables — \(key) writes them in", .dim).truncated(to: inner).padded(to: inner))
        return OverlayFrame(title: "Copy \(request) as code", lines: lines,
                            footer: KeyMap.hintLine([(.chooseItem, .picker), (.revealSecrets, .window), (.closeWindow, .window)]))
            .render(preferredWidth: preferred, screen: context.rect)
    }
}
