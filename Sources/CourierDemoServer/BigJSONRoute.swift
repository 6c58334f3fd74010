import Hummingbird

/// `GET /big-json?items=N` or `GET /big-json?bytes=N`: the deterministic catalogue of
/// ``BigJSONDocument``, N items or about N bytes (default 100 items), streamed in chunks
/// with its `Content-Length`.
enum BigJSONRoute {
    /// The most items served: about 1.3 GB (a gigabyte body for the viewer's benchmark).
    static let maximumItems = 4_000_000

    static func bigJSON(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        let document: BigJSONDocument
        switch (exchange.query["items"], exchange.query["bytes"]) {
        case (.some, .some):
            throw DemoError(.badRequest, "give either items or bytes, not both")
        case (nil, .some):
            let largest = BigJSONDocument(count: maximumItems).length
            document = BigJSONDocument(approximateBytes: try exchange.integerQuery("bytes", default: 0, range: 0...largest))
        default:
            document = BigJSONDocument(count: try exchange.integerQuery("items", default: 100, range: 0...maximumItems))
        }
        return Response(
            status: .ok,
            headers: [.contentType: "application/json"],
            body: ResponseBody(contentLength: document.length) { writer in
                for chunk in document.chunks(of: DeterministicByteStream.chunkSize) {
                    try await writer.write(chunk)
                }
                try await writer.finish(nil)
            }
        )
    }
}
