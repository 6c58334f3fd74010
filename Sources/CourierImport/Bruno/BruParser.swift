import Foundation

/// Bruno's Bru language, read by hand (there is no Swift library): a file is a series of
/// blocks, each a name and `{ … }` or `[ … ]`, closed by `}` or `]` at the start of a line.
///
/// - Dictionary blocks (`meta`, `get`, `headers`, `params:query`, `body:form-urlencoded`,
///   `vars`, `assert`, …) hold `key: value` lines. A key may be quoted (`"colon:key"`), a `~` in
///   front switches the entry off, an `@` marks a local post-response variable. A value
///   written `'''` runs over the following lines to a line `'''`; annotations stand on lines
///   of their own (`@description('''…''')`, `@number`) or after a value (`@contentType(…)`).
/// - Text blocks (`body:json`, `body:text`, `body:graphql`, `script:pre-request`, `tests`,
///   `docs`, …) hold text indented by two spaces; braces inside it are text.
/// - List blocks (`vars:secret [ a, b ]`) hold names.
struct BruDocument {
    /// One `key: value` line of a dictionary block.
    struct Entry {
        var key: String
        var value: String
        /// `~` in front: switched off in Bruno.
        var enabled = true
        /// `@` in front (post-response variables): a request-local variable.
        var local = false
        /// The annotation lines above it (`description`, `number`, …), by name.
        var annotations: [String] = []
        var line: Int
    }

    struct Block {
        var name: String
        /// The line of `name {` (from 1).
        var line: Int
        var entries: [Entry] = []
        /// A text block's text, its two-space indentation removed.
        var text: String?
        /// A list block's items.
        var items: [String] = []
    }

    /// Where the Bru text is wrong: line and column from 1.
    struct SyntaxError: Error {
        var line: Int
        var column: Int
        var message: String
    }

    var blocks: [Block] = []

    /// The first block named `name`.
    func block(_ name: String) -> Block? { blocks.first { $0.name == name } }

    /// The value of `key` in the dictionary block `name`, switched-on entries only.
    func value(_ key: String, in name: String) -> String? {
        block(name)?.value(key)
    }

    /// Blocks whose content is text, not `key: value` lines.
    static func isTextBlock(_ name: String) -> Bool {
        if ["tests", "docs"].contains(name) || name.hasPrefix("script:") { return true }
        guard name.hasPrefix("body:") else { return false }
        return !["body:form-urlencoded", "body:multipart-form", "body:file"].contains(name)
    }

