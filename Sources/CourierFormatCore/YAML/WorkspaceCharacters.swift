/// The check of a workspace's characters before YAML reads them. libyaml refuses invalid
/// UTF-8 and control characters with a byte offset at best, which became `1:1`; here the
/// first offending byte is reported at its own line and column.
package enum WorkspaceCharacters {
    /// Throws for the first bytes that are not UTF-8 and the first character YAML does not
    /// allow (controls other than tab, line feed and carriage return; U+FFFE, U+FFFF).
    ///
    /// Lines end at a line feed, a carriage return or both; columns count characters
    /// (Unicode scalars) from 1, as libyaml does for its own errors, and a leading
    /// byte-order mark is not counted.
    package static func check(_ bytes: some Collection<UInt8>, file: String) throws(WorkspaceError) {
        let clean = bytes.withContiguousStorageIfAvailable { buffer in
            hasNoSuspectByte(buffer, validUTF8: false)
                || (String(validating: buffer, as: UTF8.self) != nil && hasNoSuspectByte(buffer, validUTF8: true))
        }
        if clean == true { return }
        try checkCharacters(bytes, file: file)
    }

    /// ``check(_:file:)`` of a string's text, which is valid UTF-8 already.
    package static func check(_ text: String, file: String) throws(WorkspaceError) {
        var text = text
        if text.withUTF8({ hasNoSuspectByte($0, validUTF8: true) }) { return }
        try checkCharacters(text.utf8, file: file)
    }

    private static func checkCharacters(_ bytes: some Collection<UInt8>, file: String) throws(WorkspaceError) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0, line = 1, column = 1
        var afterCarriageReturn = false
        func location() -> SourceLocation { SourceLocation(file: file, line: line, column: column) }
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .emptyInput:
                return
            case .error(let length):
                let invalid = bytes.dropFirst(offset).prefix(length).map { "0x" + hex($0, digits: 2) }
                let subject = invalid.count == 1 ? "byte \(invalid[0]) does" : "bytes \(invalid.joined(separator: " ")) do"
                throw WorkspaceError(.syntax, at: location(),
                                     "invalid UTF-8: \(subject) not form a character (byte offset \(offset)); save the file as UTF-8")
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                defer { offset += encoded.count }
                switch scalar.value {
                case 0x0A:
                    if !afterCarriageReturn { line += 1 }
                    column = 1
                case 0x0D:
                    line += 1
                    column = 1
                case 0xFEFF where offset == 0:
                    break
                default:
                    if let problem = problem(with: scalar.value) {
                        throw WorkspaceError(.syntax, at: location(), problem)
                    }
                    column += 1
                }
                afterCarriageReturn = scalar.value == 0x0D
            }
        }
    }

    /// Whether no byte can start a problem: none is a control but tab, line feed and carriage
    /// return, or DEL; and, in text known to be UTF-8, none starts U+0080–U+009F (C1 controls),
    /// U+FFFE or U+FFFF — bytes not known to be UTF-8 pass only when they are ASCII (or, see
    /// ``check(_:file:)``, once they have been validated). Most files pass this scan, many times
    /// cheaper than decoding each character (a 31 MB OpenAPI document spent a quarter of its
    /// load in the full check, in a debug build).
    private static func hasNoSuspectByte(_ buffer: UnsafeBufferPointer<UInt8>, validUTF8: Bool) -> Bool {
        var index = 0
        while index < buffer.count {
            let byte = buffer[index]
            if byte < 0x20 {
                if byte != 0x09 && byte != 0x0A && byte != 0x0D { return false }
            } else if byte >= 0x7F {
                guard byte != 0x7F, validUTF8 else { return false }
                // In valid UTF-8 a lead byte's continuation bytes follow it: only C2 80–9F (the
                // C1 controls) and EF BF BE/BF (U+FFFE, U+FFFF) are refused.
                let next = index + 1 < buffer.count ? buffer[index + 1] : 0
                if byte == 0xC2 && next < 0xA0 { return false }
                if byte == 0xEF && next == 0xBF && index + 2 < buffer.count && buffer[index + 2] >= 0xBE { return false }
            }
            index += 1
        }
        return true
    }

    /// Why YAML refuses a character, or nil when it takes it.
    private static func problem(with value: UInt32) -> String? {
        switch value {
        case 0x09, 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...:
            return nil
        default:
            break
        }
        let name = "U+" + hex(value, digits: 4)
        let escape = "write it as \\u\(hex(value, digits: 4)) inside double quotes"
        switch value {
        case 0xFFFE, 0xFFFF:
            return "the character \(name) is not allowed in YAML; \(escape)"
        default:
            return "control character \(name) is not allowed in YAML (only tab, line feed and carriage return are); \(escape)"
        }
    }

    private static func hex(_ value: some BinaryInteger, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
