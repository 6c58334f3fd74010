import Foundation

/// Hides secrets before anything is logged, shown, stored or reported — one set of rules for
/// every sink: a URL's password, the values of query parameters whose names say they are
/// secrets, secret headers, and values a caller knows to be secret (``SecretMatcher``).
public enum Redaction {
    /// What a hidden value is replaced with.
    public static let placeholder = "‹redacted›"

    /// Header names whose values are secrets, lowercased, beyond those whose names say so
    /// (``isSensitiveHeader(_:)``).
    public static let sensitiveHeaderNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key",
        "x-auth-token", "x-access-token", "x-csrf-token",
    ]

    /// Standard headers whose names contain a secret's fragment but whose values are not
    /// secrets (a challenge, a list of names, a flag).
    public static let publicHeaderNames: Set<String> = [
        "www-authenticate", "proxy-authenticate", "access-control-allow-credentials",
        "access-control-allow-headers", "access-control-request-headers", "access-control-expose-headers",
    ]

    /// Whether a header's value is a secret: a known secret header, or a name judged as
    /// query and JSON keys are (`X-Amz-Security-Token`, `Private-Token`, `X-Session-Id`),
    /// or with a `key` word (`X-Client-Key`).
    public static func isSensitiveHeader(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        if sensitiveHeaderNames.contains(lowercased) { return true }
        if publicHeaderNames.contains(lowercased) { return false }
        return isSensitiveKey(lowercased) || lowercased.split(separator: "-").contains { $0 == "key" }
    }

    /// The headers with sensitive values replaced by ``placeholder``.
    public static func headers(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        headers.map { isSensitiveHeader($0.name) ? (name: $0.name, value: placeholder) : $0 }
    }

    /// Fragments of key names whose values are secrets; matched case-insensitively after
    /// removing `-`, `_` and `.`, so `api_key`, `X-Api-Key` and `accessToken` all match.
    public static let sensitiveKeyFragments = [
        "password", "passwd", "passphrase", "token", "secret", "apikey", "auth", "cookie", "credential",
        "privatekey", "accesskey", "secretkey", "session", "signature",
    ]

    /// Key names that are secrets only as a whole (`pwd`, but not `forward`).
    public static let sensitiveKeyNames: Set<String> = ["pw", "pwd", "pass", "key", "sig", "jwt", "otp", "pin"]

    /// Whether a parameter, argument or field named `key` holds a secret.
    public static func isSensitiveKey(_ key: String) -> Bool {
        let normalized = key.lowercased().filter { $0 != "-" && $0 != "_" && $0 != "." }
        return sensitiveKeyNames.contains(normalized) || sensitiveKeyFragments.contains { fragment in
            fragment == "auth" ? namesAuthentication(normalized) : normalized.contains(fragment)
        }
    }

    /// `auth` in a name says authentication (`auth`, `oauth`, `authorization`, `authToken`) —
    /// except in `author` and `authority`, which are no secrets (an article's author).
    private static func namesAuthentication(_ name: String) -> Bool {
        var rest = name[...]
        while let found = rest.range(of: "auth") {
            let after = rest[found.upperBound...]
            if !after.hasPrefix("or") || after.hasPrefix("oriz") || after.hasPrefix("oris") { return true }
            rest = after
        }
        return false
    }

    /// `value` with the value of every sensitive key (at any depth) replaced by
    /// ``placeholder`` and every other string passed through `strings`.
    public static func json(_ value: JSONValue, strings: (String) -> String = { $0 }) -> JSONValue {
        ArgumentRedaction.redact(value, strings: strings)
    }

    /// `text` — a URL, a log line, an error message — with `secrets` hidden, then the password
    /// of any `scheme://user:password@host` and the value of any `?key=` or `&key=` whose key
    /// names a secret. The result is for people and may not be a valid URL.
    public static func redact(_ text: String, secrets: SecretMatcher = .none) -> String {
        let known = secrets.redact(text)
        guard known.contains("://") || known.contains("=") else { return known }
        return maskingQueryValues(maskingUserinfo(known))
    }

    /// `scheme://user:secret@host` → `scheme://user:‹redacted›@host`, wherever it appears.
    static func maskingUserinfo(_ text: String) -> String {
        guard text.contains("://") else { return text }
        var result = ""
        var rest = Substring(text)
        while let scheme = rest.range(of: "://") {
            result += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
            let authorityEnd = rest.firstIndex { "/?# \t\"'<>".contains($0) } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                result += authority[...colon] + placeholder + authority[at...]
                rest = rest[authorityEnd...]
            }
        }
        return result + rest
    }

    /// The value of every `?key=value` / `&key=value` whose key names a secret, up to the next
    /// `&`, `#`, space or quote.
    static func maskingQueryValues(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let separator = rest.firstIndex(where: { $0 == "?" || $0 == "&" }) {
            let keyStart = rest.index(after: separator)
            result += rest[...separator]
            rest = rest[keyStart...]
            guard let equals = rest.firstIndex(where: { $0 == "=" || "&?# \t\"'".contains($0) }), rest[equals] == "=" else { continue }
            let key = String(rest[..<equals])
            guard isSensitiveKey(key.removingPercentEncoding ?? key) else { continue }
            let valueEnd = rest[equals...].firstIndex { "&# \t\"'<>".contains($0) } ?? rest.endIndex
            result += rest[...equals] + placeholder
            rest = rest[valueEnd...]
        }
        return result + rest
    }
}
