import Foundation

/// A body redacted as it streams, in memory bounded by a window whatever its size: what
/// ``Redaction`` does to a body held whole, for one kept in a file (a spooled response a
/// history keeps). JSON — by its content type or its first byte — keeps its bytes and layout;
/// the value of every key that names a secret (``Redaction/isSensitiveKey(_:)``, at any depth)
/// becomes `"‹redacted›"`, and every other string, number and literal goes through
/// ``Redaction/redact(_:secrets:)`` (known secrets, a URL's password, secret query values). A
/// body that is not JSON, or stops being JSON, is redacted line by line the same way; a line
/// that is not UTF-8 is kept as it is, as a body that is not text is by ``Redaction``.
///
/// Limits, said: a string or line longer than the window (1 MiB) is redacted a window at a
/// time, keeping the last 256 bytes of one for the next, so a secret longer than that across
/// a window's edge is not found; a key with escapes is read by JSONDecoder.
public struct StreamingRedaction {
    private enum Mode { case undecided, json, text }

    private let secrets: SecretMatcher
    private let window: Int
    private var mode: Mode
    /// Open containers, innermost last (`{` or `[`).
    private var stack: [UInt8] = []
    private var expectingKey = false
    /// The next value is a secret key's: it becomes the placeholder.
    private var sensitive = false
    /// Depth of a secret key's container value being skipped.
    private var skipDepth = 0
    private var inString = false
    private var escaped = false
    private var stringIsKey = false
    /// A string longer than the window: its start is written already.
    private var spilled = false
    private var inLiteral = false
    private var token: [UInt8] = []
    /// Whether anything was replaced so far.
    public private(set) var changed = false

    /// `json`: the body's content type says JSON (otherwise its first byte decides).
    public init(secrets: SecretMatcher, json: Bool, window: Int = 1 << 20) {
        self.secrets = secrets
        self.window = max(window, 1024)
        mode = json ? .json : .undecided
    }

    /// Takes the next bytes of the body, appending what is ready to `output`.
    public mutating func take(_ bytes: some Sequence<UInt8>, into output: inout [UInt8]) {
        for byte in bytes { take(byte, into: &output) }
    }

    /// The body has ended: appends the rest to `output`.
    public mutating func finish(into output: inout [UInt8]) {
        switch mode {
        case .undecided, .text:
            flushText(into: &output)
        case .json:
            if inLiteral { endLiteral(into: &output) }
            if inString || skipDepth > 0 {
                // Cut short: what is held is not valid JSON; kept, redacted as text.
                if sensitive || skipDepth > 0 { writePlaceholder(into: &output) } else {
                    if !spilled { output.append(UInt8(ascii: "\"")) }
                    output += redacted(token)
                }
                token.removeAll()
            }
        }
    }

    private static let placeholder = Array("\"\(Redaction.placeholder)\"".utf8)

