import Foundation

/// The few Structured Field Values (RFC 8941) a message signature writes: strings, integers,
/// byte sequences, keys, and an inner list of strings with parameters.
enum StructuredFieldText {
    /// `"text"`, with `\` and `"` escaped; nil when `text` has a character a structured
    /// string cannot hold (outside printable ASCII, %x20-7E).
    static func string(_ text: String) -> String? {
        var result = "\""
        for scalar in text.unicodeScalars {
            guard scalar.value >= 0x20, scalar.value <= 0x7E else { return nil }
            if scalar == "\\" || scalar == "\"" { result += "\\" }
            result.unicodeScalars.append(scalar)
        }
        return result + "\""
    }

    /// Whether `text` is a key (a dictionary member's or a parameter's name):
    /// `lcalpha / "*"` then `lcalpha / DIGIT / "_" / "-" / "." / "*"`.
    static func isKey(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "*" || ("a"..."z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || "_-.*".unicodeScalars.contains($0) }
    }

    /// An integer as a structured field writes it (at most 15 digits).
    static func integer(_ value: Int) -> String? {
        abs(value) <= 999_999_999_999_999 ? String(value) : nil
    }

    /// `:base64:`
    static func byteSequence(_ bytes: Data) -> String {
        ":" + bytes.base64EncodedString() + ":"
    }
}
