import CourierWorkspace

extension PaneID {
    package static let requests = PaneID(1, "Requests")
}

extension KeyMap.Scope {
    /// The Requests pane's own keys.
    package static let requests = KeyMap.Scope("Requests", config: "requests", isPane: true)
}

extension RequestsPane {
    static var id: PaneID { .requests }

    /// The pane's keys as shipped (a user config may rebind them).
    static let bindings: [KeyMap.Binding] = [
        KeyMap.Binding(keys: [.enter], action: .activate, scope: .requests, hint: "send/run"),
        KeyMap.Binding(keys: [.character("R")], action: .sendIgnoringCache, scope: .requests, hint: "no cache"),
        KeyMap.Binding(keys: [.character("S")], action: .stepChain, scope: .requests, hint: nil),
        KeyMap.Binding(keys: [.character(" ")], action: .toggleMark, scope: .requests, hint: "mark"),
        KeyMap.Binding(keys: [.character("/")], action: .filter, scope: .requests, hint: "filter"),
        KeyMap.Binding(keys: [.character("n")], action: .newRequest, scope: .requests, hint: nil),
        KeyMap.Binding(keys: [.character("D")], action: .duplicate, scope: .requests, hint: nil),
        KeyMap.Binding(keys: [.character("d")], action: .delete, scope: .requests, hint: nil),
        KeyMap.Binding(keys: [.character("r")], action: .rename, scope: .requests, hint: nil),
        KeyMap.Binding(keys: [.character("y")], action: .copyAsCode, scope: .requests, hint: nil),
        KeyMap.Binding(keys: [.character("B")], action: .browseServices, scope: .requests, hint: nil),
    ]
}
