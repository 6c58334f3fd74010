import Courier

/// Something in a `.http` file that keeps one request from being imported, at its line and
/// column (both from 1).
struct HTTPFileProblem: Error, Sendable, Hashable {
    var line: Int
    var column: Int
    var message: String
}

/// `[METHOD] URL [HTTP/1.1]`: the first line of a request. The method is optional (GET);
/// the version is dropped.
struct HTTPFileRequestLine: Sendable {
    var method: HTTPMethod
    var url: String
    /// Where the URL starts on its line (from 1).
    var column: Int

    /// Methods of the JetBrains grammar and WebDAV's, recognized as methods even when Courier
    /// cannot send them.
    static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "PATCH", "OPTIONS", "TRACE",
                                            "PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK", "QUERY"]

    /// Reads the request line `line`, or says why it is not one.
    static func parse(_ line: HTTPFileLine) -> Result<HTTPFileRequestLine, HTTPFileProblem> {
        let text = line.trimmed
        var words = words(of: text)
        if words.count > 1, isVersion(words.last!.text) { words.removeLast() }
        let base = line.indentation
        func problem(_ column: Int, _ message: String) -> Result<HTTPFileRequestLine, HTTPFileProblem> {
            .failure(HTTPFileProblem(line: line.number, column: base + column, message: message))
        }
        guard let first = words.first else { return problem(1, "expected a request line (METHOD URL)") }
        if isMethodLike(first.text), words.count == 1 || isVersion(words[1].text) {
            return problem(first.offset + first.text.count + 2, "the request line \"\(text)\" has no URL after \(first.text)")
        }
        if words.count >= 2, isMethodLike(first.text) {
            let upper = first.text.uppercased()
            guard let method = HTTPMethod(normalizing: knownMethods.contains(upper) ? upper : first.text) else {
                return problem(first.offset + 1, "\(first.text) is not an HTTP method (an RFC 9110 token)")
            }
            guard looksLikeURL(words[1].text) else {
                return problem(words[1].offset + 1, "expected a URL after \(first.text), found \"\(words[1].text)\"")
            }
            let url = words.dropFirst().map(\.text).joined(separator: " ")
            return .success(HTTPFileRequestLine(method: method, url: url, column: base + words[1].offset + 1))
        }
        if words.count >= 2, !looksLikeURL(first.text) {
            return problem(first.offset + 1, "expected a method or a URL, found \"\(first.text)\" (a request line is METHOD URL [HTTP/1.1])")
        }
        return .success(HTTPFileRequestLine(method: .get, url: words.map(\.text).joined(separator: " "), column: base + first.offset + 1))
    }

    /// `HTTP/1.1`, `HTTP/2`.
    static func isVersion(_ word: String) -> Bool {
        let upper = word.uppercased()
        guard upper.hasPrefix("HTTP/") else { return false }
        let number = upper.dropFirst(5)
        return !number.isEmpty && number.allSatisfy { $0.isNumber || $0 == "." }
    }

    /// A known method in any case, or an upper-case word like one (`FETCH`).
    static func isMethodLike(_ word: String) -> Bool {
        guard !word.isEmpty, word.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return knownMethods.contains(word.uppercased()) || (word == word.uppercased() && (3...12).contains(word.count))
    }

    /// A scheme, a placeholder, a path, or a host name (`example.com/…`, `localhost:8080`).
    static func looksLikeURL(_ word: String) -> Bool {
        if word.hasPrefix("/") || word.hasPrefix("{{") || word.contains("://") || word == "*" { return true }
        let host = word.prefix { $0 != "/" && $0 != "?" }
        return host.contains(".") || host.contains(":") || host.lowercased() == "localhost"
    }

    /// The words of a line with their character offsets.
    private static func words(of text: String) -> [(text: String, offset: Int)] {
        var words: [(String, Int)] = []
        var current = ""
        var start = 0
        for (offset, character) in text.enumerated() {
            if character == " " || character == "\t" {
                if !current.isEmpty { words.append((current, start)) }
                current = ""
            } else {
                if current.isEmpty { start = offset }
                current.append(character)
            }
        }
        if !current.isEmpty { words.append((current, start)) }
        return words
    }
}
