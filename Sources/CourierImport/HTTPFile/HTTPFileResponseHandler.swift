/// JetBrains response handler scripts (`> {% … %}`), read for the one form a chain can do
/// without running JavaScript: `client.global.set("name", response.body.path)` (also
/// `response.headers.valueOf("X")` and `response.status`), a capture into `{{name}}`.
enum HTTPFileResponseHandler {
    /// The captures of `script` (variable ← `$.path`, `header:NAME`, `status` or `body`), and
    /// whether anything else is left in it (tests, logging, other statements).
    static func read(_ script: String) -> (captures: [(variable: String, source: String)], rest: String?) {
        var captures: [(String, String)] = []
        var rest = ""
        var remaining = Substring(script)
        while let call = remaining.range(of: "client.global.set(") {
            rest += remaining[..<call.lowerBound]
            guard let close = closingParenthesis(in: remaining[call.upperBound...]) else {
                remaining = remaining[call.lowerBound...]
                break
            }
            let arguments = remaining[call.upperBound..<close]
            if let capture = capture(arguments) {
                captures.append(capture)
            } else {
                rest += remaining[call.lowerBound...close]
            }
            remaining = remaining[remaining.index(after: close)...]
        }
        rest += remaining
        let leftover = rest.split(separator: "\n").map { line -> String in
            var text = HTTPFileText.trim(String(line))
            if let comment = text.range(of: "//") { text = String(text[..<comment.lowerBound]) }
            return HTTPFileText.trim(text.filter { $0 != ";" })
        }.filter { !$0.isEmpty }
        return (captures, leftover.isEmpty ? nil : leftover.joined(separator: " "))
    }

    /// `"name", response.body.a[0]["b c"]` → (`name`, `$.a[0]['b c']`).
    private static func capture(_ arguments: Substring) -> (String, String)? {
        var text = Substring(HTTPFileText.trim(String(arguments)))
        guard let name = stringLiteral(&text), !name.isEmpty else { return nil }
        text = Substring(HTTPFileText.trim(String(text)))
        guard text.first == "," else { return nil }
        let expression = HTTPFileText.trim(String(text.dropFirst()))
        if expression == "response.status" { return (name, "status") }
        if expression.hasPrefix("response.headers.valueOf(") , expression.hasSuffix(")") {
            var inner = Substring(HTTPFileText.trim(String(expression.dropFirst(25).dropLast())))
            guard let header = stringLiteral(&inner), inner.isEmpty else { return nil }
            return (name, "header:" + header)
        }
        guard expression.hasPrefix("response.body") else { return nil }
        var accessors = Substring(expression.dropFirst("response.body".count))
        var path = "$"
        while let first = accessors.first {
            if first == "." {
                let key = accessors.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
                guard !key.isEmpty else { return nil }
                path += "." + key
                accessors = accessors.dropFirst(1 + key.count)
            } else if first == "[" {
                var inner = accessors.dropFirst()
                if let literal = stringLiteral(&inner), inner.first == "]" {
                    guard !literal.contains("'") else { return nil }
                    path += "['\(literal)']"
                    accessors = inner.dropFirst()
                } else {
                    let digits = inner.prefix { $0.isNumber }
                    guard !digits.isEmpty, inner.dropFirst(digits.count).first == "]" else { return nil }
                    path += "[\(digits)]"
                    accessors = inner.dropFirst(digits.count + 1)
                }
            } else {
                return nil
            }
        }
        return (name, path == "$" ? "body" : path)
    }

    /// Reads a `"…"` or `'…'` literal without escapes from the start of `text`.
    private static func stringLiteral(_ text: inout Substring) -> String? {
        guard let quote = text.first, quote == "\"" || quote == "'" else { return nil }
        let inside = text.dropFirst()
        guard let end = inside.firstIndex(of: quote) else { return nil }
        let literal = String(inside[..<end])
        guard !literal.contains("\\") else { return nil }
        text = inside[inside.index(after: end)...]
        return literal
    }

    /// The `)` that closes the call whose arguments start `text`, skipping quoted strings.
    private static func closingParenthesis(in text: Substring) -> Substring.Index? {
        var depth = 0
        var quote: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == "\\" {
                    index = text.index(after: index)
                } else if character == open {
                    quote = nil
                }
            } else if character == "\"" || character == "'" || character == "`" {
                quote = character
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                if depth == 0 { return index }
                depth -= 1
            }
            if index < text.endIndex { index = text.index(after: index) }
        }
        return nil
    }
}
