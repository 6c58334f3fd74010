/// Splitting and quoting shell words, as a POSIX shell does for `curl …` lines.
package enum ShellWords {
    struct UnterminatedQuote: Error {}

    /// The words of `line`: single quotes are literal, double quotes honour `\"`, `\\`, `\$`
    /// and `` \` ``, `$'…'` reads escapes (``ANSICQuoting``), a backslash outside quotes
    /// escapes the next character, and a backslash-newline joins lines.
    static func split(_ line: String) throws(UnterminatedQuote) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        /// Whether the last character read was a `$` outside quotes.
        var afterDollar = false
        var iterator = Array(line).makeIterator()
        while let character = iterator.next() {
            defer { afterDollar = character == "$" && !afterDollar }
            switch character {
            case "'" where afterDollar:
                current.removeLast()
                current += try ANSICQuoting.read(&iterator)
            case "'":
                inWord = true
                while true {
                    guard let next = iterator.next() else { throw UnterminatedQuote() }
                    if next == "'" { break }
                    current.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = iterator.next() else { throw UnterminatedQuote() }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = iterator.next() else { throw UnterminatedQuote() }
                        if !"\"\\$`\n".contains(escaped) { current.append("\\") }
                        if escaped != "\n" { current.append(escaped) }
                    } else {
                        current.append(next)
                    }
                }
            case "\\":
                guard let escaped = iterator.next() else { continue }
                if escaped != "\n" {
                    current.append(escaped)
                    inWord = true
                }
            case " ", "\t", "\n", "\r":
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
            default:
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// `word` quoted for a POSIX shell (single quotes unless it is plainly safe; `$'…'` when
    /// it holds control characters a terminal would obey).
    package static func quote(_ word: String) -> String {
        if ANSICQuoting.isNeeded(for: word) { return ANSICQuoting.quote(word) }
        let safe = !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:=@%+,".contains($0)) }
        return safe ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
