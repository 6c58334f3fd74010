import Foundation

/// A cursor over one line of a Hurl file that reads its tokens — words, quoted strings with
/// Hurl's escapes, `` `backtick` `` strings, `/regex/`, `{{templates}}`, numbers, `hex,…;` and
/// `base64,…;` — and knows its column for errors. A `#` outside a token starts a comment,
/// which ends the line.
struct HurlLineScanner {
    private let characters: [Character]
    private(set) var position = 0
    let line: Int
    /// The column (from 1) of the line's first character.
    private let firstColumn: Int

    init(_ text: Substring, line: Int, column: Int = 1) {
        characters = Array(text)
        self.line = line
        firstColumn = column
    }

    /// The column of the next character.
    var column: Int { firstColumn + position }

    /// The next character, nil at the end.
    var peek: Character? { position < characters.count ? characters[position] : nil }

    /// Whether only spaces and a comment are left.
    var atEnd: Bool {
        var index = position
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
        return index == characters.count || characters[index] == "#"
    }

    /// The rest of the line, as it is.
    var rest: String { String(characters[min(position, characters.count)...]) }

    func error(_ message: String, at column: Int? = nil) -> HurlSyntaxError {
        HurlSyntaxError(line: line, column: column ?? self.column, message: message)
    }

    mutating func skipSpaces() {
        while let next = peek, next == " " || next == "\t" { position += 1 }
    }

    /// Fails unless only spaces and a comment are left.
    mutating func end() throws(HurlSyntaxError) {
        skipSpaces()
        guard atEnd else { throw error("unexpected \"\(rest)\"") }
    }

    /// Letters, digits and `_-.` (a query, filter or predicate name); "" when none.
    mutating func word() -> String {
        skipSpaces()
        let start = position
        while let next = peek, next.isLetter || next.isNumber || next == "_" || next == "-" || next == "." { position += 1 }
        return String(characters[start..<position])
    }

    /// The next word without taking it.
    func peekWord() -> String {
        var copy = self
        return copy.word()
    }

    /// Takes `text` when it comes next (after spaces).
    mutating func take(_ text: String) -> Bool {
        skipSpaces()
        guard matches(text) else { return false }
        position += text.count
        return true
    }

    /// The characters up to the next space (or the end), taken.
    mutating func token() -> String {
        skipSpaces()
        let start = position
        while let next = peek, next != " ", next != "\t" { position += 1 }
        return String(characters[start..<position])
    }

    /// `==`, `!=`, `>=`, `<=`, `>`, `<` when one comes next.
    mutating func symbol() -> String? {
        skipSpaces()
        for symbol in ["==", "!=", ">=", "<=", ">", "<"] where matches(symbol) {
            position += symbol.count
            return symbol
        }
        return nil
    }

    /// Whether the characters at the cursor spell `text`.
    func matches(_ text: String) -> Bool {
        var index = position
        for character in text {
            guard index < characters.count, characters[index] == character else { return false }
            index += 1
        }
        return true
    }

    /// A value: `"quoted"`, `` `backtick` ``, `/regex/`, `{{template}}`, a number, `true`,
    /// `false`, `null`, `hex,…;` or `base64,…;`; nil when none starts here.
    mutating func value() throws(HurlSyntaxError) -> HurlValue? {
        skipSpaces()
        guard let next = peek else { return nil }
        switch next {
        case "\"": return .string(try quoted())
        case "`": return .string(try backtick())
        case "/": return .regex(try regex())
        case "{" where matches("{{"): return .template(try template())
        default: break
        }
        if matches("hex,") || matches("base64,") { return .bytes(try bytes()) }
        if next.isNumber || (next == "-" && position + 1 < characters.count && characters[position + 1].isNumber) {
            return .number(number())
        }
        for (word, value) in [("true", HurlValue.bool(true)), ("false", .bool(false)), ("null", .null)] where matches(word) {
            let after = position + word.count
            if after == characters.count || !(characters[after].isLetter || characters[after].isNumber) {
                position = after
                return value
            }
        }
        return nil
    }

