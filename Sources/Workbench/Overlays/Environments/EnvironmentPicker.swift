import CourierWorkspace

/// The workspace's environments, and "none" (the variables alone); Enter switches. Each
/// says how many values it has and the files they come from (shared, private).
final class EnvironmentPicker: Overlay {
    private let names: [String]
    private let current: String?
    /// For each environment: its number of values and the files they come from, in words.
    private let summaries: [String: String]
    /// 0 is "none"; `n` is `names[n - 1]`.
    private(set) var selection: Int

    init(names: [String], current: String?, summaries: [String: String] = [:]) {
        self.names = names
        self.current = current
        self.summaries = summaries
        selection = current.flatMap { names.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
    }

    var scope: KeyMap.Scope { .picker }

    func perform(_ action: Action, context: PaneContext) -> [PaneWork] {
        switch action {
        case .chooseItem: return [.close, .switchEnvironment(selection == 0 ? nil : names[selection - 1])]
        case .closeWindow: return [.close]
        case .previousItem: selection = max(0, selection - 1)
        case .nextItem: selection = min(names.count, selection + 1)
        default:
            if let moved = OverlayFrame.scrolled(selection, by: action) { selection = min(names.count, moved) }
        }
        return []
    }

    func render(context: PaneContext) -> PaneRender {
        let preferred = 70
        let inner = OverlayFrame.innerWidth(preferred: preferred, screen: context.rect)
        let options: [String?] = [nil] + names.map { $0 }
        let lines = options.enumerated().map { index, name in
            let line = StyledLine.build {
                $0.append(name == current ? " \(context.glyphs.bullet) " : "   ", .accent)
                $0.append(name ?? "(none: the variables alone)")
                if let name, let summary = summaries[name] { $0.append("  " + summary, .dim) }
            }
            return line.truncated(to: inner).padded(to: inner).highlighted(index == selection ? .selected : .none)
        }
        return OverlayFrame(title: "Environment", lines: lines, footer: KeyMap.hintLine([(.chooseItem, .picker), (.closeWindow, .window)]))
            .render(preferredWidth: preferred, screen: context.rect)
    }
}
