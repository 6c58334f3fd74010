/// The scheme of an absolute URL and whether it names a host, read without a full parse
/// (this runs for every request): `scheme://authority…` with an RFC 3986 scheme. Scans the
/// UTF-8 bytes.
struct URLParts {
    let scheme: String
    /// The authority is present and has no spaces.
    let hasHost: Bool

    init?(_ url: String) {
        var parsed: (scheme: String, hasHost: Bool)?
        var url = url
        url.withUTF8 { bytes in parsed = Self.parse(bytes) }
        guard let parsed else { return nil }
        (scheme, hasHost) = parsed
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (scheme: String, hasHost: Bool)? {
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        func isSchemeByte(_ byte: UInt8) -> Bool {
            isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        guard let first = bytes.first, isLetter(first) else { return nil }
        var index = 1
        while index < bytes.count, isSchemeByte(bytes[index]) { index += 1 }
        // The scheme must be followed by "://" (a byte outside the scheme set ends it).
        guard index + 3 <= bytes.count,
              bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/")
        else { return nil }
        let scheme = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<index]), as: UTF8.self).lowercased()
        var authorityLength = 0, hasSpace = false
        for byte in bytes[(index + 3)...] {
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: " ") { hasSpace = true }
            authorityLength += 1
        }
        return (scheme, authorityLength > 0 && !hasSpace)
    }
}
