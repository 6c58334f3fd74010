/// The one check every header field passes before libcurl sees it (RFC 9110 §5): a name made
/// of token characters, a value without control characters but the tab. A line break in a
/// value would end the field and start another (header injection) or end the head and start a
/// second request on the connection (request smuggling); ESC, BEL and the like have no place
/// in a field either.
///
/// `RequestBuilder` applies it to what a request writes, and the transport once more to
/// what it is about to hand libcurl — an authenticator's credentials and a load run's token
/// are added after the builder — so that no path can bypass it. Callers that know where a
/// value came from (a token endpoint, a command, a capture) check it first with
/// ``controlCharacter(in:)`` to say so.
public enum HeaderFieldCheck {
    /// The first control character of `value` that may not be sent in a header (any but the
    /// tab, DEL included), described for a message (`CR (a line break)`); nil when there is none.
    public static func controlCharacter(in value: String) -> String? {
        let found = value.utf8.withContiguousStorageIfAvailable { $0.first(where: isForbidden) }
            ?? value.utf8.first(where: isForbidden)
        return found.map(describe)
    }

    /// Whether `name` may be sent as a field name: one or more token characters.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(isTokenByte)
    }

    /// Why the field cannot be sent, naming it; nil when it can.
    public static func refusal(name: String, value: String) -> String? {
        guard isValidName(name) else {
            return "The header \"\(name)\" has a name or value that cannot be sent: the name is not an HTTP token."
        }
        guard let character = controlCharacter(in: value) else { return nil }
        return "The header \"\(name)\" has a name or value that cannot be sent: its value holds a control character, "
            + "\(character); it is not sent."
    }

    /// The error for the first field of `headers` that cannot be sent; nil when all can.
    static func error(in headers: [(name: String, value: String)]) -> RequestError? {
        for header in headers {
            if let reason = refusal(name: header.name, value: header.value) {
                return RequestError(family: .transport, code: .badURL, message: reason)
            }
        }
        return nil
    }

    /// Control characters but the tab, and DEL.
    private static func isForbidden(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09) || byte == 0x7F
    }

    private static func describe(_ byte: UInt8) -> String {
        let hex = "0x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        switch byte {
        case 0x0D: return "CR (a line break)"
        case 0x0A: return "LF (a line break)"
        case 0x00: return "NUL"
        case 0x1B: return "ESC (\(hex))"
        case 0x07: return "BEL (\(hex))"
        case 0x7F: return "DEL (\(hex))"
        default: return hex
        }
    }

    /// RFC 9110's `tchar`: the bytes a field name is made of (checked byte by byte, not
    /// with a Foundation character set made for every request).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
