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

    /// The key and label of `action` in `scope`, from its first key: `↵ apply`; nil when the
    /// action has no key or no label there.
    static func hint(_ action: Action, in scope: Scope) -> (key: String, label: String)? {
        guard let binding = bindings.first(where: { $0.scope == scope && $0.action == action }),
              let key = binding.keys.first, let text = binding.hint else { return nil }
        return (label(of: key), text)
    }

    /// A footer or hint line of the given keys, from the table: `↵ choose · ↑ previous · Esc close`.
    static func hintLine(_ entries: [(action: Action, scope: Scope)], style: Style = .dim) -> StyledLine {
        StyledLine(entries.compactMap { hint($0.action, in: $0.scope) }.map { "\($0.key) \($0.label)" }.joined(separator: " · "), style)
    }
}
