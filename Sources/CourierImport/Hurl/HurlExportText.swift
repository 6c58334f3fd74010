import CourierFormat
import Foundation

/// Text as a Hurl file writes it: quoted strings, keys and values of `key: value` lines,
/// one-line and multiline strings, regular expressions.
enum HurlExportText {
    /// `"…"` with Hurl's escapes (`\"`, `\\`, `\n`, `\t`, `\r`, `\u{…}` for other controls).
    static func quoted(_ text: String) -> String {
        BackslashEscaping.quoted(text, quote: "\"") { scalar in
            scalar.properties.generalCategory == .control ? "\\u{" + String(scalar.value, radix: 16) + "}" : nil
        }
    }

    /// A key of a `key: value` line: `\`, `:`, `#` and spaces escaped.
    static func key(_ text: String) -> String {
        escaped(text, characters: "\\:# ")
    }

    /// A value of a `key: value` line: `\` and `#` escaped (a `#` would start a comment),
    /// line breaks and tabs as `\n`, `\t`.
    static func value(_ text: String) -> String {
        escaped(text, characters: "\\#").replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
    }

    private static func escaped(_ text: String, characters: String) -> String {
        var result = ""
        for character in text {
            if characters.contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// `/pattern/` with its slashes escaped.
    static func regex(_ pattern: String) -> String {
        var result = "/"
        var previous: Character?
        for character in pattern {
            if character == "/", previous != "\\" { result.append("\\") }
            result.append(character)
            previous = character
        }
        return result + "/"
    }

    /// A text body: `` `one line` `` when it is one line, else a ``` multiline string (Hurl
    /// keeps its last line break, so a text ending without one gains it); nil when a line of
    /// it starts with ``` (it would end the string).
    static func body(_ text: String) -> (lines: [String], gainsLineBreak: Bool)? {
        if !text.contains("\n"), !text.contains("`"), !text.isEmpty {
            return (["`" + text.replacingOccurrences(of: "\\", with: "\\\\") + "`"], false)
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let endsWithBreak = text.hasSuffix("\n")
        if endsWithBreak { lines.removeLast() }
        guard !lines.contains(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("```") }) else { return nil }
        return (["```"] + lines + ["```"], !endsWithBreak)
    }
}
