import CourierWorkspace

extension KeyMap {
    /// Whether `action` is one of `scope`'s own bindings.
    static func scope(_ scope: Scope, has action: Action) -> Bool {
        bindings.contains { $0.scope == scope && $0.action == action }
    }

    /// Whether `action` moves around a list (up, down, pages, top, bottom, left, right).
    static func isMoving(_ action: Action) -> Bool {
        bindings.contains { $0.scope == .list && $0.action == action }
    }
}
