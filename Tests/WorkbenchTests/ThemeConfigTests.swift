import Testing
@testable import CourierWorkspace
@testable import Workbench

/// `theme:` in the user config: built-ins, overrides by role, colours at every depth.
@Suite struct ThemeConfigTests {
    private func theme(_ yaml: String) throws -> Theme {
        try UserConfig.parse(yaml: yaml, file: "config.yaml").get().theme
    }

    private func problems(_ yaml: String) -> [String] {
        guard case .failure(let problems) = UserConfig.parse(yaml: yaml, file: "config.yaml") else { return [] }
        return problems.errors.map(\.description)
    }

    @Test func builtInThemesByName() throws {
        expectEqual(Theme.builtIn.map(\.name), ["dark", "light", "high-contrast", "mono"])
        expectEqual(try theme("theme: light"), .light)
        #expect(try theme("theme: {base: high-contrast}") == .highContrast)
        #expect(Theme.light.background != .terminal, "light paints its own background: a dark terminal would show dark text on black")
        #expect(Theme.dark.background == .terminal && Theme.dark[.plain] == ThemeLook(), "dark keeps the terminal's own colours")
        #expect(!Theme.mono.usesColor)
    }

    @Test func darkIsTodaysLook() {
        expectEqual(Theme.dark[.methodGet], ThemeLook(ThemeColor(114, 10), on: .terminal, .bold))
        expectEqual(Theme.dark[.currentMatch], ThemeLook(ThemeColor(16, 0), on: ThemeColor(178, 11), .bold))
        expectEqual(Theme.dark[.secret], ThemeLook(ThemeColor(243, 8), on: .terminal, .italic))
        #expect(Theme.dark.selection == ThemeColor(238, 4) && Theme.dark.selectionUnfocused == ThemeColor(236, 8))
    }

    @Test func rolesTakeAColourOrAWholeLook() throws {
        let custom = try theme("""
            theme:
              base: light
              colors:
                method.get: green
                failure: "#ff0000"
                syntax.key: 33
                border.focus: {fg: bright-magenta, bg: default, bold: false, underline: true}
                selection: 189
                background: "#fff"
            """)
        #expect(custom[.methodGet] == ThemeLook(ThemeColor(2, 2), on: .terminal, .bold), "a bare colour is the foreground; the rest stays")
        #expect(custom[.failure].foreground == ThemeColor(196, 9), "#ff0000 is 196 in 256 colours, bright red in 16")
        expectEqual(custom[.syntaxKey].foreground, ThemeColor(33, 12))
        expectEqual(custom[.borderFocused], ThemeLook(ThemeColor(13, 13), on: .terminal, .underline))
        expectEqual(custom.selection, ThemeColor(189, 15))
        expectEqual(custom.background, ThemeColor(231, 15))
        expectEqual(custom[.plain], Theme.light[.plain])
    }

    @Test func coloursDegradeToTheNearestOfEachPalette() {
        #expect(ThemeColor(parsing: "#87d787") == ThemeColor(114, 10), "a pastel keeps its hue in 16 colours, not grey")
        expectEqual(ThemeColor(parsing: "#808080"), ThemeColor(244, 8))
        expectEqual(ThemeColor(parsing: "#d70000"), ThemeColor(160, 1))
        expectEqual(ThemeColor(parsing: "#eeeeee"), ThemeColor(255, 15))
        expectEqual(ThemeColor(parsing: "gray"), ThemeColor(8, 8))
        expectEqual(ThemeColor(parsing: "default"), .terminal)
        #expect(ThemeColor(parsing: "256") == nil && ThemeColor(parsing: "#12345") == nil && ThemeColor(parsing: "purple") == nil)
    }

    @Test func unknownRolesAndBadColoursAreReportedAtTheirLine() {
        #expect(problems("""
            theme:
              base: dark
              colors:
                method.gett: red
                failure: purple
                success: #00ff00
                border: {fg: red, blink: true}
            """) == [
            "config.yaml:4:5: error: theme.colors: unknown role \"method.gett\"; did you mean \"method.get\"? (roles: "
                + ThemeRole.all.map(\.name).joined(separator: ", ") + ")",
            "config.yaml:5:14: error: theme.colors.failure: \"purple\" is not a colour: a name (red, bright-blue, gray, default), "
                + "0-255, or \"#rrggbb\" in quotes",
            "config.yaml:6:13: error: theme.colors.success: expected a colour: a name (red, bright-blue, gray, default), 0-255, "
                + "or \"#rrggbb\" in quotes, found nothing (null)",
            "config.yaml:7:23: error: theme.colors.border: unknown key \"blink\" (expected one of: fg, bg, bold, dim, italic, underline, reverse)",
        ])
        #expect(problems("theme: {base: mono, colors: {failure: red}}").first?.contains("the mono theme has no colours") == true)
    }

    @Test func everyStyleHasARoleName() {
        let named = ThemeRole.all.compactMap { if case .style(let style) = $0.role { style } else { nil } }
        expectEqual(named, Style.allCases)
        expectEqual(Set(ThemeRole.all.map(\.name)).count, ThemeRole.all.count)
    }
}
