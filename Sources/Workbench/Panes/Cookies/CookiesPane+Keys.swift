import CourierWorkspace

extension PaneID {
    package static let cookies = PaneID(7, "Cookies")
}

extension KeyMap.Scope {
    /// The Cookies pane's own keys.
    package static let cookies = KeyMap.Scope("Cookies", config: "cookies", isPane: true)
}

extension Action {
    package static let addCookie = Action("addCookie", "Add a cookie to the jar")
    package static let editCookie = Action("editCookie", "Edit the cookie")
    package static let deleteCookie = Action("deleteCookie", "Delete the cookie")
    package static let clearCookies = Action("clearCookies", "Delete every cookie in the jar")
}

extension CookiesPane {
    static var id: PaneID { .cookies }

    /// The pane's keys as shipped (a user config may rebind them).
    static let bindings: [KeyMap.Binding] = [
        KeyMap.Binding(keys: [.enter], action: .editCookie, scope: .cookies, hint: "edit"),
        KeyMap.Binding(keys: [.character("a")], action: .addCookie, scope: .cookies, hint: "add"),
        KeyMap.Binding(keys: [.character("d")], action: .deleteCookie, scope: .cookies, hint: "delete"),
        KeyMap.Binding(keys: [.character("D")], action: .clearCookies, scope: .cookies, hint: nil),
        KeyMap.Binding(keys: [.character("f")], action: .filter, scope: .cookies, hint: "filter"),
        KeyMap.Binding(keys: [.character("v")], action: .revealSecrets, scope: .cookies, hint: "values"),
    ]
}
