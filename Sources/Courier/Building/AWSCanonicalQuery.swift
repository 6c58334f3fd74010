/// A URL's query in the form AWS Signature Version 4 signs: each name and value
/// percent-encoded with only RFC 3986's unreserved characters left as they are (a space is
/// `%20`), the pairs sorted by name, then value. libcurl 7.88 signs the query exactly as the
/// URL writes it, so the URL is rewritten into this form before libcurl sees it; the server
/// decodes the same names and values.
enum AWSCanonicalQuery {
    /// `url` with its query canonicalised; the fragment is dropped (it is never sent).
    static func canonicalizing(_ url: String) -> String {
        let withoutFragment = url.firstIndex(of: "#").map { String(url[..<$0]) } ?? url
        guard let mark = withoutFragment.firstIndex(of: "?") else { return withoutFragment }
        let query = withoutFragment[withoutFragment.index(after: mark)...]
        let canonical = canonical(String(query))
        return String(withoutFragment[..<mark]) + (canonical.isEmpty ? "" : "?" + canonical)
    }

    /// The canonical form of a raw query string (`b=2&a=1` → `a=1&b=2`).
    static func canonical(_ query: String) -> String {
        let pairs = query.split(separator: "&", omittingEmptySubsequences: true).map { item -> (String, String) in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (encode(decode(String(parts[0]))), encode(decode(parts.count > 1 ? String(parts[1]) : "")))
        }
        return pairs.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    /// Percent-decodes; `+` is a space (form encoding, as the engine writes arguments).
    private static func decode(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        return bytes
    }

    private static func encode(_ bytes: [UInt8]) -> String {
        var text = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                text.append(Character(Unicode.Scalar(byte)))
            default:
                text += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return text
    }
}

private extension String {
    var leftPadded: String { count == 1 ? "0" + self : self }
}
