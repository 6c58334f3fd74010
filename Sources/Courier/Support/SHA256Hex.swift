import Crypto
import Foundation

/// SHA-256 as 64 lowercase hex digits: cache entry names and body digests, resume keys, and
/// the history's body hashes.
public enum SHA256Hex {
    public static func of(_ data: Data) -> String {
        SHA256.hash(data: data).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// Whether `text` looks like one: 64 lowercase hex digits.
    public static func isDigest(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
