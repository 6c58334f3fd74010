import Courier

/// A request as written in one `.http` block, its text not yet translated.
struct HTTPFileRawRequest: Sendable {
    /// The `###` separator's text.
    var title: String?
    /// `# @name login` / `// @name login`.
    var name: String?
    /// Plain comment lines above the request line.
    var comments: [String] = []
    /// `# @no-redirect`, `# @timeout 5`, `# @prompt user`: name and the rest of the line.
    var settings: [(name: String, value: String)] = []
    var method: HTTPMethod = .get
    var url = ""
    var line = 0
    var column = 0
    var headers: [(name: String, value: String, line: Int)] = []
    /// The body's lines, blank lines around it removed.
    var body: [HTTPFileLine] = []
    /// In-place response handler scripts (`> {% … %}`), with their first line.
    var handlerScripts: [(script: String, line: Int)] = []
    /// What the request has that the workspace cannot do, each with its line.
    var unsupported: [String] = []
    var notes: [String] = []
    /// A REST Client block written as a curl command, continuation lines joined.
    var curlCommand: String?
}

/// What one block holds: file variables (`@name = value`) and at most one request, or the
/// problem that kept its request out.
struct HTTPFileBlockContent: Sendable {
    var variables: [(name: String, value: String, line: Int)] = []
    var request: HTTPFileRawRequest?
    var problem: HTTPFileProblem?
}

/// Reads a block: comments and settings, variables, the request line and its continuation
/// lines, headers, the body after the first blank line, and JetBrains' response handlers
/// (`> {% … %}`), response files (`>> out.json`) and response references (`<> old.json`).
enum HTTPFileBlockParser {
    static func parse(_ block: HTTPFileBlock) -> HTTPFileBlockContent {
        var content = HTTPFileBlockContent()
        var request = HTTPFileRawRequest(title: block.title)
        let lines = block.lines
        var index = 0
        // Above the request line: comments, settings, variables, a pre-request script.
        while index < lines.count {
            let text = lines[index].trimmed
            if text.isEmpty {
                index += 1
            } else if text.hasPrefix("< {%") {
                request.unsupported.append("line \(lines[index].number): pre-request script not run")
                index = scriptEnd(lines, from: index) + 1
            } else if HTTPFileText.isComment(text) {
                readComment(HTTPFileText.commentText(text), into: &request)
                index += 1
            } else if text.hasPrefix("@"), let variable = variable(text) {
                content.variables.append((variable.name, variable.value, lines[index].number))
                request.comments = []
                index += 1
            } else {
                break
            }
        }
        guard index < lines.count else { return content }
        if lines[index].trimmed == "curl" || lines[index].trimmed.hasPrefix("curl ") {
            request.line = lines[index].number
            request.column = lines[index].indentation + 1
            var command: [String] = []
            while index < lines.count, !lines[index].isBlank {
                var text = lines[index].trimmed
                if text.hasSuffix("\\") { text.removeLast() }
                command.append(text)
                index += 1
            }
            request.curlCommand = command.joined(separator: " ")
            content.request = request
            return content
        }
        switch HTTPFileRequestLine.parse(lines[index]) {
        case .failure(let problem):
            content.problem = problem
            return content
        case .success(let requestLine):
            request.method = requestLine.method
            request.url = requestLine.url
            request.line = lines[index].number
            request.column = requestLine.column
        }
        index += 1
        // Indented lines right after the request line continue the URL (`    ?page=2`), and so
        // do lines starting with `?` or `&`, which cannot be headers.
        while index < lines.count, !lines[index].isBlank, !lines[index].isComment {
            let text = lines[index].trimmed
            let isQuery = text.hasPrefix("?") || text.hasPrefix("&")
            guard isQuery || (lines[index].indentation > 0 && (text.hasPrefix("/") || !looksLikeHeader(text))) else { break }
            var words = text.split(separator: " ").map(String.init)
            if words.count > 1, HTTPFileRequestLine.isVersion(words.last!) { words.removeLast() }
            request.url += words.joined(separator: " ")
            index += 1
        }
        // Headers, up to the first blank line.
        while index < lines.count {
            let line = lines[index]
            let text = line.trimmed
            if text.isEmpty {
                index += 1
                break
            }
            if isTrailer(text) { break }
            if line.isComment {
                index += 1
                continue
            }
            if line.indentation > 0, !request.headers.isEmpty, !looksLikeHeader(text) {
                request.headers[request.headers.count - 1].value += " " + text
            } else if looksLikeHeader(text) {
                let colon = text.firstIndex(of: ":")!
                request.headers.append((HTTPFileText.trim(String(text[..<colon])),
                                        HTTPFileText.trim(String(text[text.index(after: colon)...])), line.number))
            } else {
                request.notes.append("line \(line.number): no blank line between the headers and the body; the body starts here")
                break
            }
            index += 1
        }
        // The body, up to the end of the block or a response handler.
        var body: [HTTPFileLine] = []
        while index < lines.count, !isTrailer(lines[index].trimmed) {
            body.append(lines[index])
            index += 1
        }
        while body.first?.isBlank == true { body.removeFirst() }
        while body.last?.isBlank == true { body.removeLast() }
        request.body = body
        readTrailer(lines, from: index, into: &request)
        content.request = request
        return content
    }

