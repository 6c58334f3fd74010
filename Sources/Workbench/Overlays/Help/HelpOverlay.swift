import CourierWorkspace

/// Every key of every scope, from the key table (rebound keys included), in two columns when
/// there is room. `?` again or the window's close key closes it.
final class HelpOverlay: Overlay {
    private var scroll = 0

    var scope: KeyMap.Scope { .window }
    var scopes: [KeyMap.Scope] { [.window, .global] }

    func perform(_ action: Action, context: PaneContext) -> [PaneWork] {
        if action == .closeWindow || action == .help { return [.close] }
        if let moved = OverlayFrame.scrolled(scroll, by: action) { scroll = moved }
        return []
    }

    func render(context: PaneContext) -> PaneRender {
        let preferred = 112
        let inner = OverlayFrame.innerWidth(preferred: preferred, screen: context.rect)
        let lines = Array(Self.lines(width: inner).dropFirst(scroll))
        return OverlayFrame(title: "Keys", lines: lines, footer: KeyMap.hintLine([(.closeWindow, .window)]))
            .render(preferredWidth: preferred, screen: context.rect)
    }

    /// Every binding, grouped by where it applies.
    private static func lines(width: Int) -> [StyledLine] {
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
        let left = KeyMap.Scope.allCases.filter(\.isPane).flatMap { section($0, width: half) }
        // Moving and global keys first: they apply everywhere.
        let others = [KeyMap.Scope.list, .global] + KeyMap.Scope.allCases.filter { !$0.isPane && $0 != .list && $0 != .global }
        let right = others.flatMap { section($0, width: half) } + notes
        return (0..<max(left.count, right.count)).map { index in
            var line = (index < left.count ? left[index] : StyledLine()).padded(to: half + 1)
            if index < right.count { line.append(right[index]) }
            return line
        }
    }
}
