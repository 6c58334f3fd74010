/// Text attributes a theme may give a style; the curses front maps them to its own.
public struct TextAttributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let italic = TextAttributes(rawValue: 1 << 2)
    public static let underline = TextAttributes(rawValue: 1 << 3)
    public static let reverse = TextAttributes(rawValue: 1 << 4)

    /// Their names in the config, in this order.
    public static let named: [(name: String, attribute: TextAttributes)] =
        [("bold", .bold), ("dim", .dim), ("italic", .italic), ("underline", .underline), ("reverse", .reverse)]
}

/// How one ``Style`` looks: a foreground, a background (``ThemeColor/terminal``: the row's,
/// which a selected row colours) and attributes.
public struct ThemeLook: Sendable, Hashable {
    public var foreground: ThemeColor
    public var background: ThemeColor
    public var attributes: TextAttributes

    public init(_ foreground: ThemeColor = .terminal, on background: ThemeColor = .terminal, _ attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }
}

/// The colours of the workbench: a look per ``Style``, the selected rows' backgrounds and the
/// screen's own colours. The model says what text is (``Style``); the curses front asks the
/// theme how that looks, once per style, so painting does no theme work per cell.
public struct Theme: Sendable, Hashable {
    public var name: String
    /// False for `mono`: attributes only, as on a terminal without colours or with `NO_COLOR`.
    public var usesColor: Bool
    private var looks: [ThemeLook]
    /// The background of the focused pane's selected row, and of another pane's.
    public var selection: ThemeColor
    public var selectionUnfocused: ThemeColor
    /// The screen's background; its foreground is the look of ``Style/plain``. ``ThemeColor/terminal``
    /// keeps the terminal's own.
    public var background: ThemeColor

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
    public subscript(style: Style) -> ThemeLook {
        get { looks[Int(style.rawValue)] }
        set { looks[Int(style.rawValue)] = newValue }
    }

    /// The built-in themes, by name.
    public static let builtIn: [Theme] = [.dark, .light, .highContrast, .mono]

    /// How a style shows without colours: `mono`, a monochrome terminal, `NO_COLOR`.
    public static func monochrome(_ style: Style, _ highlight: RowHighlight) -> TextAttributes {
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