    private mutating func take(_ byte: UInt8, into output: inout [UInt8]) {
        switch mode {
        case .text:
            token.append(byte)
            if byte == UInt8(ascii: "\n") || token.count >= window { flushText(into: &output, whole: byte == UInt8(ascii: "\n")) }
        case .undecided:
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                output.append(byte)
            } else {
                mode = byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") ? .json : .text
                take(byte, into: &output)
            }
        case .json:
            takeJSON(byte, into: &output)
        }
    }

    private mutating func takeJSON(_ byte: UInt8, into output: inout [UInt8]) {
        if skipDepth > 0 { return skip(byte, into: &output) }
        if inString { return takeString(byte, into: &output) }
        if inLiteral {
            if Self.isLiteralByte(byte) {
                token.append(byte)
                if token.count >= window { becomeText(with: byte, into: &output, alreadyHeld: true) }
                return
            }
            endLiteral(into: &output)
        }
        switch byte {
        case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ":"):
            output.append(byte)
        case UInt8(ascii: "\""):
            inString = true
            spilled = false
            stringIsKey = stack.last == UInt8(ascii: "{") && expectingKey
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if sensitive {
                skipDepth = 1
                return
            }
            stack.append(byte)
            expectingKey = byte == UInt8(ascii: "{")
            output.append(byte)
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            guard let open = stack.popLast(), open == (byte == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "[")) else {
                return becomeText(with: byte, into: &output)
            }
            expectingKey = false
            output.append(byte)
        case UInt8(ascii: ","):
            expectingKey = stack.last == UInt8(ascii: "{")
            output.append(byte)
        default:
            guard Self.isLiteralByte(byte) else { return becomeText(with: byte, into: &output) }
            inLiteral = true
            token = [byte]
        }
    }

    private mutating func takeString(_ byte: UInt8, into output: inout [UInt8]) {
        if escaped {
            escaped = false
        } else if byte == UInt8(ascii: "\\") {
            escaped = true
        } else if byte == UInt8(ascii: "\"") {
            inString = false
            return endString(into: &output)
        }
        token.append(byte)
        guard token.count >= window, !escaped else { return }
        // Longer than the window: written a window at a time (a secret key's value dropped).
        let keep = 256
        let part = Array(token[..<(token.count - keep)])
        token.removeFirst(token.count - keep)
        if stringIsKey {
            // A key past the window names no secret; what follows it is read as a value.
            stringIsKey = false
            expectingKey = false
        }
        guard !sensitive else { return }
        if !spilled { output.append(UInt8(ascii: "\"")) }
        spilled = true
        output += redacted(part)
    }

    private mutating func endString(into output: inout [UInt8]) {
        defer { token.removeAll(keepingCapacity: true) }
        if stringIsKey {
            output.append(UInt8(ascii: "\""))
            output += token
            output.append(UInt8(ascii: "\""))
            sensitive = Redaction.isSensitiveKey(Self.key(token))
            expectingKey = false
            return
        }
        if sensitive { return writePlaceholder(into: &output) }
        if !spilled { output.append(UInt8(ascii: "\"")) }
        output += spilled ? redacted(token) : redactedString(token)
        output.append(UInt8(ascii: "\""))
    }

    private mutating func endLiteral(into output: inout [UInt8]) {
        inLiteral = false
        defer { token.removeAll(keepingCapacity: true) }
        if sensitive { return writePlaceholder(into: &output) }
        output += redacted(token)
    }

    private mutating func writePlaceholder(into output: inout [UInt8]) {
        output += Self.placeholder
        sensitive = false
        changed = true
    }

    /// A secret key's object or array: nothing of it written, the placeholder at its end.
    private mutating func skip(_ byte: UInt8, into output: inout [UInt8]) {
        if inString {
            if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            return
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["): skipDepth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            skipDepth -= 1
            if skipDepth == 0 { writePlaceholder(into: &output) }
        default: break
        }
    }

    /// Not JSON after all: what is held and the rest are redacted as text.
    private mutating func becomeText(with byte: UInt8, into output: inout [UInt8], alreadyHeld: Bool = false) {
        mode = .text
        inLiteral = false
        if !alreadyHeld { take(byte, into: &output) } else if token.count >= window { flushText(into: &output) }
    }

    private mutating func flushText(into output: inout [UInt8], whole: Bool = true) {
        guard !token.isEmpty else { return }
        // A window cut inside a line keeps its last bytes for the next one.
        let keep = whole ? 0 : min(256, token.count)
        let part = Array(token[..<(token.count - keep)])
        token.removeFirst(token.count - keep)
        output += redacted(part)
    }

    /// `bytes` through ``Redaction/redact(_:secrets:)`` when it could hold something to hide;
    /// as they are otherwise, or when they are not UTF-8.
    private mutating func redacted(_ bytes: [UInt8]) -> [UInt8] {
        guard !secrets.isEmpty || bytes.contains(UInt8(ascii: "=")) || bytes.contains(UInt8(ascii: ":")) else { return bytes }
        guard let text = String(validating: bytes, as: UTF8.self) else { return bytes }
        let result = Redaction.redact(text, secrets: secrets)
        guard result != text else { return bytes }
        changed = true
        return Array(result.utf8)
    }

    /// A string's bytes between its quotes, redacted as its text: one with escapes is decoded
    /// first (`https:\/\/user:pw@…` is a URL) and written again only when something was hidden.
    private mutating func redactedString(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "\\")) else { return redacted(bytes) }
        let quoted = Data([UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")])
        guard let text = try? JSONDecoder().decode(String.self, from: quoted) else { return redacted(bytes) }
        let result = Redaction.redact(text, secrets: secrets)
        guard result != text else { return bytes }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        guard let encoded = try? encoder.encode(result), encoded.count >= 2 else { return redacted(bytes) }
        changed = true
        return Array(encoded.dropFirst().dropLast())
    }

    private static func isLiteralByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".")
    }

    /// A key's text from its bytes between the quotes.
    private static func key(_ bytes: [UInt8]) -> String {
        guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
        return (try? JSONDecoder().decode(String.self, from: Data([UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")])))
            ?? String(decoding: bytes, as: UTF8.self)
    }
}
