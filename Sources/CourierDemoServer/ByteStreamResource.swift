import HTTPTypes
import Hummingbird
import NIOCore

/// A stretch of the deterministic byte stream served as a cacheable, rangeable resource
/// (`/bytes`, `/drop`, `/mutable`): validators, `Range`/`If-Range` handling and a body
/// generated chunk by chunk, so even multi-gigabyte bodies never sit in memory.
struct ByteStreamResource: Sendable {
    /// Representation length in bytes.
    let length: Int
    /// Seed of the deterministic stream.
    let seed: UInt64
    /// Strong entity tag, with quotes.
    let etag: String
    /// `Last-Modified` HTTP-date.
    let lastModified: String

    /// The fixed modification time of `/bytes` and `/drop` resources.
    static let fixedLastModified = HTTPDate.string(secondsSince1970: epoch)
    /// 2025-01-01T00:00:00Z, the base of all demo modification times.
    static let epoch = 1_735_689_600

    /// The response to `exchange`, honouring `Range` and `If-Range`.
    ///
    /// - Parameters:
    ///   - dropAfter: when set, every response whose range is longer than this writes only
    ///     this many body bytes and then closes the connection, although its
    ///     `Content-Length` promised the whole range.
    ///   - bytesPerSecond: when set, the body is written no faster than this.
    func response(to exchange: DemoExchange, dropAfter: Int? = nil, bytesPerSecond: Int? = nil) -> Response {
        var headers: HTTPFields = [
            .acceptRanges: "bytes",
            .eTag: etag,
            .lastModified: lastModified,
        ]
        let selection = ByteRangeRequest(
            range: exchange.header(.range),
            ifRange: exchange.header(.ifRange),
            length: length,
            etag: etag,
            lastModified: lastModified
        )
        let status: HTTPResponse.Status
        let start: Int
        let count: Int
        switch selection {
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(length)"
            return DemoResponse.json(
                ["error": "range not satisfiable", "length": .int(Int64(length))],
                status: .rangeNotSatisfiable,
                headers: headers
            )
        case .full:
            (status, start, count) = (.ok, 0, length)
        case .partial(let first, let last):
            (status, start, count) = (.partialContent, first, last - first + 1)
            headers[.contentRange] = "bytes \(first)-\(last)/\(length)"
        }
        headers[.contentType] = "application/octet-stream"
        let body = bodyWriting(from: start, count: count, dropAfter: dropAfter, bytesPerSecond: bytesPerSecond,
                               channel: exchange.context.channel)
        return Response(status: status, headers: headers, body: body)
    }

    private func bodyWriting(from start: Int, count: Int, dropAfter: Int?, bytesPerSecond: Int?, channel: any Channel) -> ResponseBody {
        let seed = self.seed
        let cutoff = dropAfter.flatMap { count > $0 ? $0 : nil }
        return ResponseBody(contentLength: count) { writer in
            let allocator = ByteBufferAllocator()
            let pacing = bytesPerSecond.map(WritePacing.init)
            let toWrite = cutoff ?? count
            var written = 0
            while written < toWrite {
                let chunk = min(DeterministicByteStream.chunkSize, toWrite - written)
                try await pacing?.wait(untilDue: written + chunk)
                try await writer.write(
                    DeterministicByteStream.buffer(count: chunk, seed: seed, offset: start + written, allocator: allocator)
                )
                written += chunk
            }
            if cutoff != nil {
                // Half-close: NIO shuts the socket's write side only once the bytes written
                // above have been flushed, so the client receives exactly `cutoff` bytes and
                // then EOF. Throwing then makes Hummingbird close the whole connection.
                try await channel.close(mode: .output)
                throw ConnectionDroppedOnPurpose()
            }
            try await writer.finish(nil)
        }
    }
}

/// Thrown after `/drop` deliberately cut a response short.
struct ConnectionDroppedOnPurpose: Error {}
