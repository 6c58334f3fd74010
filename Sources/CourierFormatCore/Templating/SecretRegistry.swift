import Courier
import Synchronization

/// The secret values a scope hides, by who they belong to: each request's latest resolution
/// (its password, token, `sensitive` values) and each secret capture's latest value. A value
/// that no longer applies — last run's token — is forgotten when its owner gets a new one,
/// so the set, and the cost of hiding it, stays the size of the workspace, not of the history.
final class SecretRegistry: Sendable {
    private struct State {
        var byOwner: [String: Set<String>] = [:]
        /// Values added without an owner, oldest first; at most ``looseLimit``.
        var loose: [String] = []
        var version = 0
        var matcher: (version: Int, matcher: SecretMatcher)?
    }

    /// How many values added without an owner are kept.
    static let looseLimit = 1_000
    private let state = Mutex(State())

    /// Replaces what `owner` hides with `values`.
    func set(_ values: some Sequence<String>, for owner: String) {
        let values = Set(values.filter { $0.utf8.count >= 3 })
        state.withLock { state in
            guard state.byOwner[owner] != values else { return }
            state.byOwner[owner] = values.isEmpty ? nil : values
            state.version += 1
        }
    }

    /// Adds a value without an owner; the oldest such values go past ``looseLimit``.
    func add(_ value: String) {
        guard value.utf8.count >= 3 else { return }
        state.withLock { state in
            guard !state.loose.contains(value) else { return }
            state.loose.append(value)
            if state.loose.count > Self.looseLimit { state.loose.removeFirst(state.loose.count - Self.looseLimit) }
            state.version += 1
        }
    }

    var values: Set<String> {
        state.withLock { state in state.byOwner.values.reduce(Set(state.loose)) { $0.union($1) } }
    }

    /// A change counter, so that users can tell when to rebuild what they derived.
    var version: Int { state.withLock { $0.version } }

    /// A matcher for ``values``, rebuilt only after a change.
    var matcher: SecretMatcher {
        state.withLock { state in
            if let cached = state.matcher, cached.version == state.version { return cached.matcher }
            let matcher = SecretMatcher(state.byOwner.values.reduce(Set(state.loose)) { $0.union($1) })
            state.matcher = (state.version, matcher)
            return matcher
        }
    }
}
