import CourierWorkspace

/// What a piece of text is, for the screen to colour: the workbench says what, the curses
/// front decides how (256 colours, 16, or none with `NO_COLOR`).
package enum Style: UInt8, Sendable, Hashable, CaseIterable {
    case plain, dim, strong
    /// Pane frames and titles; the focused pane's are brighter.
    case border, borderFocused, title, titleFocused
    case accent, success, warning, failure, info
    /// Method badges.
    case methodGet, methodPost, methodPut, methodPatch, methodDelete, methodHead
    /// Syntax: JSON keys, strings, numbers, true/false/null, brackets; XML tags and attributes.
    case syntaxKey, syntaxString, syntaxNumber, syntaxLiteral, syntaxPunctuation, syntaxTag, syntaxAttribute
    /// Search matches in a body; the current one stands out.
    case match, currentMatch
    /// Key hints: the key, then what it does.
    case hintKey, hintText
    /// The tab bar's tabs.
    case tabActive, tabInactive
    /// A from-cache badge, an unsaved-edit marker, a hidden secret.
    case badge, marker, secret
    /// A field being edited, and the character under its cursor.
    case input, inputCursor
    /// A response status the request accepted, by class: 1xx–2xx, 3xx, 4xx, 5xx.
    case status2xx, status3xx, status4xx, status5xx

    /// The style of an accepted response status, by its class.
    package static func status(_ code: Int) -> Style {
        switch code {
        case 500...: return .status5xx
        case 400..<500: return .status4xx
        case 300..<400: return .status3xx
        default: return .status2xx
        }
    }

    /// The badge style of an HTTP method.
    package static func method(_ name: String) -> Style {
        switch name.uppercased() {
        case "GET": return .methodGet
        case "POST": return .methodPost
        case "PUT": return .methodPut
        case "PATCH": return .methodPatch
        case "DELETE": return .methodDelete
        default: return .methodHead
        }
    }
}

/// A whole row's background: the selected row of the focused pane, or of another pane.
package enum RowHighlight: UInt8, Sendable, Hashable {
    case none, selected, selectedUnfocused
}
