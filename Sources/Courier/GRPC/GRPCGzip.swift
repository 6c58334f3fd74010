internal import CZlib
import Foundation

/// gzip for gRPC messages (`grpc-encoding: gzip`), on zlib: each message is one gzip member;
/// and zlib's own format (``compressZlib(_:)``, ``decompressZlib(_:limit:)``) for the load
/// runs' HdrHistogram interchange.
package enum GRPCGzip {
    /// Why a compressed message could not be read.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// `data` as one gzip member.
    static func compress(_ data: Data) -> Data {
        // windowBits 15 + 16: a gzip header and trailer rather than zlib's.
        deflate(data, windowBits: 15 + 16)
    }

    /// `data` in zlib's format (RFC 1950: a two-byte header and an Adler-32 trailer).
    package static func compressZlib(_ data: Data) -> Data { deflate(data, windowBits: 15) }

    /// The bytes of zlib-format data, refusing to inflate past `limit` bytes.
    package static func decompressZlib(_ data: Data, limit: Int) throws(Failure) -> Data {
        try inflate(data, windowBits: 15, limit: limit)
    }

    private static func deflate(_ data: Data, windowBits: Int32) -> Data {
        var stream = z_stream()
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return Data() }
        defer { deflateEnd(&stream) }
        var output = Data(count: Int(deflateBound(&stream, uLong(data.count))) + 32)
        let written: Int = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(out.count)
                _ = CZlib.deflate(&stream, Z_FINISH)
                return out.count - Int(stream.avail_out)
            }
        }
        output.count = written
        return output
    }

    /// The bytes of a gzip member, refusing to inflate past `limit` bytes.
    static func decompress(_ data: Data, limit: Int) throws(Failure) -> Data {
        try inflate(data, windowBits: 15 + 16, limit: limit)
    }

    private static func inflate(_ data: Data, windowBits: Int32, limit: Int) throws(Failure) -> Data {
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(description: "zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        var status = Z_OK
        data.withUnsafeBytes { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            repeat {
                let produced: Int = chunk.withUnsafeMutableBytes { out in
                    stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                    stream.avail_out = uInt(out.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return out.count - Int(stream.avail_out)
                }
                output.append(contentsOf: chunk[0..<produced])
            } while status == Z_OK && output.count <= limit && (stream.avail_in > 0 || stream.avail_out == 0)
        }
        guard output.count <= limit else {
            throw Failure(description: "a compressed message inflates past the limit of \(limit) bytes")
        }
        guard status == Z_STREAM_END else {
            throw Failure(description: "the data is not valid \(windowBits > 15 ? "gzip" : "zlib") (zlib: \(stream.msg.map { String(cString: $0) } ?? "status \(status)"))")
        }
        return output
    }
}
