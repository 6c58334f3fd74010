extension Theme {
    /// The look the workbench has always had: light text on the terminal's dark background.
    package static let dark = Theme(name: "dark", selection: ThemeColor(238, 4), selectionUnfocused: ThemeColor(236, 8)) { style in
        switch style {
        case .plain: look(-1, -1)
        case .dim: look(244, 8)
        case .strong: look(-1, -1, .bold)
        case .border: look(240, 8)
        case .borderFocused: look(114, 10, .bold)
        case .title: look(250, 7)
        case .titleFocused: look(255, 15, .bold)
        case .accent: look(75, 12, .bold)
        case .success, .status2xx: look(114, 10)
        case .warning, .status4xx: look(179, 11)
        case .failure: look(203, 9, .bold)
        case .status5xx: look(203, 9)
        case .info, .status3xx: look(110, 14)
        case .methodGet: look(114, 10, .bold)
        case .methodPost: look(179, 11, .bold)
        case .methodPut: look(75, 12, .bold)
        case .methodPatch: look(176, 13, .bold)
        case .methodDelete: look(203, 9, .bold)
        case .methodHead: look(146, 14, .bold)
        case .syntaxKey: look(110, 12)
        case .syntaxString: look(150, 2)
        case .syntaxNumber: look(209, 3)
        case .syntaxLiteral: look(176, 5)
        case .syntaxPunctuation: look(245, 8)
        case .syntaxTag: look(204, 1)
        case .syntaxAttribute: look(173, 3)
        case .match: look(230, 0, on: (58, 3))
        case .currentMatch: look(16, 0, .bold, on: (178, 11))
        case .hintKey: look(75, 12, .bold)
        case .hintText: look(245, 8)
        case .tabActive: look(231, 15, .bold, on: (67, 4))
        case .tabInactive: look(250, 7, on: (236, 8))
        case .badge: look(80, 6, .bold)
        case .marker: look(179, 11, .bold)
        case .secret: look(243, 8, .italic)
        case .input: look(255, 15, on: (237, 8))
        case .inputCursor: look(16, 0, on: (252, 7))
        }
    }

    /// Dark text on a white screen, for light terminals and bright rooms.
    package static let light = Theme(name: "light", selection: ThemeColor(153, 14), selectionUnfocused: ThemeColor(254, 7),
                                    background: ThemeColor(231, 15)) { style in
        switch style {
        case .plain: look(235, 0)
        case .dim: look(243, 8)
        case .strong: look(232, 0, .bold)
        case .border: look(248, 8)
        case .borderFocused: look(28, 2, .bold)
        case .title: look(240, 8)
        case .titleFocused: look(232, 0, .bold)
        case .accent: look(25, 4, .bold)
        case .success, .status2xx: look(28, 2)
        case .warning, .status4xx: look(130, 3)
        case .failure: look(160, 1, .bold)
        case .status5xx: look(160, 1)
        case .info, .status3xx: look(31, 6)
        case .methodGet: look(28, 2, .bold)
        case .methodPost: look(130, 3, .bold)
        case .methodPut: look(25, 4, .bold)
        case .methodPatch: look(91, 5, .bold)
        case .methodDelete: look(160, 1, .bold)
        case .methodHead: look(60, 6, .bold)
        case .syntaxKey: look(25, 4)
        case .syntaxString: look(28, 2)
        case .syntaxNumber: look(166, 3)
        case .syntaxLiteral: look(91, 5)
        case .syntaxPunctuation: look(244, 8)
        case .syntaxTag: look(125, 1)
        case .syntaxAttribute: look(130, 3)
        case .match: look(232, 0, on: (229, 11))
        case .currentMatch: look(232, 0, .bold, on: (214, 3))
        case .hintKey: look(25, 4, .bold)
        case .hintText: look(241, 8)
        case .tabActive: look(231, 15, .bold, on: (25, 4))
        case .tabInactive: look(237, 0, on: (253, 7))
        case .badge: look(30, 6, .bold)
        case .marker: look(130, 3, .bold)
        case .secret: look(245, 8, .italic)
        case .input: look(232, 0, on: (254, 7))
        case .inputCursor: look(231, 15, on: (238, 0))
        }
    }

    /// Bright text and bold colours on black, for low vision and washed-out screens.
    package static let highContrast = Theme(name: "high-contrast", selection: ThemeColor(21, 4), selectionUnfocused: ThemeColor(238, 8),
                                           background: ThemeColor(16, 0)) { style in
        switch style {
        case .plain: look(231, 15)
        case .dim: look(250, 7)
        case .strong: look(231, 15, .bold)
        case .border: look(250, 7)
        case .borderFocused: look(226, 11, .bold)
        case .title: look(231, 15)
        case .titleFocused: look(226, 11, .bold)
        case .accent: look(51, 14, .bold)
        case .success, .status2xx: look(46, 10, .bold)
        case .warning, .status4xx: look(226, 11, .bold)
        case .failure, .status5xx: look(196, 9, .bold)
        case .info, .status3xx: look(51, 14)
        case .methodGet: look(46, 10, .bold)
        case .methodPost: look(226, 11, .bold)
        case .methodPut: look(51, 14, .bold)
        case .methodPatch: look(213, 13, .bold)
        case .methodDelete: look(196, 9, .bold)
        case .methodHead: look(231, 15, .bold)
        case .syntaxKey: look(51, 14)
        case .syntaxString: look(46, 10)
        case .syntaxNumber: look(226, 11)
        case .syntaxLiteral: look(213, 13)
        case .syntaxPunctuation: look(250, 7)
        case .syntaxTag: look(213, 13)
        case .syntaxAttribute: look(226, 11)
        case .match: look(16, 0, on: (226, 11))
        case .currentMatch: look(16, 0, .bold, on: (51, 14))
        case .hintKey: look(226, 11, .bold)
        case .hintText: look(231, 15)
        case .tabActive: look(16, 0, .bold, on: (226, 11))
        case .tabInactive: look(231, 15, on: (238, 8))
        case .badge: look(51, 14, .bold)
        case .marker: look(226, 11, .bold)
        case .secret: look(250, 7, .italic)
        case .input: look(16, 0, on: (231, 15))
        case .inputCursor: look(16, 0, on: (226, 11))
        }
    }

    /// No colours at all: bold, dim, underline and reverse, as `NO_COLOR` gives.
    package static let mono = Theme(name: "mono", usesColor: false, selection: .terminal, selectionUnfocused: .terminal) { _ in ThemeLook() }

    private static func look(_ extended: Int16, _ basic: Int16, _ attributes: TextAttributes = [],
                             on background: (Int16, Int16)? = nil) -> ThemeLook {
        ThemeLook(ThemeColor(extended, basic), on: background.map { ThemeColor($0.0, $0.1) } ?? .terminal, attributes)
    }
}
