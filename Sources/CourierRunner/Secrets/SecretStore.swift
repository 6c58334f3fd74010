import CourierFormat
import CourierFormatCore
import Foundation
import Synchronization

/// The session's `{{secret.NAME}}` values (``SecretDefinition``): fetched from their provider
/// when a request first needs them, kept in memory only — for the session, or `ttl:` seconds —
/// and registered as secrets wherever they are rendered, so that every sink redacts them.
///
/// A fetch runs the provider on the caller's thread (a command or `secret-tool` for up to its
/// timeout): ``WorkspaceRequest`` calls it off the engine's and the workbench's threads.
public final class SecretStore: SecretLookup, Sendable {
    private let definitions: [String: SecretDefinition]
    private let environment: [String: String]
    private struct Entry {
        var value: String
        var until: Date?
    }
    private let values = Mutex<[String: Entry]>([:])
    /// The last fetch's failures, until the next fetch of the same secret.
    private let failures = Mutex<[String: String]>([:])

    private let now: @Sendable () -> Date

    /// - Parameter now: the clock `ttl:` is read against (a test's, to pass time).
    package init(definitions: [String: SecretDefinition], environment: [String: String] = ProcessInfo.processInfo.environment,
                 now: @escaping @Sendable () -> Date = { Date() }) {
        self.definitions = definitions
        self.environment = environment
        self.now = now
    }

    /// Whether the same secrets are defined the same way (the workbench keeps a store across
    /// reloads of an unchanged `secrets:`).
    /// (Where each is written may move; what it fetches may not.)
    package func serves(_ definitions: [String: SecretDefinition]) -> Bool {
        self.definitions.count == definitions.count && definitions.allSatisfy { name, new in
            self.definitions[name].map { $0.provider == new.provider && $0.ttl == new.ttl && $0.timeout == new.timeout } ?? false
        }
    }

    public func lookup(_ name: String) -> SecretLookupResult {
        guard definitions[name] != nil else { return .unknown }
        if let failure = failures.withLock({ $0[name] }) { return .failed(failure) }
        let entry = values.withLock { $0[name] }
        guard let entry, entry.until.map({ now() < $0 }) ?? true else { return .notFetched }
        return .value(entry.value)
    }

    /// Fetches `name` now (blocking for up to its timeout): the value is kept, or the failure
    /// is what ``lookup(_:)`` says until the next fetch.
    public func fetch(_ name: String) {
        guard let definition = definitions[name] else { return }
        do {
            let value = try SecretProviders.fetch(definition, environment: environment)
            values.withLock { $0[name] = Entry(value: value, until: definition.ttl.map { now().addingTimeInterval(TimeInterval($0)) }) }
            failures.withLock { $0[name] = nil }
        } catch {
            failures.withLock { $0[name] = error.message }
        }
    }

    /// Forgets every failure, so that the next use fetches again (a new send after a failed one).
    public func forgetFailures() {
        failures.withLock { $0.removeAll() }
    }

    /// Every secret fetched now, by name: nil when it came, else why not (`courier secrets
    /// check`); values are not returned.
    package func checkAll() -> [(name: String, problem: String?)] {
        definitions.keys.sorted().map { name in
            fetch(name)
            if case .failed(let reason) = lookup(name) { return (name, reason) }
            return (name, nil)
        }
    }
}
