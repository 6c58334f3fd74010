import Hummingbird

/// `GET /gzip`: `{"gzipped": true, "headers": {...}}` sent with `Content-Encoding: gzip`,
/// for clients' transparent decompression.
enum GzipRoute {
    static func gzip(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        let document: DemoJSON = ["gzipped": true, "headers": RequestEcho.headersObject(for: exchange)]
        return DemoResponse.bytes(GzipEncoding.stored(document.responseBytes), contentType: "application/json",
                                  headers: [.contentEncoding: "gzip"])
    }
}

/// The gzip format (RFC 1952) around uncompressed ("stored") deflate blocks: valid gzip that
/// any decoder reads, without a compressor in the server.
enum GzipEncoding {
    static func stored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        var offset = 0
        repeat {
            let count = min(65_535, bytes.count - offset)
            let isFinal: UInt8 = offset + count == bytes.count ? 1 : 0
            out.append(isFinal)
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += bytes[offset..<(offset + count)]
            offset += count
        } while offset < bytes.count
        out += littleEndian(crc32(bytes)) + littleEndian(UInt32(truncatingIfNeeded: bytes.count))
        return out
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private static let crcTable: [UInt32] = (0..<256).map { index -> UInt32 in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
