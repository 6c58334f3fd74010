import Foundation

/// Percent-encoding of arguments into a query string or an `x-www-form-urlencoded` body, the
/// way AFNetworking flattens nested values (`a[b]=1`, `list[]=1`), with keys in sorted order so
/// that the same arguments always give the same text.
public enum FormEncoding {
    /// Characters left as they are: RFC 3986 unreserved, plus `/` and `?` which are legal in a query.
    private static let allowed: CharacterSet = {
        var set = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        set.insert(charactersIn: "-._~/?")
        return set
    }()

    /// Percent-encodes one key or value.
    public static func escape(_ string: String) -> String {
        string.addingPercentEncoding(withAllowedCharacters: allowed) ?? string
    }

    /// `key=value` pairs joined by `&`, keys sorted; nil or an empty object gives "".
    public static func encode(_ arguments: JSONValue?) -> String {
        fields(arguments)
            .map { key, value in value.map { "\(escape(key))=\(escape($0))" } ?? escape(key) }
            .joined(separator: "&")
    }

    /// The flattened, sorted name/value pairs of `arguments`, unescaped (a null value has none).
    static func fields(_ arguments: JSONValue?) -> [(String, String?)] {
        arguments.map { pairs(key: nil, value: $0) } ?? []
    }

    private static func pairs(key: String?, value: JSONValue) -> [(String, String?)] {
        switch value {
        case .object(let members):
            return members.keys.sorted().flatMap { name in
                pairs(key: key.map { "\($0)[\(name)]" } ?? name, value: members[name]!)
            }
        case .array(let elements):
            guard let key else { return [] }
            return elements.flatMap { pairs(key: "\(key)[]", value: $0) }
        case .null:
            return key.map { [($0, nil)] } ?? []
        default:
            guard let key else { return [] }
            return [(key, scalarText(value))]
        }
    }

    private static func scalarText(_ value: JSONValue) -> String {
        switch value {
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return d.rounded() == d && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .string(let s): return s
        default: return value.description
        }
    }
}