    /// `"…"` with Hurl's escapes: `\"`, `\\`, `\#`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u{XXXX}`.
    mutating func quoted() throws(HurlSyntaxError) -> String {
        try delimited(by: "\"", kind: "quoted")
    }

    /// `` `…` `` with `` \` `` and Hurl's other escapes.
    mutating func backtick() throws(HurlSyntaxError) -> String {
        try delimited(by: "`", kind: "backtick")
    }

    /// The text up to the closing `quote`, escapes read; an error at the opening one when it is not closed.
    private mutating func delimited(by quote: Character, kind: String) throws(HurlSyntaxError) -> String {
        let start = column
        position += 1
        var text = ""
        while let next = peek {
            position += 1
            switch next {
            case quote: return text
            case "\\": text.append(try escape(quote: quote))
            default: text.append(next)
            }
        }
        throw error("the \(kind) string is not closed", at: start)
    }

    /// One escape after a `\`.
    private mutating func escape(quote: Character) throws(HurlSyntaxError) -> String {
        let at = column - 1
        guard let next = peek else { throw error("a \\ ends the line", at: at) }
        position += 1
        switch next {
        case quote, "\\", "#", "/": return String(next)
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "u":
            guard peek == "{", let close = characters[position...].firstIndex(of: "}"),
                  let code = UInt32(String(characters[(position + 1)..<close]), radix: 16), let scalar = Unicode.Scalar(code) else {
                throw error("expected a Unicode escape like \\u{00e9}", at: at)
            }
            position = close + 1
            return String(Character(scalar))
        default:
            throw error("unknown escape \\\(next)", at: at)
        }
    }

    /// `/…/` (with `\/` for a slash): the pattern.
    mutating func regex() throws(HurlSyntaxError) -> String {
        let start = column
        position += 1
        var pattern = ""
        while let next = peek {
            position += 1
            if next == "/" { return pattern }
            if next == "\\", peek == "/" {
                position += 1
                pattern.append("/")
            } else {
                pattern.append(next)
                if next == "\\", let escaped = peek {
                    position += 1
                    pattern.append(escaped)
                }
            }
        }
        throw error("the regular expression is not closed with /", at: start)
    }

    /// `{{ name }}`: the name, trimmed.
    mutating func template() throws(HurlSyntaxError) -> String {
        let start = column
        position += 2
        var inside = ""
        while position < characters.count {
            if matches("}}") {
                position += 2
                return inside.trimmingCharacters(in: .whitespaces)
            }
            inside.append(characters[position])
            position += 1
        }
        throw error("the template is not closed with }}", at: start)
    }

    /// An integer or a float: `-12`, `1.5`, `1e3`.
    mutating func number() -> String {
        let start = position
        if peek == "-" { position += 1 }
        while let next = peek, next.isNumber || next == "." || next == "e" || next == "E" || next == "+" { position += 1 }
        return String(characters[start..<position])
    }

    /// `hex,…;` or `base64,…;` on this line: the bytes.
    mutating func bytes() throws(HurlSyntaxError) -> Data {
        let start = column
        let isHex = matches("hex,")
        position += isHex ? 4 : 7
        guard let close = characters[position...].firstIndex(of: ";") else {
            throw error("\(isHex ? "hex" : "base64"), is not closed with ;", at: start)
        }
        let text = String(characters[position..<close]).filter { !$0.isWhitespace }
        position = close + 1
        guard let data = isHex ? HurlLineScanner.hexData(text) : Data(base64Encoded: text) else {
            throw error("not valid \(isHex ? "hexadecimal" : "base64"): \(text)", at: start)
        }
        return data
    }

    /// The bytes of hexadecimal digits, nil when they are not.
    static func hexData(_ text: String) -> Data? {
        guard text.count % 2 == 0 else { return nil }
        var data = Data()
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
            data.append(byte)
            index = next
        }
        return data
    }
}
