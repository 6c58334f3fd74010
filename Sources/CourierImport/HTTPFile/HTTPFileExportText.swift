import Courier
import Foundation
import CourierWorkspace

/// Text pieces of an exported `.http` file: placeholders in the clients' spelling, query
/// strings and form bodies with placeholders left readable, and pretty-printed JSON.
enum HTTPFileExportText {
    /// The workspace's built-ins as REST Client's system variables (which JetBrains reads
    /// too, except `$processEnv`): `{{uuid}}` → `{{$guid}}`, `{{now}}` → `{{$datetime
    /// iso8601}}`, `{{timestamp}}` → `{{$timestamp}}`, `{{env.NAME}}` → `{{$processEnv NAME}}`.
    /// Names the workspace defines itself are left alone.
    static func clientPlaceholders(_ text: String, defined: Set<String>) -> String {
        HTTPFileText.replacingPlaceholders(in: text) { name in
            if defined.contains(name) { return nil }
            switch name {
            case "uuid": return "{{$guid}}"
            case "now": return "{{$datetime iso8601}}"
            case "timestamp": return "{{$timestamp}}"
            default:
                guard name.hasPrefix("env."), name.count > 4 else { return nil }
                return "{{$processEnv \(name.dropFirst(4))}}"
            }
        }
    }

    /// Percent-encoded as a query or form key or value, placeholders left as they are.
    static func escaped(_ text: String) -> String {
        var result = ""
        var cursor = text.startIndex
        for placeholder in HTTPFileText.placeholders(in: text) {
            result += FormEncoding.escape(String(text[cursor..<placeholder.range.lowerBound]))
            result += text[placeholder.range]
            cursor = placeholder.range.upperBound
        }
        return result + FormEncoding.escape(String(text[cursor...]))
    }

    /// `key=value` pairs the way the engine encodes arguments: nested objects as `a[b]`,
    /// arrays as `a[]`, a null value as the key alone; top-level keys in `order`, then sorted.
    static func pairs(_ value: JSONValue, order: [String] = []) -> [String] {
        fieldPairs(value, order: order).map { key, value in value.map { escaped(key) + "=" + escaped($0) } ?? escaped(key) }
    }

    /// The flattened name/value pairs of `value`, unescaped (a null value has none).
    static func fieldPairs(_ value: JSONValue, order: [String] = []) -> [(String, String?)] {
        guard case .object(let members) = value else { return [] }
        let keys = order.filter { members[$0] != nil } + members.keys.filter { !order.contains($0) }.sorted()
        return keys.flatMap { flatten(key: $0, value: members[$0]!) }
    }

    private static func flatten(key: String, value: JSONValue) -> [(String, String?)] {
        switch value {
        case .object(let members):
            return members.keys.sorted().flatMap { flatten(key: "\(key)[\($0)]", value: members[$0]!) }
        case .array(let elements):
            return elements.flatMap { flatten(key: key + "[]", value: $0) }
        case .null:
            return [(key, nil)]
        case .string(let text):
            return [(key, text)]
        case .bool(let flag):
            return [(key, flag ? "true" : "false")]
        case .int(let number):
            return [(key, String(number))]
        case .double(let number):
            return [(key, number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number))]
        }
    }

    /// `url` with `query` pairs appended (before a `#fragment`).
    static func appendingQuery(_ query: [String], to url: String) -> String {
        guard !query.isEmpty else { return url }
        let joined = query.joined(separator: "&")
        let (base, fragment) = url.firstIndex(of: "#").map { (String(url[..<$0]), String(url[$0...])) } ?? (url, "")
        let separator = base.contains("?") ? (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&") : "?"
        return base + separator + joined + fragment
    }

    /// JSON indented by two spaces, `"key": value`, keys sorted.
    static func prettyJSON(_ value: JSONValue, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let lines = members.keys.sorted().map { key in
                inner + scalar(.string(key)) + ": " + prettyJSON(members[key]!, indent: inner)
            }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        case .array(let elements):
            guard !elements.isEmpty else { return "[]" }
            return "[\n" + elements.map { inner + prettyJSON($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        default:
            return scalar(value)
        }
    }

    private static func scalar(_ value: JSONValue) -> String {
        String(decoding: value.serialized(), as: UTF8.self)
    }
}
