import CourierWorkspace

extension PaneID {
    package static let cache = PaneID(4, "Cache")
}

extension KeyMap.Scope {
    /// The Cache pane's own keys.
    package static let cache = KeyMap.Scope("Cache", config: "cache", isPane: true)
}

extension CachePane {
    static var id: PaneID { .cache }

    /// The pane's keys as shipped (a user config may rebind them).
    static let bindings: [KeyMap.Binding] = [
        KeyMap.Binding(keys: [.enter], action: .open, scope: .cache, hint: "open"),
        KeyMap.Binding(keys: [.character("d")], action: .deleteEntry, scope: .cache, hint: "delete"),
        KeyMap.Binding(keys: [.character("D")], action: .purgeExpired, scope: .cache, hint: "purge old"),
        KeyMap.Binding(keys: [.character("P")], action: .purgeAll, scope: .cache, hint: nil),
        KeyMap.Binding(keys: [.character("f")], action: .filter, scope: .cache, hint: "filter"),
    ]
}
