import CourierWorkspace

extension PaneID {
    package static let mock = PaneID(9, "Mock")
}

extension KeyMap.Scope {
    /// The Mock pane's own keys.
    package static let mock = KeyMap.Scope("Mock", config: "mock", isPane: true)
}

extension Action {
    package static let toggleMock = Action("toggleMock", "Start or stop the mock API")
    package static let clearMockCalls = Action("clearMockCalls", "Clear the mock's list of calls")
}

extension MockPane {
    static var id: PaneID { .mock }

    /// The pane's keys as shipped (a user config may rebind them).
    static let bindings: [KeyMap.Binding] = [
        KeyMap.Binding(keys: [.character("M")], action: .toggleMock, scope: .global, hint: nil),
        KeyMap.Binding(keys: [.character("f")], action: .filter, scope: .mock, hint: "filter"),
        KeyMap.Binding(keys: [.character("C")], action: .clearMockCalls, scope: .mock, hint: "clear"),
    ]
}
