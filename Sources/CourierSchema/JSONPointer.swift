import Courier
import Foundation

/// JSON Pointers (RFC 6901) as schema locations and `$ref` fragments use them.
enum JSONPointer {
    /// A reference token escaped for a pointer: `~` as `~0`, `/` as `~1`.
    static func escape(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The reference tokens of a URI fragment: percent-decoded, split at `/`, unescaped; nil when
    /// the fragment is not a pointer (a plain-name anchor) or an escape is malformed.
    static func tokens(ofFragment fragment: String) -> [String]? {
        let pointer = fragment.removingPercentEncoding ?? fragment
        guard pointer.isEmpty || pointer.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        for raw in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            guard let token = unescape(raw) else { return nil }
            tokens.append(token)
        }
        return tokens
    }

    /// The pointer text (not percent-encoded) of `tokens`.
    static func text(_ tokens: [String]) -> String {
        tokens.map { "/" + escape($0) }.joined()
    }

    /// The value that `tokens` lead to inside `value`, or nil.
    static func walk(_ value: JSONValue, _ tokens: [String]) -> JSONValue? {
        var current = value
        for token in tokens {
            switch current {
            case .object(let members):
                guard let next = members[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(token), String(index) == token, elements.indices.contains(index) else { return nil }
                current = elements[index]
            default: return nil
            }
        }
        return current
    }

    private static func unescape(_ raw: Substring) -> String? {
        guard raw.contains("~") else { return String(raw) }
        var out = ""
        var iterator = raw.makeIterator()
        while let c = iterator.next() {
            guard c == "~" else { out.append(c); continue }
            switch iterator.next() {
            case "0": out.append("~")
            case "1": out.append("/")
            default: return nil
            }
        }
        return out
    }
}
