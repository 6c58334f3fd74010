/// Hides secrets before anything is logged or shown.
public enum Redaction {
    /// What a hidden value is replaced with.
    public static let placeholder = "‹redacted›"

    /// Header names whose values are secrets, lowercased.
    public static let sensitiveHeaderNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key",
        "x-auth-token", "x-access-token", "x-csrf-token",
    ]

    public static func isSensitiveHeader(_ name: String) -> Bool {
        sensitiveHeaderNames.contains(name.lowercased())
    }

    /// The headers with sensitive values replaced by ``placeholder``.
    public static func headers(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        headers.map { isSensitiveHeader($0.name) ? (name: $0.name, value: placeholder) : $0 }
    }
}
