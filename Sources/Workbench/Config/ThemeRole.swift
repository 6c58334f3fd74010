/// A part of a theme the config can colour: one per ``Style``, the selected rows and the
/// screen's background. Its name is what the config writes under `theme.colors`.
package enum ThemeRole: Sendable, Hashable {
    case style(Style)
    case selection, selectionUnfocused, background

    /// Every role by name, in the order `courier config show` lists them.
    package static let all: [(name: String, role: ThemeRole)] = Style.allCases.map { (name(of: $0), .style($0)) }
        + [("selection", .selection), ("selection.unfocused", .selectionUnfocused), ("background", .background)]

    /// The role `name` stands for.
    package static func named(_ name: String) -> ThemeRole? {
        all.first { $0.name == name }?.role
    }

    private static func name(of style: Style) -> String {
        switch style {
        case .plain: "text"
        case .dim: "dim"
        case .strong: "strong"
        case .border: "border"
        case .borderFocused: "border.focus"
        case .title: "title"
        case .titleFocused: "title.focus"
        case .accent: "accent"
        case .success: "success"
        case .warning: "warning"
        case .failure: "failure"
        case .info: "info"
        case .methodGet: "method.get"
        case .methodPost: "method.post"
        case .methodPut: "method.put"
        case .methodPatch: "method.patch"
        case .methodDelete: "method.delete"
        case .methodHead: "method.other"
        case .syntaxKey: "syntax.key"
        case .syntaxString: "syntax.string"
        case .syntaxNumber: "syntax.number"
        case .syntaxLiteral: "syntax.literal"
        case .syntaxPunctuation: "syntax.punctuation"
        case .syntaxTag: "syntax.tag"
        case .syntaxAttribute: "syntax.attribute"
        case .match: "search.match"
        case .currentMatch: "search.current"
        case .hintKey: "hint.key"
        case .hintText: "hint.text"
        case .tabActive: "tab.active"
        case .tabInactive: "tab.inactive"
        case .badge: "badge"
        case .marker: "marker"
        case .secret: "secret"
        case .input: "input"
        case .inputCursor: "input.cursor"
        case .status2xx: "status.2xx"
        case .status3xx: "status.3xx"
        case .status4xx: "status.4xx"
        case .status5xx: "status.5xx"
        }
    }
}