    /// Reads `text`, or fails at the line and column of the first mistake.
    init(parsing text: String) throws(SyntaxError) {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                index += 1
                continue
            }
            guard let opener = trimmed.last, opener == "{" || opener == "[",
                  case let name = trimmed.dropLast().trimmingCharacters(in: .whitespaces), !name.isEmpty, !name.contains(" ") else {
                throw SyntaxError(line: index + 1, column: 1 + (line.count - line.drop { $0 == " " }.count),
                                  message: "expected a block like \"headers {\", found \"\(trimmed.prefix(40))\"")
            }
            let closer = opener == "{" ? "}" : "]"
            guard let end = lines[(index + 1)...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == closer && !$0.hasPrefix("  ") }) else {
                throw SyntaxError(line: index + 1, column: 1, message: "the block \"\(name)\" is not closed: no \"\(closer)\" at the start of a line after it")
            }
            var block = Block(name: name, line: index + 1)
            let body = Array(lines[(index + 1)..<end])
            if opener == "[" {
                block.items = body.joined(separator: ",").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            } else if Self.isTextBlock(name) {
                block.text = Self.unindented(body, by: 2)
            } else {
                block.entries = try Self.entries(body, firstLine: index + 2)
            }
            blocks.append(block)
            index = end + 1
        }
    }

    /// `lines` with up to `count` leading spaces removed from each, joined; trailing blank
    /// lines dropped.
    static func unindented(_ lines: [String], by count: Int) -> String {
        var result = lines.map { line in String(line.dropFirst(min(count, line.prefix { $0 == " " }.count))) }
        while result.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { result.removeLast() }
        return result.joined(separator: "\n")
    }

    /// The `key: value` entries of a dictionary block's lines (the first at `firstLine`).
    private static func entries(_ lines: [String], firstLine: Int) throws(SyntaxError) -> [Entry] {
        var entries: [Entry] = []
        var annotations: [String] = []
        var index = 0
        while index < lines.count {
            let lineNumber = firstLine + index
            let line = lines[index]
            var rest = Substring(line.trimmingCharacters(in: .whitespaces))
            let column = 1 + line.prefix { $0 == " " }.count
            index += 1
            if rest.isEmpty { continue }
            // An annotation line: `@name`, `@name(...)`, possibly over several lines.
            if rest.first == "@", let nameEnd = rest.dropFirst().firstIndex(where: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) ?? Optional(rest.endIndex),
               nameEnd == rest.endIndex || rest[nameEnd] == "(" {
                annotations.append(String(rest[rest.index(after: rest.startIndex)..<nameEnd]))
                if rest.contains("('''"), !rest.hasSuffix("''')") {
                    while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasSuffix("''')") { index += 1 }
                    index += 1
                }
                continue
            }
            var entry = Entry(key: "", value: "", line: lineNumber)
            if rest.first == "~" {
                entry.enabled = false
                rest = rest.dropFirst()
            }
            if rest.first == "@" {
                entry.local = true
                rest = rest.dropFirst()
            }
            if rest.first == "\"" {
                var key = ""
                var escaped = false
                var closed = false
                rest = rest.dropFirst()
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if escaped {
                        key.append(character)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        closed = true
                        break
                    } else {
                        key.append(character)
                    }
                }
                guard closed else { throw SyntaxError(line: lineNumber, column: column, message: "the quoted key is not closed") }
                entry.key = key
                rest = rest.drop { $0 == " " }
                guard rest.first == ":" else { throw SyntaxError(line: lineNumber, column: column, message: "expected \":\" after the quoted key") }
                rest = rest.dropFirst()
            } else {
                guard let colon = rest.firstIndex(of: ":") else {
                    throw SyntaxError(line: lineNumber, column: column, message: "expected \"key: value\", found \"\(rest.prefix(40))\"")
                }
                entry.key = rest[..<colon].trimmingCharacters(in: .whitespaces)
                rest = rest[rest.index(after: colon)...]
            }
            var value = rest.trimmingCharacters(in: .whitespaces)
            if value == "[" {
                // A list value (`tags: [` … `]`): its items, comma-separated.
                guard let close = lines[index...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "]" }) else {
                    throw SyntaxError(line: lineNumber, column: column, message: "the list of \"\(entry.key)\" is not closed with ]")
                }
                value = lines[index..<close].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: ", ")
                index = close + 1
            } else if value.hasPrefix("'''"), !(value.count >= 6 && value.dropFirst(3).contains("'''")) {
                // A multiline value: to the line that starts with `'''`, which may carry annotations.
                guard let close = lines[index...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("'''") }) else {
                    throw SyntaxError(line: lineNumber, column: column, message: "the multiline value of \"\(entry.key)\" is not closed with '''")
                }
                let body = Array(lines[index..<close])
                let indent = body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                let after = lines[close].trimmingCharacters(in: .whitespaces).dropFirst(3).trimmingCharacters(in: .whitespaces)
                value = unindented(body, by: indent) + (after.isEmpty ? "" : "\u{0}" + after)
                index = close + 1
            } else if value.hasPrefix("'''") {
                value = String(value.dropFirst(3))
                if let end = value.range(of: "'''") { value = String(value[..<end.lowerBound]) + "\u{0}" + value[end.upperBound...].trimmingCharacters(in: .whitespaces) }
            }
            entry.value = value.hasSuffix("\u{0}") ? String(value.dropLast()) : value
            entry.annotations = annotations
            annotations = []
            entries.append(entry)
        }
        return entries
    }
}

extension BruDocument.Block {
    /// The value of the switched-on entry `key`.
    func value(_ key: String) -> String? {
        entries.first { $0.key == key && $0.enabled }?.value
    }
}

extension BruDocument.Entry {
    /// The value without its trailing annotations (`{"a":1} @contentType(application/json)`),
    /// and those annotations by name.
    var plainValue: (text: String, annotations: [String: String]) {
        var text = value
        var found: [String: String] = [:]
        if let separator = text.firstIndex(of: "\u{0}") {
            found = Self.annotations(in: String(text[text.index(after: separator)...]))
            text = String(text[..<separator])
            return (text, found)
        }
        // `@file(a.png)`, or `value @contentType(x)` at the end.
        while let range = text.range(of: " @", options: .backwards) ?? (text.hasPrefix("@") ? text.startIndex..<text.index(after: text.startIndex) : nil),
              text.hasSuffix(")") {
            let candidate = String(text[range.lowerBound...]).trimmingCharacters(in: .whitespaces)
            let parsed = Self.annotations(in: candidate)
            guard !parsed.isEmpty else { break }
            found.merge(parsed) { first, _ in first }
            text = String(text[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
        }
        return (text, found)
    }

    /// `@name(argument) @other(argument)` as name → argument.
    private static func annotations(in text: String) -> [String: String] {
        var found: [String: String] = [:]
        var rest = Substring(text)
        while let at = rest.firstIndex(of: "@"), let open = rest[at...].firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
            let name = rest[rest.index(after: at)..<open]
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter }) else { return [:] }
            found[String(name)] = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
        }
        return rest.trimmingCharacters(in: .whitespaces).isEmpty ? found : [:]
    }
}
