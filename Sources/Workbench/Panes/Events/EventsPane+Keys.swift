import CourierWorkspace

extension PaneID {
    package static let events = PaneID(6, "Events")
}

extension KeyMap.Scope {
    /// The Events pane's own keys.
    package static let events = KeyMap.Scope("Events", config: "events", isPane: true)
}

extension EventsPane {
    static var id: PaneID { .events }

    /// The pane's keys as shipped (a user config may rebind them).
    static let bindings: [KeyMap.Binding] = [
        KeyMap.Binding(keys: [.enter], action: .open, scope: .events, hint: "open"),
        KeyMap.Binding(keys: [.character("f")], action: .filter, scope: .events, hint: "filter"),
        KeyMap.Binding(keys: [.character("p")], action: .pauseLog, scope: .events, hint: "pause"),
    ]
}
