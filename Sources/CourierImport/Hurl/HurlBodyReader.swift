import Foundation

extension HurlParser {
    /// The body that starts on the current line (`trimmed`, at `column`): JSON up to its
    /// closing bracket, XML up to its root element's end, a ``` multiline string up to the
    /// closing ```, a one-line string, `base64,…;`, `hex,…;` or `file,…;`. Leaves `index`
    /// on the line after it.
    mutating func readBody(_ trimmed: String, column: Int) throws(HurlSyntaxError) -> HurlBody {
        let line = index + 1
        if trimmed.hasPrefix("```") { return try readMultiline(trimmed, column: column) }
        if trimmed.hasPrefix("`") {
            var scanner = HurlLineScanner(Substring(trimmed), line: line, column: column)
            let text = try scanner.backtick()
            try scanner.end()
            index += 1
            return .oneline(text)
        }
        if trimmed.hasPrefix("file,") {
            let text = Self.withoutComment(trimmed)
            guard text.hasSuffix(";") else { throw HurlSyntaxError(line: line, column: column, message: "file, is not closed with ;") }
            index += 1
            return .file(try Self.unescaped(String(text.dropFirst(5).dropLast()).trimmingCharacters(in: .whitespaces),
                                            line: line, column: column + 5))
        }
        if trimmed.hasPrefix("base64,") || trimmed.hasPrefix("hex,") {
            // The encoded bytes may run over several lines, up to the `;`.
            var text = trimmed
            while !text.contains(";"), index + 1 < lines.count {
                index += 1
                text += lines[index].trimmingCharacters(in: .whitespaces)
            }
            var scanner = HurlLineScanner(Substring(text), line: line, column: column)
            let data = try scanner.bytes()
            index += 1
            return .bytes(data)
        }
        if trimmed.hasPrefix("<") { return try readXML(column: column) }
        return try readJSON(column: column)
    }

    /// ```` ```hint ```` … ```` ``` ````: the lines between, each with its line break (Hurl
    /// keeps the last one), or ```` ```text``` ```` on one line.
    private mutating func readMultiline(_ trimmed: String, column: Int) throws(HurlSyntaxError) -> HurlBody {
        let opening = index + 1
        let afterTicks = trimmed.dropFirst(3)
        if let close = afterTicks.range(of: "```") {
            index += 1
            return .oneline(String(afterTicks[..<close.lowerBound]))
        }
        let hint = Self.withoutComment(String(afterTicks)).split(separator: ",").first.map { String($0).trimmingCharacters(in: .whitespaces) }
        var text = ""
        index += 1
        while index < lines.count {
            if lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                index += 1
                return .multiline(text, language: hint?.isEmpty == false ? hint : nil)
            }
            text += lines[index] + "\n"
            index += 1
        }
        throw HurlSyntaxError(line: opening, column: column, message: "the multiline string is not closed with ```")
    }

    /// A JSON object or array: characters up to the bracket that closes the first, strings
    /// (and `{{templates}}`, whose braces pair up) skipped over.
    private mutating func readJSON(column: Int) throws(HurlSyntaxError) -> HurlBody {
        let opening = index + 1
        var depth = 0
        var inString = false
        var escaped = false
        var text = ""
        while index < lines.count {
            let line = lines[index]
            for (offset, character) in line.enumerated() {
                text.append(character)
                if inString {
                    if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                    continue
                }
                switch character {
                case "\"": inString = true
                case "{", "[": depth += 1
                case "}", "]": depth -= 1
                default: break
                }
                if depth == 0, !text.trimmingCharacters(in: .whitespaces).isEmpty {
                    let rest = HurlLineScanner(line.dropFirst(offset + 1), line: index + 1, column: offset + 2)
                    guard rest.atEnd else { throw rest.error("unexpected \"\(rest.rest.trimmingCharacters(in: .whitespaces))\" after the JSON body") }
                    index += 1
                    return .json(text.trimmingCharacters(in: .whitespaces))
                }
            }
            text.append("\n")
            index += 1
        }
        throw HurlSyntaxError(line: opening, column: column, message: "the JSON body is not closed (a { or [ has no match)")
    }

    /// An XML document: lines up to the one that closes its root element (a prolog,
    /// comments, CDATA and processing instructions skipped over).
    private mutating func readXML(column: Int) throws(HurlSyntaxError) -> HurlBody {
        let opening = index + 1
        var depth = 0
        var opened = false
        var text = ""
        while index < lines.count {
            let line = String(lines[index])
            text += (text.isEmpty ? "" : "\n") + line
            var rest = Substring(line)
            while let open = rest.firstIndex(of: "<") {
                let tag = rest[open...]
                if tag.hasPrefix("<?") || tag.hasPrefix("<!") {
                    let end = tag.hasPrefix("<!--") ? "-->" : tag.hasPrefix("<![CDATA[") ? "]]>" : ">"
                    guard let close = tag.range(of: end) else { rest = ""; break }
                    rest = tag[close.upperBound...]
                    continue
                }
                guard let close = tag.firstIndex(of: ">") else { rest = ""; break }
                if tag.hasPrefix("</") { depth -= 1 } else if tag[tag.index(before: close)] != "/" { depth += 1; opened = true } else { opened = true }
                rest = tag[tag.index(after: close)...]
            }
            index += 1
            if opened, depth <= 0 { return .xml(text.trimmingCharacters(in: .whitespaces)) }
        }
        throw HurlSyntaxError(line: opening, column: column, message: "the XML body's root element is not closed")
    }
}
