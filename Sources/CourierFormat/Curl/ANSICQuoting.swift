/// `$'…'` words (ANSI-C quoting, which bash, zsh and ksh read, and POSIX sh since 2024):
/// escapes stand for control characters, so a curl command that sends an escape byte in a
/// header holds no escape byte itself — printed, copied or pasted, it cannot drive a
/// terminal — and still sends the same bytes when run. Browsers' "copy as cURL" writes them too.
enum ANSICQuoting {
    /// Whether `word` has a character a terminal would obey: a C0 control other than tab and
    /// line feed, DEL, or a C1 control.
    static func isNeeded(for word: String) -> Bool {
        word.unicodeScalars.contains { $0 != "\t" && $0 != "\n" && isControl($0) }
    }

    /// `word` as `$'…'`: `\\`, `\'`, `\n`, `\t`, `\r`, and other controls as `\xHH` (a C1
    /// control as its two UTF-8 bytes).
    static func quote(_ word: String) -> String {
        "$" + BackslashEscaping.quoted(word, quote: "'") { scalar in
            isControl(scalar) ? String(scalar).utf8.map { "\\x" + hex($0) }.joined() : nil
        }
    }

    /// Reads the rest of a `$'…'` word after its opening quote, up to the closing one, with
    /// bash's escapes (`\n`, `\e`, `\xHH`, `\NNN`, `\uHHHH`, `\UHHHHHHHH`, `\cX`, …); bytes
    /// given by `\x` and octal escapes are read as UTF-8 together.
    static func read(_ iterator: inout IndexingIterator<[Character]>) throws(ShellWords.UnterminatedQuote) -> String {
        let rest = Array(IteratorSequence(iterator))
        var index = 0
        var bytes: [UInt8] = []
        func next() -> Character? {
            guard index < rest.count else { return nil }
            defer { index += 1 }
            return rest[index]
        }
        /// Up to `count` digits of `radix` as a number (nil when there is none).
        func digits(_ count: Int, radix: Int) -> UInt32? {
            var value: UInt32?
            for _ in 0..<count {
                guard index < rest.count, let digit = rest[index].hexDigitValue, digit < radix else { break }
                value = (value ?? 0) * UInt32(radix) + UInt32(digit)
                index += 1
            }
            return value
        }
        func append(_ text: String) { bytes += Array(text.utf8) }
        while true {
            guard let character = next() else { throw ShellWords.UnterminatedQuote() }
            if character == "'" { break }
            guard character == "\\" else {
                append(String(character))
                continue
            }
            guard let escaped = next() else { throw ShellWords.UnterminatedQuote() }
            switch escaped {
            case "a": bytes.append(0x07)
            case "b": bytes.append(0x08)
            case "e", "E": bytes.append(0x1B)
            case "f": bytes.append(0x0C)
            case "n": bytes.append(0x0A)
            case "r": bytes.append(0x0D)
            case "t": bytes.append(0x09)
            case "v": bytes.append(0x0B)
            case "x":
                if let value = digits(2, radix: 16) { bytes.append(UInt8(value)) } else { append("\\x") }
            case "u", "U":
                if let value = digits(escaped == "u" ? 4 : 8, radix: 16), let scalar = Unicode.Scalar(value) {
                    append(String(scalar))
                } else {
                    append("\\" + String(escaped))
                }
            case "c":
                if let control = next(), let ascii = control.asciiValue { bytes.append(ascii & 0x1F) }
            case "0"..."7":
                index -= 1
                bytes.append(UInt8(truncatingIfNeeded: digits(3, radix: 8) ?? 0))
            default:
                // `\\`, `\'`, `\"`, `\?` stand for the character; others keep their backslash.
                if !"\\'\"?".contains(escaped) { append("\\") }
                append(String(escaped))
            }
        }
        iterator = Array(rest[index...]).makeIterator()
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func hex(_ byte: UInt8) -> String {
        BackslashEscaping.hex(UInt32(byte), digits: 2, uppercase: true)
    }
}
