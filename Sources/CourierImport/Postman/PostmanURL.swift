import Courier
import Foundation

/// A Postman request URL — a string, or an object with `raw` and its parts (`protocol`,
/// `host`, `port`, `path`, `query`, `variable`) — as the URL text Courier sends, with
/// `{{placeholders}}` kept, `:name` path variables filled in and characters a URL cannot
/// carry percent-encoded.
struct PostmanURL {
    /// The URL, or "" when the source has none.
    var text = ""
    /// Path variables without a value, written as `{{name}}`.
    var unsetPathVariables: [String] = []
    /// Query parameters switched off in Postman, left out.
    var switchedOffQuery: [String] = []
    /// Whether `http://` was put in front of a URL without a scheme (as Postman does).
    var addedScheme = false

    /// Reads `value`; dynamic variables are converted through `convert`.
    init(_ value: JSONValue?, convert: (String) -> String) {
        guard let value else { return }
        var pathValues: [String: String] = [:]
        if let raw = value.text {
            text = Self.fromRaw(convert(raw), pathValues: [:], unset: &unsetPathVariables)
        } else if value.objectValue != nil {
            for entry in value.array("variable") {
                guard let key = entry.text("key") ?? entry.text("id"), !key.isEmpty else { continue }
                pathValues[key] = entry.text("value").map(convert) ?? ""
            }
            if Self.hostText(value["host"]).isEmpty, let raw = value.text("raw") {
                text = Self.fromRaw(convert(raw), pathValues: pathValues, unset: &unsetPathVariables)
            } else {
                text = fromParts(value, pathValues: pathValues, convert: convert)
            }
        }
        text = text.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, !text.hasPrefix("{{"), !text.contains("://") {
            text = "http://" + text
            addedScheme = true
        }
    }

    /// `protocol://host:port/path?query`, the way Postman's SDK writes a URL from its parts.
    private mutating func fromParts(_ url: JSONValue, pathValues: [String: String], convert: (String) -> String) -> String {
        var result = ""
        if var scheme = url.text("protocol"), !scheme.isEmpty {
            if scheme.hasSuffix("://") { scheme.removeLast(3) } else if scheme.hasSuffix(":") { scheme.removeLast() }
            result += scheme + "://"
        }
        result += Self.escape(convert(Self.hostText(url["host"])), keeping: Self.urlCharacters)
        if let port = url.text("port"), !port.isEmpty { result += ":" + port }
        let segments: [String]
        switch url["path"] {
        case .string(let path)?:
            segments = (path.hasPrefix("/") ? String(path.dropFirst()) : path).components(separatedBy: "/")
        case .array(let items)?:
            segments = items.map { $0.text ?? $0.text("value") ?? "" }
        default:
            segments = []
        }
        if !segments.isEmpty {
            result += "/" + segments.map { segment in
                Self.pathSegment(convert(segment), pathValues: pathValues, unset: &unsetPathVariables)
            }.joined(separator: "/")
        }
        var pairs: [String] = []
        for entry in url.array("query") {
            guard let key = entry.text("key") else { continue }
            if entry.isTrue("disabled") {
                switchedOffQuery.append(key)
                continue
            }
            pairs.append(Self.queryPair(key: convert(key), value: entry.text("value").map(convert)))
        }
        if !pairs.isEmpty { result += "?" + pairs.joined(separator: "&") }
        return result
    }

    /// A host given as a string or as its dot-separated labels.
    private static func hostText(_ host: JSONValue?) -> String {
        switch host {
        case .string(let text)?: return text
        case .array(let labels)?: return labels.compactMap(\.text).joined(separator: ".")
        default: return ""
        }
    }

    /// A raw URL: its fragment cut off, `:name` path segments filled in, and what a URL
    /// cannot carry percent-encoded.
    static func fromRaw(_ raw: String, pathValues: [String: String], unset: inout [String]) -> String {
        var raw = raw
        if let hash = raw.firstIndex(of: "#") { raw = String(raw[..<hash]) }
        let query = raw.firstIndex(of: "?")
        let path = query.map { String(raw[..<$0]) } ?? raw
        let segments = path.components(separatedBy: "/").map { pathSegment($0, pathValues: pathValues, unset: &unset) }
        let rest = query.map { escape(String(raw[raw.index(after: $0)...]), keeping: urlCharacters) }
        return segments.joined(separator: "/") + (rest.map { "?" + $0 } ?? "")
    }

    /// A path segment: `:name` becomes the path variable's value, or `{{name}}` without one.
    private static func pathSegment(_ segment: String, pathValues: [String: String], unset: inout [String]) -> String {
        if segment.count > 1, segment.first == ":",
           segment.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }) {
            let name = String(segment.dropFirst())
            if let value = pathValues[name], !value.isEmpty { return escape(value, keeping: segmentCharacters) }
            if !unset.contains(name) { unset.append(name) }
            return "{{" + name + "}}"
        }
        return escape(segment, keeping: segmentCharacters)
    }

    /// `key=value` (or `key` for a parameter without a value), encoded so that an `&`, `=`
    /// or space in them stays data.
    static func queryPair(key: String, value: String?) -> String {
        let key = escape(key, keeping: queryKeyCharacters)
        guard let value else { return key }
        return key + "=" + escape(value, keeping: queryValueCharacters)
    }

    /// RFC 3986 unreserved and reserved characters but `#`: what may stand in a URL as it is.
    static let urlCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/?[]".unicodeScalars)
    static let segmentCharacters = urlCharacters.subtracting("/?".unicodeScalars)
    static let queryKeyCharacters = urlCharacters.subtracting("&=".unicodeScalars)
    static let queryValueCharacters = urlCharacters.subtracting("&".unicodeScalars)

    /// `text` with every character outside `keeping` percent-encoded (as UTF-8), except
    /// `{{placeholders}}`, which are kept whole, and `%` escapes already there.
    static func escape(_ text: String, keeping allowed: Set<Unicode.Scalar>) -> String {
        var result = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func isHex(_ at: Int) -> Bool { at < scalars.count && scalars[at].properties.isASCIIHexDigit }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "{", index + 1 < scalars.count, scalars[index + 1] == "{",
               let close = closing(of: scalars, from: index + 2) {
                result.unicodeScalars.append(contentsOf: scalars[index..<close])
                index = close
            } else if allowed.contains(scalar) || (scalar == "%" && isHex(index + 1) && isHex(index + 2)) {
                result.unicodeScalars.append(scalar)
                index += 1
            } else {
                for byte in String(scalar).utf8 { result += String(format: "%%%02X", byte) }
                index += 1
            }
        }
        return result
    }

    /// The index just past the `}}` that closes a placeholder opened before `start`.
    private static func closing(of scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index + 1 < scalars.count {
            if scalars[index] == "}", scalars[index + 1] == "}" { return index + 2 }
            index += 1
        }
        return nil
    }
}
