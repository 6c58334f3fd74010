import Foundation

/// SHA-256 as 64 lowercase hex digits: cache entry names and body digests, resume keys, and
/// the history's body hashes.
public enum SHA256Hex {
    /// The SHA-256 of `data`, as 64 lowercase hex digits.
    public static func of(_ data: Data) -> String {
        hex(CryptoDigest.sha256.hash(data))
    }

    /// Lowercase hex of `bytes`, two digits each.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether `text` looks like one: 64 lowercase hex digits.
    public static func isDigest(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
