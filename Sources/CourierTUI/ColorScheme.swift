import CNCurses
import CourierWorkspace
import Workbench

/// How each ``Style`` of a ``Theme`` looks on this terminal: 256 colours, 16 (or 8), or none —
/// attributes only, for monochrome terminals, `NO_COLOR` and the `mono` theme. A style's look
/// is worked out once and kept; colour pairs are made as they are needed.
final class ColorScheme {
    enum Depth: Equatable {
        case monochrome, basic(Int), extended
    }

    let depth: Depth
    let theme: Theme
    private var pairs: [Int32: Int16] = [:]
    private var cache: [Int32: (attributes: Int32, pair: Int16)] = [:]

    init(depth: Depth, theme: Theme = .dark) {
        self.depth = theme.usesColor ? depth : .monochrome
        self.theme = theme
    }

    /// What the terminal supports, honouring `NO_COLOR` (https://no-color.org).
    static func detect(noColor: Bool) -> Depth {
        guard !noColor, has_colors() else { return .monochrome }
        start_color()
        use_default_colors()
        let colors = Int(courier_colors())
        if colors >= 256 { return .extended }
        return colors >= 8 ? .basic(colors) : .monochrome
    }

    /// Gives the screen the theme's own colours (a light theme's white), so that unstyled
    /// text and empty cells have them too; a theme that keeps the terminal's changes nothing.
    func paintScreen() {
        guard depth != .monochrome else { return }
        let foreground = color(theme[.plain].foreground, background: true)
        let background = color(theme.background, background: true)
        if foreground >= 0 || background >= 0 { assume_default_colors(Int32(foreground), Int32(background)) }
    }

    /// Attributes and colour pair for a style on a row background.
    func look(_ style: Style, _ highlight: RowHighlight) -> (attributes: Int32, pair: Int16) {
        let key = Int32(style.rawValue) << 8 | Int32(highlight.rawValue)
        if let known = cache[key] { return known }
        let resolved = resolve(style, highlight)
        cache[key] = resolved
        return resolved
    }

    private func resolve(_ style: Style, _ highlight: RowHighlight) -> (attributes: Int32, pair: Int16) {
        guard depth != .monochrome else { return (attributes(Theme.monochrome(style, highlight)), 0) }
        let look = theme[style]
        var foreground = color(look.foreground, background: false)
        var background = look.background != .terminal ? color(look.background, background: false) : rowBackground(highlight)
        var attributes = attributes(look.attributes)
        if case .basic(let colors) = depth, colors < 16 {
            if foreground >= 8 { foreground -= 8; attributes |= courier_attr_bold() }
            if background >= 8 { background = -1; attributes |= courier_attr_reverse() }
        }
        return (attributes, pair(foreground, background))
    }

    /// A theme colour at this depth. The screen's own background cannot be reversed like a
    /// row's, so with 8 colours a bright one there becomes its plain counterpart.
    private func color(_ color: ThemeColor, background screen: Bool) -> Int16 {
        let value = depth == .extended ? color.extended : color.basic
        if screen, case .basic(let colors) = depth, colors < 16, value >= 8 { return value - 8 }
        return value
    }

    private func rowBackground(_ highlight: RowHighlight) -> Int16 {
        switch highlight {
        case .none: return -1
        case .selected: return color(theme.selection, background: false)
        case .selectedUnfocused: return color(theme.selectionUnfocused, background: false)
        }
    }

    private func pair(_ foreground: Int16, _ background: Int16) -> Int16 {
        let key = Int32(foreground) << 16 | Int32(UInt16(bitPattern: background))
        if let known = pairs[key] { return known }
        let number = Int16(pairs.count + 1)
        guard Int32(number) < courier_color_pairs() else { return 0 }
        init_pair(number, foreground, background)
        pairs[key] = number
        return number
    }

    private func attributes(_ attributes: TextAttributes) -> Int32 {
        var value: Int32 = 0
        if attributes.contains(.bold) { value |= courier_attr_bold() }
        if attributes.contains(.dim) { value |= courier_attr_dim() }
        if attributes.contains(.italic) { value |= courier_attr_italic() }
        if attributes.contains(.underline) { value |= courier_attr_underline() }
        if attributes.contains(.reverse) { value |= courier_attr_reverse() }
        return value
    }
}