    /// `@name = value` (REST Client's file variables, JetBrains' in-place variables).
    static func variable(_ text: String) -> (name: String, value: String)? {
        let rest = text.dropFirst()
        let name = rest.prefix { $0 != " " && $0 != "\t" && $0 != "=" }
        guard !name.isEmpty else { return nil }
        let afterName = HTTPFileText.trim(String(rest.dropFirst(name.count)))
        guard afterName.hasPrefix("=") else { return nil }
        return (String(name), HTTPFileText.trim(String(afterName.dropFirst())))
    }

    /// `Name: value`, where the name has no spaces and is not a URL's scheme.
    static func looksLikeHeader(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let name = text[..<colon]
        guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "\t" || "/?&=<>{}".contains($0) }) else { return false }
        return !text[colon...].hasPrefix("://")
    }

    /// `> {% … %}`, `> handler.js`, `>> file`, `>>! file` and `<> file`: what follows a body.
    static func isTrailer(_ text: String) -> Bool {
        if text.hasPrefix("> {%") || text.hasPrefix(">>") || text.hasPrefix("<> ") { return true }
        return text.hasPrefix("> ") && text.hasSuffix(".js")
    }

    private static func readComment(_ comment: String, into request: inout HTTPFileRawRequest) {
        guard comment.hasPrefix("@"), comment.count > 1 else {
            request.comments.append(comment)
            return
        }
        let setting = comment.dropFirst()
        let name = String(setting.prefix { $0 != " " && $0 != "\t" && $0 != "=" })
        var value = HTTPFileText.trim(String(setting.dropFirst(name.count)))
        if value.hasPrefix("=") { value = HTTPFileText.trim(String(value.dropFirst())) }
        if name == "name" {
            if !value.isEmpty { request.name = value }
        } else {
            request.settings.append((name, value))
        }
    }

    /// The index of the line that closes a `{% … %}` script starting at `start`.
    private static func scriptEnd(_ lines: [HTTPFileLine], from start: Int) -> Int {
        var index = start
        while index < lines.count {
            let text = lines[index].text
            let searchFrom = index == start ? (text.range(of: "{%")?.upperBound ?? text.startIndex) : text.startIndex
            if text[searchFrom...].contains("%}") { return index }
            index += 1
        }
        return lines.count - 1
    }

    private static func readTrailer(_ lines: [HTTPFileLine], from start: Int, into request: inout HTTPFileRawRequest) {
        var index = start
        while index < lines.count {
            let line = lines[index]
            let text = line.trimmed
            if text.hasPrefix("> {%") {
                let end = scriptEnd(lines, from: index)
                var script = lines[index...end].map(\.text).joined(separator: "\n")
                if let open = script.range(of: "{%") { script = String(script[open.upperBound...]) }
                if let close = script.range(of: "%}", options: .backwards) { script = String(script[..<close.lowerBound]) }
                request.handlerScripts.append((script, line.number))
                index = end + 1
                continue
            }
            if text.hasPrefix(">>") {
                request.unsupported.append("line \(line.number): response saved to a file (\(text)) not carried over")
            } else if text.hasPrefix("<> ") {
                request.unsupported.append("line \(line.number): response reference (\(text)) ignored")
            } else if text.hasPrefix(">") {
                request.unsupported.append("line \(line.number): response handler file \(HTTPFileText.trim(String(text.dropFirst()))) not run")
            } else if !text.isEmpty, !line.isComment {
                request.unsupported.append("line \(line.number): \"\(text)\" after the response handler ignored")
            }
            index += 1
        }
    }
}
