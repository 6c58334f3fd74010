import CourierWorkspace

extension PaneID {
    package static let load = PaneID(8, "Load")
}

extension KeyMap.Scope {
    /// The Load pane's own keys.
    package static let load = KeyMap.Scope("Load", config: "load", isPane: true)
}

extension Action {
    /// `L` anywhere: a load run of the selected request, batch or chain.
    package static let loadTest = Action("loadTest", "Load-test the request, batch or chain")
    package static let stopLoad = Action("stopLoad", "Stop the load run, keep what completed")
    package static let showLoadRun = Action("showLoadRun", "Show the selected past load run")
    package static let compareLoadRuns = Action("compareLoadRuns", "Compare with the selected past run")
    package static let loadFaster = Action("loadFaster", "Faster: the rate or concurrency +25 %")
    package static let loadSlower = Action("loadSlower", "Slower: the rate or concurrency −20 %")
    package static let loadPause = Action("loadPause", "Pause sending, or resume")
    package static let nextSample = Action("nextSample", "Next sample exchange of the row")
    package static let previousSample = Action("previousSample", "Previous sample exchange")
}

extension LoadPane {
    static var id: PaneID { .load }

    /// The pane's keys as shipped (a user config may rebind them). `L` works anywhere: it
    /// starts from wherever a request is selected, and the shell hands it to this pane.
    static let bindings: [KeyMap.Binding] = [
        KeyMap.Binding(keys: [.character("L")], action: .loadTest, scope: .global),
        KeyMap.Binding(keys: [.character("x")], action: .stopLoad, scope: .load, hint: "stop"),
        KeyMap.Binding(keys: [.enter], action: .showLoadRun, scope: .load, hint: "show"),
        KeyMap.Binding(keys: [.character("c")], action: .compareLoadRuns, scope: .load, hint: "compare"),
        KeyMap.Binding(keys: [.character("+")], action: .loadFaster, scope: .load, hint: "faster"),
        KeyMap.Binding(keys: [.character("-")], action: .loadSlower, scope: .load, hint: "slower"),
        KeyMap.Binding(keys: [.character("p")], action: .loadPause, scope: .load, hint: "pause"),
        KeyMap.Binding(keys: [.character("]")], action: .nextSample, scope: .load, hint: "samples"),
        KeyMap.Binding(keys: [.character("[")], action: .previousSample, scope: .load, hint: nil),
    ]
}
