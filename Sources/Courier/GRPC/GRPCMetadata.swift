import Foundation

/// gRPC call metadata as HTTP/2 header fields (grpc/doc/PROTOCOL-HTTP2.md): keys in lower
/// case; a key ending in `-bin` carries bytes, sent base64 without padding; other values are
/// printable ASCII.
public enum GRPCMetadata {
    /// Why an entry cannot be sent as metadata.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The key as given.
        public var key: String
        /// What the key or the value should be.
        public var reason: String
        /// `metadata KEY: REASON`.
        public var description: String { "metadata \(key): \(reason)" }
    }

    /// `entries` as header fields: each key lower-cased and checked, each `-bin` value
    /// base64-encoded, each other value checked to be printable ASCII.
    public static func fields(_ entries: [(key: String, value: Data)]) throws(Problem) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        for (key, value) in entries {
            let name = key.lowercased()
            try check(name)
            if name.hasSuffix("-bin") {
                fields.append((name, encodedBinary(value)))
            } else {
                guard let text = String(data: value, encoding: .ascii), text.utf8.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }) else {
                    throw Problem(key: key, reason: "a value of printable ASCII (bytes go under a key ending in -bin)")
                }
                fields.append((name, text))
            }
        }
        return fields
    }

    /// Checks a key: `0-9 a-z _ - .`, not empty, not a pseudo-header or one of gRPC's own.
    static func check(_ name: String) throws(Problem) {
        guard !name.isEmpty, name.utf8.allSatisfy({ isKeyByte($0) }) else {
            throw Problem(key: name, reason: "a key of 0-9, a-z, _, - and . only")
        }
        let reserved = ["te", "content-type", "user-agent", "grpc-timeout", "grpc-encoding", "grpc-accept-encoding",
                        "grpc-status", "grpc-message", "grpc-status-details-bin"]
        guard !reserved.contains(name) else { throw Problem(key: name, reason: "set by the call itself, not as metadata") }
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// Bytes as a `-bin` value: base64 without padding, as implementations should emit.
    public static func encodedBinary(_ data: Data) -> String {
        var text = data.base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    /// A `-bin` value's bytes: base64 with or without padding (both must be accepted); nil
    /// when it is not base64. Several values joined by commas are one value each, concatenated.
    public static func decodedBinary(_ text: String) -> Data? {
        var result = Data()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            var base64 = part.trimmingCharacters(in: .whitespaces)
            base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
            guard let data = Data(base64Encoded: base64) else { return nil }
            result.append(data)
        }
        return result
    }
}
