import CNCurses
import CourierWorkspace
import Workbench

/// How each ``Style`` looks on this terminal: 256 colours, 16 (or 8), or none — attributes
/// only, for monochrome terminals and `NO_COLOR`. Colour pairs are made as they are needed.
final class ColorScheme {
    enum Depth: Equatable {
        case monochrome, basic(Int), extended
    }

    /// A foreground in the 256-colour palette, its 16-colour stand-in, and attributes.
    private struct Look {
        var color256: Int16
        var color16: Int16
        var attributes: Int32 = 0

        static let plain = Look(color256: -1, color16: -1)
    }

    let depth: Depth
    private var pairs: [Int32: Int16] = [:]
    private var cache: [Int32: (attributes: Int32, pair: Int16)] = [:]

    init(depth: Depth) {
        self.depth = depth
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

    /// Attributes and colour pair for a style on a row background.
    func look(_ style: Style, _ highlight: RowHighlight) -> (attributes: Int32, pair: Int16) {
        let key = Int32(style.rawValue) << 8 | Int32(highlight.rawValue)
        if let known = cache[key] { return known }
        let resolved = resolve(style, highlight)
        cache[key] = resolved
        return resolved
    }

    private func resolve(_ style: Style, _ highlight: RowHighlight) -> (attributes: Int32, pair: Int16) {
        let look = Self.look(of: style)
        if depth == .monochrome { return (monochromeAttributes(style, highlight), 0) }
        var foreground = depth == .extended ? look.color256 : look.color16
        var background = background(style, highlight)
        var attributes = look.attributes
        if case .basic(let colors) = depth, colors < 16 {
            if foreground >= 8 { foreground -= 8; attributes |= courier_attr_bold() }
            if background >= 8 { background = -1; attributes |= courier_attr_reverse() }
        }
        return (attributes, pair(foreground, background))
    }

    private func background(_ style: Style, _ highlight: RowHighlight) -> Int16 {
        let extended = depth == .extended
        switch style {
        case .match: return extended ? 58 : 3
        case .currentMatch: return extended ? 178 : 11
        case .tabActive: return extended ? 67 : 4
        case .tabInactive: return extended ? 236 : 8
        case .input: return extended ? 237 : 8
        case .inputCursor: return extended ? 252 : 7
        default: break
        }
        switch highlight {
        case .none: return -1
        case .selected: return extended ? 238 : 4
        case .selectedUnfocused: return extended ? 236 : 8
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

    private func monochromeAttributes(_ style: Style, _ highlight: RowHighlight) -> Int32 {
        var attributes: Int32 = switch style {
        case .dim, .border, .hintText, .syntaxPunctuation, .secret: courier_attr_dim()
        case .strong, .title, .titleFocused, .borderFocused, .accent, .failure, .hintKey, .methodGet, .methodPost,
             .methodPut, .methodPatch, .methodDelete, .methodHead, .badge, .marker: courier_attr_bold()
        case .match: courier_attr_underline() | courier_attr_bold()
        case .currentMatch, .tabActive, .inputCursor: courier_attr_reverse()
        case .input: courier_attr_underline()
        default: 0
        }
        switch highlight {
        case .selected: attributes |= courier_attr_reverse()
        case .selectedUnfocused: attributes |= courier_attr_underline()
        case .none: break
        }
        return attributes
    }

    private static func look(of style: Style) -> Look {
        let bold = courier_attr_bold()
        switch style {
        case .plain: return .plain
        case .dim: return Look(color256: 244, color16: 8)
        case .strong: return Look(color256: -1, color16: -1, attributes: bold)
        case .border: return Look(color256: 240, color16: 8)
        case .borderFocused: return Look(color256: 114, color16: 10, attributes: bold)
        case .title: return Look(color256: 250, color16: 7)
        case .titleFocused: return Look(color256: 255, color16: 15, attributes: bold)
        case .accent: return Look(color256: 75, color16: 12, attributes: bold)
        case .success: return Look(color256: 114, color16: 10)
        case .warning: return Look(color256: 179, color16: 11)
        case .failure: return Look(color256: 203, color16: 9, attributes: bold)
        case .info: return Look(color256: 110, color16: 14)
        case .methodGet: return Look(color256: 114, color16: 10, attributes: bold)
        case .methodPost: return Look(color256: 179, color16: 11, attributes: bold)
        case .methodPut: return Look(color256: 75, color16: 12, attributes: bold)
        case .methodPatch: return Look(color256: 176, color16: 13, attributes: bold)
        case .methodDelete: return Look(color256: 203, color16: 9, attributes: bold)
        case .methodHead: return Look(color256: 146, color16: 14, attributes: bold)
        case .syntaxKey: return Look(color256: 110, color16: 12)
        case .syntaxString: return Look(color256: 150, color16: 2)
        case .syntaxNumber: return Look(color256: 209, color16: 3)
        case .syntaxLiteral: return Look(color256: 176, color16: 5)
        case .syntaxPunctuation: return Look(color256: 245, color16: 8)
        case .syntaxTag: return Look(color256: 204, color16: 1)
        case .syntaxAttribute: return Look(color256: 173, color16: 3)
        case .match: return Look(color256: 230, color16: 0)
        case .currentMatch: return Look(color256: 16, color16: 0, attributes: bold)
        case .hintKey: return Look(color256: 75, color16: 12, attributes: bold)
        case .hintText: return Look(color256: 245, color16: 8)
        case .tabActive: return Look(color256: 231, color16: 15, attributes: bold)
        case .tabInactive: return Look(color256: 250, color16: 7)
        case .badge: return Look(color256: 80, color16: 6, attributes: bold)
        case .marker: return Look(color256: 179, color16: 11, attributes: bold)
        case .secret: return Look(color256: 243, color16: 8, attributes: courier_attr_italic())
        case .input: return Look(color256: 255, color16: 15)
        case .inputCursor: return Look(color256: 16, color16: 0)
        }
    }
}
