import Foundation

/// Masks secret values in request arguments before they are written into cache metadata,
/// which is meant to be browsed.
enum ArgumentRedaction {
    /// Fragments of key names whose values are secrets; matched case-insensitively after
    /// removing `-`, `_` and `.`, so `api_key`, `X-Api-Key` and `accessToken` all match.
    static let sensitiveKeyFragments = [
        "password", "passwd", "token", "secret", "apikey", "authorization", "cookie", "credential",
        "privatekey", "session", "signature",
    ]

    static func isSensitiveKey(_ key: String) -> Bool {
        let normalized = key.lowercased().filter { $0 != "-" && $0 != "_" && $0 != "." }
        return sensitiveKeyFragments.contains { normalized.contains($0) }
    }

    /// `value` with the value of every sensitive key, at any depth, replaced by
    /// ``Redaction/placeholder``.
    static func redact(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            var masked: [String: JSONValue] = [:]
            for (key, member) in members {
                masked[key] = isSensitiveKey(key) ? .string(Redaction.placeholder) : redact(member)
            }
            return .object(masked)
        case .array(let elements):
            return .array(elements.map(redact))
        default:
            return value
        }
    }

    /// `url` with the values of sensitive query parameters masked (GET arguments travel there).
    /// The result is for display and may not be a valid URL.
    static func redact(url: String) -> String {
        guard let queryStart = url.firstIndex(of: "?") else { return url }
        let fragmentStart = url[queryStart...].firstIndex(of: "#") ?? url.endIndex
        let query = url[url.index(after: queryStart)..<fragmentStart]
        let masked = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let key = String(pair[..<equals])
            guard isSensitiveKey(key.removingPercentEncoding ?? key) else { return String(pair) }
            return key + "=" + Redaction.placeholder
        }
        return String(url[...queryStart]) + masked.joined(separator: "&") + String(url[fragmentStart...])
    }
}
