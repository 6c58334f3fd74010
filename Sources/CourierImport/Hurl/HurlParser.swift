import Foundation

/// Reads a Hurl file into ``HurlFile``, line by line, following Hurl's grammar
/// (https://hurl.dev/docs/grammar.html): a request line, headers, request sections, a body,
/// then optionally `HTTP STATUS`, response headers, `[Captures]`, `[Asserts]` and a body.
/// Comments (`#` to the end of a line) may stand anywhere between tokens. A mistake is a
/// ``HurlSyntaxError`` at its line and column.
struct HurlParser {
    let lines: [Substring]
    var index = 0
    /// The comment lines read since the last blank or content line: the next request's.
    private var comments: [String] = []

    init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for position in lines.indices where lines[position].hasSuffix("\r") { lines[position] = lines[position].dropLast() }
        self.lines = lines
    }

    /// Every entry of the file.
    static func parse(_ text: String) throws(HurlSyntaxError) -> HurlFile {
        var parser = HurlParser(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        var entries: [HurlEntry] = []
        while case let (trimmed, column)? = parser.nextContent() {
            guard let request = Self.requestLine(trimmed) else {
                throw HurlSyntaxError(line: parser.index + 1, column: column,
                                      message: "expected a request line like GET https://example.org/ (a method in capitals, then the URL)")
            }
            var entry = HurlEntry(comments: parser.comments, line: parser.index + 1, method: request.method, url: request.url)
            parser.comments = []
            parser.index += 1
            try parser.readRequest(into: &entry)
            if case let (trimmed, column)? = parser.nextContent(), Self.isResponseLine(trimmed) {
                entry.response = try parser.readResponse(trimmed, column: column)
            }
            entries.append(entry)
        }
        return HurlFile(entries: entries)
    }

    // MARK: - Lines

    /// Skips blank and comment lines (remembering the comments right above the next
    /// content); the next content line trimmed, with the column it starts at, nil at the end.
    mutating func nextContent() -> (String, Int)? {
        while index < lines.count {
            let line = lines[index]
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            let trimmed = String(line.dropFirst(indent)).trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                comments = []
            } else if trimmed.hasPrefix("#") {
                comments.append(String(trimmed.dropFirst().drop { $0 == "#" }).trimmingCharacters(in: .whitespaces))
            } else {
                return (trimmed, indent + 1)
            }
            index += 1
        }
        return nil
    }

    /// `GET https://…`: the method (capitals) and the URL (up to a comment); nil for any
    /// other line.
    static func requestLine(_ trimmed: String) -> (method: String, url: String)? {
        let method = trimmed.prefix { $0 != " " && $0 != "\t" }
        guard !method.isEmpty, method.allSatisfy({ $0.isASCII && $0.isUppercase }), method != "HTTP" else { return nil }
        let url = trimmed.dropFirst(method.count).trimmingCharacters(in: .whitespaces)
        guard !url.isEmpty, !url.hasPrefix("#") else { return nil }
        return (String(method), withoutComment(url))
    }

    static func isResponseLine(_ trimmed: String) -> Bool {
        trimmed.hasPrefix("HTTP ") || trimmed.hasPrefix("HTTP/") || trimmed.hasPrefix("HTTP\t")
    }

    /// `[Name]` alone on its line (a comment may follow): the name.
    static func sectionName(_ trimmed: String) -> String? {
        let text = withoutComment(trimmed)
        guard text.hasPrefix("["), text.hasSuffix("]"), text.count > 2 else { return nil }
        let name = text.dropFirst().dropLast()
        return name.allSatisfy({ $0.isASCII && $0.isLetter }) ? String(name) : nil
    }

    /// Whether a body starts on this line: JSON, XML, a multiline or one-line string,
    /// `base64,`, `hex,`, `file,`.
    static func startsBody(_ trimmed: String) -> Bool {
        guard let first = trimmed.first else { return false }
        // A line starting with a template (`{{user}}: …`) is a key, not JSON.
        if trimmed.hasPrefix("{{") { return false }
        return "{[<`".contains(first) || trimmed.hasPrefix("base64,") || trimmed.hasPrefix("hex,") || trimmed.hasPrefix("file,")
    }

    /// `text` up to a `#` that starts a comment (not inside `{{…}}`, not escaped), trimmed.
    static func withoutComment(_ text: String) -> String {
        var result = ""
        var previous: Character?
        var inTemplate = false
        for character in text {
            if character == "#", previous != "\\", !inTemplate { break }
            if character == "{", previous == "{" { inTemplate = true }
            if character == "}", previous == "}" { inTemplate = false }
            result.append(character)
            previous = character
        }
        return result.trimmingCharacters(in: .whitespaces)
    }

    // MARK: - Request

    private mutating func readRequest(into entry: inout HurlEntry) throws(HurlSyntaxError) {
        var section: HurlSection?
        while case let (trimmed, column)? = nextContent() {
            if Self.isResponseLine(trimmed) || Self.requestLine(trimmed) != nil { break }
            comments = []
            if let name = Self.sectionName(trimmed) {
                if let section { entry.sections.append(section) }
                section = HurlSection(name: name, line: index + 1)
                index += 1
            } else if Self.startsBody(trimmed) {
                entry.bodyLine = index + 1
                entry.body = try readBody(trimmed, column: column)
                try expectEntryEnd(after: "the request's body")
            } else {
                let item = try keyValue(trimmed, column: column)
                if section != nil { section!.items.append(item) } else { entry.headers.append(item) }
                index += 1
            }
        }
        if let section { entry.sections.append(section) }
    }

    /// After a body only a response line, a new request or the end may come.
    private mutating func expectEntryEnd(after what: String) throws(HurlSyntaxError) {
        guard case let (trimmed, column)? = nextContent() else { return }
        guard Self.isResponseLine(trimmed) || Self.requestLine(trimmed) != nil else {
            throw HurlSyntaxError(line: index + 1, column: column,
                                  message: "expected HTTP STATUS or the next request after \(what), not \"\(trimmed)\"")
        }
    }

    // MARK: - Response

    private mutating func readResponse(_ trimmed: String, column: Int) throws(HurlSyntaxError) -> HurlResponse {
        var scanner = HurlLineScanner(Substring(trimmed), line: index + 1, column: column)
        let version = scanner.token()
        guard version == "HTTP" || ["HTTP/1.0", "HTTP/1.1", "HTTP/2", "HTTP/3", "HTTP/*"].contains(version) else {
            throw scanner.error("expected HTTP, HTTP/1.0, HTTP/1.1, HTTP/2, HTTP/3 or HTTP/* before the status", at: column)
        }
        var status: Int?
        if !scanner.take("*") {
            scanner.skipSpaces()
            let at = scanner.column
            guard let code = Int(scanner.number()), (100...999).contains(code) else {
                throw scanner.error("expected a status code (like 200) or * after \(version)", at: at)
            }
            status = code
        }
        try scanner.end()
        var response = HurlResponse(line: index + 1, version: version, status: status)
        index += 1
        var mode = "headers"
        while case let (trimmed, column)? = nextContent() {
            if Self.requestLine(trimmed) != nil { break }
            comments = []
            if let name = Self.sectionName(trimmed) {
                mode = name
                if name != "Captures", name != "Asserts" { response.otherSections.append((name, index + 1)) }
            } else if Self.startsBody(trimmed) {
                response.bodyLine = index + 1
                response.body = try readBody(trimmed, column: column)
                try expectEntryEnd(after: "the response's body")
                continue
            } else {
                let scanner = HurlLineScanner(Substring(trimmed), line: index + 1, column: column)
                switch mode {
                case "headers": response.headers.append(try keyValue(trimmed, column: column))
                case "Captures": response.captures.append(try HurlAssertParser.capture(scanner, text: trimmed))
                case "Asserts": response.asserts.append(try HurlAssertParser.assert(scanner, text: trimmed))
                default: break
                }
            }
            index += 1
        }
        return response
    }

    // MARK: - Key and value

    /// `key: value` with Hurl's escapes in both; the value ends at a comment and is trimmed.
    func keyValue(_ trimmed: String, column: Int) throws(HurlSyntaxError) -> HurlKeyValue {
        let (key, valueStart) = try Self.key(trimmed, line: index + 1, column: column)
        let value = try Self.unescaped(Self.withoutComment(String(trimmed[valueStart...])), line: index + 1,
                                       column: column + trimmed.distance(from: trimmed.startIndex, to: valueStart))
        return HurlKeyValue(key: key, value: value, line: index + 1)
    }

    /// The key before the first unescaped `:` (outside `{{…}}`), unescaped, and where the
    /// value starts.
    static func key(_ text: String, line: Int, column: Int) throws(HurlSyntaxError) -> (String, String.Index) {
        var cursor = text.startIndex
        var inTemplate = false
        while cursor < text.endIndex {
            let character = text[cursor]
            if character == "\\" {
                cursor = text.index(after: cursor)
                if cursor < text.endIndex { cursor = text.index(after: cursor) }
                continue
            }
            if text[cursor...].hasPrefix("{{") { inTemplate = true }
            if text[cursor...].hasPrefix("}}") { inTemplate = false }
            if character == ":", !inTemplate { break }
            if character == "#", !inTemplate { cursor = text.endIndex }
            else { cursor = text.index(after: cursor) }
        }
        guard cursor < text.endIndex else {
            throw HurlSyntaxError(line: line, column: column, message: "expected NAME: VALUE (a header, a section's line), not \"\(text)\"")
        }
        let key = try unescaped(String(text[..<cursor]).trimmingCharacters(in: .whitespaces), line: line, column: column)
        guard !key.isEmpty else { throw HurlSyntaxError(line: line, column: column, message: "a name is missing before \":\"") }
        return (key, text.index(after: cursor))
    }

    /// `text` with `\:`, `\#`, `\\`, `\n`, `\t`, `\u{XXXX}`… decoded.
    static func unescaped(_ text: String, line: Int, column: Int) throws(HurlSyntaxError) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var characters = text[...]
        var offset = 0
        while let next = characters.first {
            characters = characters.dropFirst()
            offset += 1
            guard next == "\\", let escaped = characters.first else {
                result.append(next)
                continue
            }
            if escaped == "u" {
                // \u{XXXX}: hex digits between braces.
                let digits = characters.dropFirst().dropFirst().prefix { $0 != "}" }
                guard characters.dropFirst().first == "{", characters.count > digits.count + 2,
                      let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) else {
                    throw HurlSyntaxError(line: line, column: column + offset - 1, message: "expected a Unicode escape like \\u{00e9}")
                }
                result.append(Character(scalar))
                characters = characters.dropFirst(digits.count + 3)
                offset += digits.count + 3
                continue
            }
            characters = characters.dropFirst()
            offset += 1
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "b": result.append("\u{08}")
            case "f": result.append("\u{0C}")
            default: result.append(escaped)
            }
        }
        return result
    }
}
