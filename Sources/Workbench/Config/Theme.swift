/// Text attributes a theme may give a style; the curses front maps them to its own.
package struct TextAttributes: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let bold = TextAttributes(rawValue: 1 << 0)
    package static let dim = TextAttributes(rawValue: 1 << 1)
    package static let italic = TextAttributes(rawValue: 1 << 2)
    package static let underline = TextAttributes(rawValue: 1 << 3)
    package static let reverse = TextAttributes(rawValue: 1 << 4)

    /// Their names in the config, in this order.
    package static let named: [(name: String, attribute: TextAttributes)] =
        [("bold", .bold), ("dim", .dim), ("italic", .italic), ("underline", .underline), ("reverse", .reverse)]
}

/// How one ``Style`` looks: a foreground, a background (``ThemeColor/terminal``: the row's,
/// which a selected row colours) and attributes.
package struct ThemeLook: Sendable, Hashable {
    package var foreground: ThemeColor
    package var background: ThemeColor
    package var attributes: TextAttributes

    package init(_ foreground: ThemeColor = .terminal, on background: ThemeColor = .terminal, _ attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }
}

/// The colours of the workbench: a look per ``Style``, the selected rows' backgrounds and the
/// screen's own colours. The model says what text is (``Style``); the curses front asks the
/// theme how that looks, once per style, so painting does no theme work per cell.
package struct Theme: Sendable, Hashable {
    package var name: String
    /// False for `mono`: attributes only, as on a terminal without colours or with `NO_COLOR`.
    package var usesColor: Bool
    private var looks: [ThemeLook]
    /// The background of the focused pane's selected row, and of another pane's.
    package var selection: ThemeColor
    package var selectionUnfocused: ThemeColor
    /// The screen's background; its foreground is the look of ``Style/plain``. ``ThemeColor/terminal``
    /// keeps the terminal's own.
    package var background: ThemeColor

    init(name: String, usesColor: Bool = true, selection: ThemeColor, selectionUnfocused: ThemeColor,
         background: ThemeColor = .terminal, look: (Style) -> ThemeLook) {
        self.name = name
        self.usesColor = usesColor
        self.selection = selection
        self.selectionUnfocused = selectionUnfocused
        self.background = background
        looks = Style.allCases.map(look)
    }

    /// How `style` looks in colour.
    package subscript(style: Style) -> ThemeLook {
        get { looks[Int(style.rawValue)] }
        set { looks[Int(style.rawValue)] = newValue }
    }

    /// The built-in themes, by name.
    package static let builtIn: [Theme] = [.dark, .light, .highContrast, .mono]

    /// How a style shows without colours: `mono`, a monochrome terminal, `NO_COLOR`.
    package static func monochrome(_ style: Style, _ highlight: RowHighlight) -> TextAttributes {
        var attributes: TextAttributes = switch style {
        case .dim, .border, .hintText, .syntaxPunctuation, .secret: .dim
        case .strong, .title, .titleFocused, .borderFocused, .accent, .failure, .hintKey, .methodGet, .methodPost,
             .methodPut, .methodPatch, .methodDelete, .methodHead, .badge, .marker: .bold
        case .match: [.underline, .bold]
        case .currentMatch, .tabActive, .inputCursor: .reverse
        case .input: .underline
        default: []
        }
        switch highlight {
        case .selected: attributes.insert(.reverse)
        case .selectedUnfocused: attributes.insert(.underline)
        case .none: break
        }
        return attributes
    }
}
