extension UserConfig {
    /// The config in effect as a config file, defaults included: every role's colour and every
    /// binding, under the names the file uses, so any part can be copied into one.
    package var yaml: String {
        var lines: [String] = []
        if theme.usesColor {
            lines += ["theme:", "  base: \(theme.name)", "  colors:"]
            for (name, role) in ThemeRole.all {
                lines.append("    \(name): \(text(of: role))")
            }
        } else {
            lines.append("theme: \(theme.name)")
        }
        lines.append("keys:")
        for binding in bindings {
            let keys = binding.keys.map { Self.quoted(KeyName.name(of: $0)) }.joined(separator: ", ")
            lines.append("  \(binding.scope.configName).\(KeyMap.configName(of: binding.action)): [\(keys)]")
        }
        for unbound in KeyMap.standard where !bindings.contains(where: { $0.scope == unbound.scope && $0.action == unbound.action }) {
            lines.append("  \(unbound.scope.configName).\(KeyMap.configName(of: unbound.action)): none")
        }
        lines.append("editor: \(editor.map(Self.quoted) ?? "null  # $VISUAL, else $EDITOR, else vi")")
        lines.append("workspace: \(workspace.map(Self.quoted) ?? "null  # workspaces/demo.yaml when there is one")")
        lines.append("ascii: \(ascii)")
        lines.append("history: \(history)")
        lines.append("layout: \(layout.rawValue)  # accordion: the focused side pane takes the column; grid: fixed shares")
        return lines.joined(separator: "\n") + "\n"
    }

    private func text(of role: ThemeRole) -> String {
        switch role {
        case .selection: return theme.selection.configText
        case .selectionUnfocused: return theme.selectionUnfocused.configText
        case .background: return theme.background.configText
        case .style(let style):
            let look = theme[style]
            var parts = ["fg: \(look.foreground.configText)"]
            if look.background != .terminal { parts.append("bg: \(look.background.configText)") }
            parts += TextAttributes.named.filter { look.attributes.contains($0.attribute) }.map { "\($0.name): true" }
            return "{\(parts.joined(separator: ", "))}"
        }
    }

    /// Plain when YAML reads it back as the same string, else in double quotes.
    private static func quoted(_ text: String) -> String {
        let plain = text.first?.isLetter == true && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
            && !["null", "true", "false", "yes", "no", "on", "off", "y", "n"].contains(text.lowercased())
        guard !plain else { return text }
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(escaped)\""
    }
}
