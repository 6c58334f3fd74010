import CourierWorkspace

extension Theme {
    /// A built-in theme by name.
    package static func named(_ name: String) -> Theme? {
        builtIn.first { $0.name == name }
    }

    /// The `theme:` section: a built-in's name, or `{base: NAME, colors: {ROLE: COLOUR, …}}`
    /// where a colour is a name, 0–255 or "#rrggbb", and a style's role also takes
    /// `{fg:, bg:, bold:, dim:, italic:, underline:, reverse:}`.
    static func parse(_ yaml: YAMLValue) -> Result<Theme, ConfigProblems> {
        var problems = ConfigProblems()
        var theme = Theme.dark
        var colors: YAMLMapping?
        problems.collect { () throws(WorkspaceError) in
            guard case .mapping = yaml.node else {
                theme = try builtIn(yaml)
                return
            }
            let map = try yaml.mapping(allowed: ["base", "colors"], expected: "a theme")
            colors = try map["colors"]?.mapping(expected: "a mapping of roles to colours")
            if let base = map["base"] { theme = try builtIn(base) }
            if let colors, !colors.entries.isEmpty, !theme.usesColor {
                throw colors.owner.error(.invalidValue, "the mono theme has no colours to change; pick another base")
            }
        }
        for entry in colors?.entries ?? [] {
            problems.collect { () throws(WorkspaceError) in try theme.override(entry) }
        }
        return problems.isEmpty ? .success(theme) : .failure(problems)
    }

    private static func builtIn(_ yaml: YAMLValue) throws(WorkspaceError) -> Theme {
        let names = builtIn.map(\.name)
        let name = try yaml.string(expected: "a theme name (\(names.joined(separator: ", "))) or {base:, colors:}")
        guard let theme = named(name) else {
            throw yaml.error(.invalidValue, "unknown theme \"\(name)\"\(Suggestion.clause(for: name, in: names)) "
                + "(built in: \(names.joined(separator: ", ")))")
        }
        return theme
    }

    private mutating func override(_ entry: YAMLMapping.Entry) throws(WorkspaceError) {
        guard let role = ThemeRole.named(entry.name) else {
            let names = ThemeRole.all.map(\.name)
            throw entry.key.error(.unknownKey, "unknown role \"\(entry.name)\"\(Suggestion.clause(for: entry.name, in: names)) "
                + "(roles: \(names.joined(separator: ", ")))")
        }
        switch role {
        case .selection: selection = try Self.color(entry.value)
        case .selectionUnfocused: selectionUnfocused = try Self.color(entry.value)
        case .background: background = try Self.color(entry.value)
        case .style(let style):
            guard case .mapping = entry.value.node else {
                self[style].foreground = try Self.color(entry.value)
                return
            }
            var look = self[style]
            let map = try entry.value.mapping(allowed: ["fg", "bg"] + TextAttributes.named.map(\.name), expected: "a look")
            if let value = map["fg"] { look.foreground = try Self.color(value) }
            if let value = map["bg"] { look.background = try Self.color(value) }
            for (name, attribute) in TextAttributes.named {
                guard let value = map[name] else { continue }
                if try value.bool() { look.attributes.insert(attribute) } else { look.attributes.remove(attribute) }
            }
            self[style] = look
        }
    }

    private static func color(_ yaml: YAMLValue) throws(WorkspaceError) -> ThemeColor {
        let expected = "a colour: a name (red, bright-blue, gray, default), 0-255, or \"#rrggbb\" in quotes"
        let text = try yaml.string(expected: expected)
        guard let color = ThemeColor(parsing: text) else {
            throw yaml.error(.invalidValue, "\"\(text)\" is not \(expected)")
        }
        return color
    }
}
