/// Why and where `JSONValue(parsing:)` rejected its input.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The offset, in bytes from the start of the input, where the problem was found.
    public let offset: Int
    /// What was wrong, in a few words.
    public let reason: String

    /// An error at byte `offset` of the input, for `reason`.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "Invalid JSON at byte \(offset): \(reason)" }

    /// A byte as the reasons write it: `0x1F`.
    static func hex(_ byte: UInt8) -> String {
        "0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}
