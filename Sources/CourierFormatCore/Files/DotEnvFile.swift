import Foundation

/// A `.env` file: `NAME=value` lines for `{{env.NAME}}`, in the syntax the dotenv tools share
/// (python-dotenv, Docker Compose, direnv's `dotenv`):
///
/// - `NAME=value`, `export NAME=value`; spaces around `=` and the name are allowed;
/// - blank lines and lines starting with `#` are skipped; ` #` after an unquoted value starts a
///   comment;
/// - `'single quotes'` keep everything as written; `"double quotes"` read `\n`, `\t`, `\"`,
///   `\\` and may span lines; an unquoted value is trimmed;
/// - a name is letters, digits and `_`, not starting with a digit (`.` and `-` are allowed
///   too, as Compose allows them).
///
/// A line that is none of these is an error at its line and column; nothing is expanded
/// (`$OTHER` stays as written: a value is data, never a command).
package enum DotEnvFile {
    /// One `NAME=value`.
    package struct Entry: Sendable, Equatable {
        package var name: String
        package var value: String
        package var line: Int
    }

    /// The entries of `text`, in order; a name given twice keeps both (the last wins in
    /// ``values(_:)``).
    package static func parse(_ text: String, file: String) throws(WorkspaceError) -> [Entry] {
        var entries: [Entry] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        var index = 0
        func fail(_ column: Int, _ message: String) -> WorkspaceError {
            WorkspaceError(.syntax, at: SourceLocation(file: file, line: index + 1, column: column), message)
        }
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") {
                index += 1
                continue
            }
            var rest = trimmed
            if rest.hasPrefix("export "), rest.dropFirst(7).contains("=") { rest = rest.dropFirst(7).drop { $0 == " " } }
            guard let equals = rest.firstIndex(of: "=") else {
                throw fail(line.count - trimmed.count + 1, "expected NAME=value")
            }
            let name = rest[..<equals].trimmingCharacters(in: .whitespaces)
            let nameColumn = line.distance(from: line.startIndex, to: rest.startIndex) + 1
            guard isName(name) else {
                throw fail(nameColumn, "\"\(name)\" is not a variable name (letters, digits and _, not starting with a digit)")
            }
            let start = index
            var value = rest[rest.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
            let valueColumn = line.distance(from: line.startIndex, to: value.startIndex) + 1
            let result: String
            switch value.first {
            case "'":
                guard let close = value.dropFirst().firstIndex(of: "'") else { throw fail(valueColumn, "the quote ' is not closed") }
                result = String(value[value.index(after: value.startIndex)..<close])
                try checkTrailing(value[value.index(after: close)...], column: valueColumn, fail)
            case "\"":
                var text = String(value.dropFirst())
                var decoded: String?
                while decoded == nil {
                    if let (content, trailing) = closedDoubleQuoted(text) {
                        decoded = content
                        try checkTrailing(Substring(trailing), column: valueColumn, fail)
                    } else if index + 1 < lines.count {
                        index += 1
                        text += "\n" + lines[index]
                    } else {
                        index = start
                        throw fail(valueColumn, "the quote \" is not closed")
                    }
                }
                result = decoded!
            default:
                if let comment = value.range(of: " #") ?? value.range(of: "\t#") { value = value[..<comment.lowerBound] }
                result = value.trimmingCharacters(in: .whitespaces)
            }
            entries.append(Entry(name: name, value: result, line: start + 1))
            index += 1
        }
        return entries
    }

    /// The values by name, the last of a name winning.
    package static func values(_ entries: [Entry]) -> [String: String] {
        entries.reduce(into: [:]) { $0[$1.name] = $1.value }
    }

    /// The values of `files` read in order, a later file's over an earlier's (`--env-file`).
    package static func values(ofFiles files: [String]) throws(WorkspaceError) -> [String: String] {
        var values: [String: String] = [:]
        for file in files { values.merge(Self.values(try read(file))) { $1 } }
        return values
    }

    /// Reads and parses a file; errors name it.
    package static func read(_ path: String) throws(WorkspaceError) -> [Entry] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw WorkspaceError(.unreadable, at: nil, "\(path): cannot read the .env file (\(error.localizedDescription))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw WorkspaceError(.syntax, at: SourceLocation(file: path, line: 1, column: 1), "the .env file is not UTF-8")
        }
        return try parse(text, file: path)
    }

    static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !CharacterSet.decimalDigits.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "_.-".unicodeScalars.contains($0)) }
    }

    /// A double-quoted value's content (escapes read) and what follows its closing quote, or
    /// nil while the quote is open.
    private static func closedDoubleQuoted(_ text: String) -> (String, String)? {
        var content = ""
        var characters = text[...]
        while let character = characters.popFirst() {
            switch character {
            case "\"": return (content, String(characters))
            case "\\":
                guard let next = characters.popFirst() else { return nil }
                switch next {
                case "n": content.append("\n")
                case "t": content.append("\t")
                case "r": content.append("\r")
                case "\"", "\\", "$": content.append(next)
                default: content += "\\" + String(next)
                }
            default: content.append(character)
            }
        }
        return nil
    }

    /// After a closing quote: nothing but spaces and a comment.
    private static func checkTrailing(_ rest: Substring, column: Int, _ fail: (Int, String) -> WorkspaceError) throws(WorkspaceError) {
        let trimmed = rest.drop { $0 == " " || $0 == "\t" }
        guard trimmed.isEmpty || trimmed.hasPrefix("#") else {
            throw fail(column, "unexpected text after the quoted value: \(trimmed.prefix(20))")
        }
    }
}
