import CourierWorkspace

/// One line of a `.http` file: its text without the line break, and its number (from 1).
struct HTTPFileLine: Sendable {
    var number: Int
    var text: String

    /// The text without leading and trailing spaces and tabs.
    var trimmed: String { HTTPFileText.trim(text) }
    /// Spaces and tabs before the text.
    var indentation: Int { text.prefix { $0 == " " || $0 == "\t" }.count }
    var isBlank: Bool { trimmed.isEmpty }
    /// `# …` or `// …` (after optional indentation).
    var isComment: Bool { HTTPFileText.isComment(trimmed) }
}

/// The requests of a file, each between `###` separators: the separator's title (`### Login`)
/// and the lines up to the next separator.
struct HTTPFileBlock: Sendable {
    var title: String?
    var lines: [HTTPFileLine]
}

/// Lines, separators, comments and `{{…}}` placeholders of `.http` text, shared by the VS Code
/// REST Client and JetBrains dialects.
enum HTTPFileText {
    /// The lines of `text` (LF, CR LF or CR breaks; a leading byte-order mark dropped).
    static func lines(_ text: String) -> [HTTPFileLine] {
        var text = Substring(text)
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        // "\r\n" is one Character in Swift, and a newline like "\n" and "\r".
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated().map {
            HTTPFileLine(number: $0.offset + 1, text: String($0.element))
        }
    }

    /// The blocks between `###` lines; the first block holds what comes before any separator.
    static func blocks(_ lines: [HTTPFileLine]) -> [HTTPFileBlock] {
        var blocks = [HTTPFileBlock(title: nil, lines: [])]
        for line in lines {
            if let title = separatorTitle(line.trimmed) {
                blocks.append(HTTPFileBlock(title: title.isEmpty ? nil : title, lines: []))
            } else {
                blocks[blocks.count - 1].lines.append(line)
            }
        }
        return blocks
    }

    /// The text after `###` (empty when there is none), or nil when the line is no separator.
    static func separatorTitle(_ trimmed: String) -> String? {
        guard trimmed.hasPrefix("###") else { return nil }
        return trim(String(trimmed.drop { $0 == "#" }))
    }

    static func isComment(_ trimmed: String) -> Bool { trimmed.hasPrefix("#") || trimmed.hasPrefix("//") }

    /// A comment's text without its `#`/`//` marker and the spaces after it.
    static func commentText(_ trimmed: String) -> String {
        let body = trimmed.hasPrefix("//") ? trimmed.drop { $0 == "/" } : trimmed.drop { $0 == "#" }
        return trim(String(body))
    }

    static func trim(_ text: String) -> String {
        var slice = Substring(text)
        while let first = slice.first, first == " " || first == "\t" || first == "\u{0C}" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\u{0C}" { slice = slice.dropLast() }
        return String(slice)
    }

    /// A `{{…}}` in a string: its range and its inside, trimmed.
    struct Placeholder {
        var range: Range<String.Index>
        var inside: String
    }

    /// The placeholders of `text`, as the workspace's templating finds them (each `{{` to
    /// the next `}}`).
    static func placeholders(in text: String) -> [Placeholder] {
        Template.placeholders(in: text).map { Placeholder(range: $0.range, inside: trim($0.name)) }
    }

    /// `text` with each placeholder replaced by `replacement(inside)` (nil keeps it as it is).
    static func replacingPlaceholders(in text: String, _ replacement: (String) -> String?) -> String {
        let found = placeholders(in: text)
        guard !found.isEmpty else { return text }
        return Template.splice(text, at: found.map(\.range)) { index, result in
            result += replacement(found[index].inside) ?? String(text[found[index].range])
        }
    }
}
