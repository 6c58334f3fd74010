import CourierWorkspace

extension PaneID {
    package static let runs = PaneID(5, "Runs")
}

extension KeyMap.Scope {
    /// The Runs pane's own keys.
    package static let runs = KeyMap.Scope("Runs", config: "runs", isPane: true)
}

extension RunsPane {
    static var id: PaneID { .runs }

    /// The pane's keys as shipped (a user config may rebind them).
    static let bindings: [KeyMap.Binding] = [
        KeyMap.Binding(keys: [.character(" "), .character("s")], action: .nextStep, scope: .runs, hint: "step"),
        KeyMap.Binding(keys: [.character("c")], action: .continueChain, scope: .runs, hint: "continue"),
        KeyMap.Binding(keys: [.character("r")], action: .retryStep, scope: .runs, hint: "retry"),
        KeyMap.Binding(keys: [.character(">")], action: .skipStep, scope: .runs, hint: "skip"),
        KeyMap.Binding(keys: [.character("x")], action: .stopRun, scope: .runs, hint: "stop"),
        KeyMap.Binding(keys: [.enter], action: .open, scope: .runs, hint: "open/rerun"),
    ]
}
