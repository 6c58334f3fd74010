/// What `{{secret.NAME}}` reads (the runner's secret store): values fetched from password
/// managers, the keyring, files or the environment, kept in memory. Rendering never waits for
/// a provider: a value not fetched yet is an error the request catches (``TemplateError/
/// isSecretNotFetched``); it fetches the value off the caller's thread and starts again.
public protocol SecretLookup: Sendable {
    /// The secret's value when fetched, else its state.
    func lookup(_ name: String) -> SecretLookupResult
    /// Fetches a secret from its provider now, blocking the caller up to its timeout.
    func fetch(_ name: String)
    /// Forgets every failure, so that the next use fetches again.
    func forgetFailures()
}

/// A secret's state in the store.
public enum SecretLookupResult: Sendable {
    /// Fetched and still fresh.
    case value(String)
    /// Defined, not fetched (or its TTL has passed).
    case notFetched
    /// The provider failed: why, in words that hold no secret.
    case failed(String)
    /// No such secret is defined.
    case unknown
}

extension TemplateError {
    /// The reason a not-yet-fetched secret's error carries.
    package static let notFetchedReason = "the secret is not fetched yet"

    /// A `{{secret.NAME}}` whose value must be fetched before the template can be rendered.
    package var isSecretNotFetched: Bool { name.hasPrefix("secret.") && reason == Self.notFetchedReason }
}
