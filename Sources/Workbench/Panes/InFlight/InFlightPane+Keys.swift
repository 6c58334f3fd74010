import CourierWorkspace

extension PaneID {
    package static let inFlight = PaneID(3, "In flight")
}

extension KeyMap.Scope {
    /// The In flight pane's own keys.
    package static let inFlight = KeyMap.Scope("In flight", config: "in-flight", isPane: true)
}

extension InFlightPane {
    static var id: PaneID { .inFlight }

    /// The pane's keys as shipped (a user config may rebind them).
    static let bindings: [KeyMap.Binding] = [
        KeyMap.Binding(keys: [.character("x")], action: .cancel, scope: .inFlight, hint: "cancel"),
        KeyMap.Binding(keys: [.character("X")], action: .cancelAll, scope: .inFlight, hint: "all"),
        KeyMap.Binding(keys: [.character("f")], action: .filter, scope: .inFlight, hint: "filter"),
        KeyMap.Binding(keys: [.character("o")], action: .sortTable, scope: .inFlight, hint: "sort"),
    ]
}
