import Foundation

/// Masks secret values in request arguments before they are written into cache metadata,
/// which is meant to be browsed.
enum ArgumentRedaction {
    /// `value` with the value of every sensitive key, at any depth, replaced by
    /// ``Redaction/placeholder``.
    static func redact(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            var masked: [String: JSONValue] = [:]
            for (key, member) in members {
                masked[key] = Redaction.isSensitiveKey(key) ? .string(Redaction.placeholder) : redact(member)
            }
            return .object(masked)
        case .array(let elements):
            return .array(elements.map(redact))
        default:
            return value
        }
    }

    /// `value` with sensitive keys masked and every other string passed through `strings`.
    static func redact(_ value: JSONValue, strings: (String) -> String) -> JSONValue {
        switch redact(value) {
        case .string(let text): return .string(strings(text))
        case .object(let members): return .object(members.mapValues { redact($0, strings: strings) })
        case .array(let elements): return .array(elements.map { redact($0, strings: strings) })
        case let other: return other
        }
    }

    /// `url` with its password and the values of sensitive query parameters masked (GET
    /// arguments travel there). The result is for display and may not be a valid URL.
    static func redact(url: String) -> String { Redaction.redact(url) }
}
