import Hummingbird

/// `GET /drip?bytes=N&duration=S`: N bytes of `*` spread evenly over S seconds; with
/// `&chunked=1` without a `Content-Length` (chunked), so a client learns the size only as
/// the bytes arrive.
enum DripRoute {
    /// At most this many separate writes are made, however many bytes are sent.
    static let maximumWrites = 100

    static func drip(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        let count = try exchange.integerQuery("bytes", default: 10, range: 0...(64 * 1024 * 1024))
        let durationText = exchange.query["duration"] ?? "2"
        guard let duration = Double(durationText), duration.isFinite, duration >= 0, duration <= 60 else {
            throw DemoError(.badRequest, "duration must be a number of seconds in 0...60")
        }
        let writes = max(1, min(count, maximumWrites))
        let interval = duration / Double(writes)
        let write: @Sendable (inout any ResponseBodyWriter) async throws -> Void = { writer in
            var sent = 0
            for index in 0..<writes {
                try await Task.sleep(for: .seconds(interval))
                let target = count * (index + 1) / writes
                if target > sent {
                    try await writer.write(ByteBuffer(repeating: UInt8(ascii: "*"), count: target - sent))
                    sent = target
                }
            }
            try await writer.finish(nil)
        }
        let body = exchange.query["chunked"] == "1" ? ResponseBody(write) : ResponseBody(contentLength: count, write)
        return Response(status: .ok, headers: [.contentType: "application/octet-stream"], body: body)
    }
}
