import Foundation
import HTTPTypes
import Hummingbird

/// Streams that never have a whole body up front, for the engine's streamed delivery:
///
/// - `GET /sse?count=N&rate=R`: a `text/event-stream` of N events (0: until the client
///   leaves) at R per second, opening with a comment and `retry: 1000`. Events are `tick`
///   with `id: n` and JSON data; every fifth is a `note` whose data is two lines; every tenth
///   is preceded by a `: keep-alive` comment. `Last-Event-ID: k` resumes at k + 1, and
///   `&dropAfter=M` ends the response after M events so a client has to reconnect.
/// - `GET /ndjson?count=N&rate=R`: `application/x-ndjson`, one JSON object per line.
///
/// Events due at the same time are written together, so 10,000 a second cost about a
/// hundred writes, not ten thousand.
enum StreamRoutes {
    /// The most events one response sends when asked for more (or for 0, "endless").
    static let maximumCount = 100_000_000
    /// Writes are at least this far apart; everything due in between goes in one write.
    static let writeInterval = Duration.milliseconds(10)

    static func serverSentEvents(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        let pace = try Pace(exchange)
        let resumeAfter = exchange.header(HTTPField.Name("Last-Event-ID")!).flatMap(Int.init) ?? 0
        let dropAfter = try exchange.integerQuery("dropAfter", default: 0, range: 0...maximumCount)
        let first = resumeAfter + 1
        let last = pace.count == 0 ? maximumCount : pace.count
        let end = dropAfter > 0 ? min(last, resumeAfter + dropAfter) : last
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: ": courier demo event stream\nretry: 1000\n\n"))
            if first <= end { try await pace.send(first...end, to: &writer, event) }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"], body: body)
    }

    /// Event `n` of `/sse`, with the comment that precedes every tenth.
    static func event(_ n: Int) -> String {
        let comment = n % 10 == 0 ? ": keep-alive\n" : ""
        if n % 5 == 0 {
            return comment + "event: note\nid: \(n)\ndata: note \(n), line one\ndata: line two\n\n"
        }
        return comment + "event: tick\nid: \(n)\ndata: {\"n\":\(n),\"sentMs\":\(Pace.epochMilliseconds())}\n\n"
    }

    static func ndjson(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        let pace = try Pace(exchange)
        let last = pace.count == 0 ? maximumCount : pace.count
        let body = ResponseBody { writer in
            try await pace.send(1...last, to: &writer) { n in
                "{\"n\":\(n),\"kind\":\"\(n % 5 == 0 ? "note" : "tick")\",\"sentMs\":\(Pace.epochMilliseconds())}\n"
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "application/x-ndjson"], body: body)
    }

    /// How many items a stream sends and how fast.
    struct Pace: Sendable {
        var count: Int
        var perSecond: Double

        init(_ exchange: DemoExchange) throws {
            count = try exchange.integerQuery("count", default: 10, range: 0...StreamRoutes.maximumCount)
            let rateText = exchange.query["rate"] ?? "10"
            guard let rate = Double(rateText), rate.isFinite, rate > 0, rate <= 1_000_000 else {
                throw DemoError(.badRequest, "rate must be a number of items per second in (0, 1000000]")
            }
            perSecond = rate
        }

        /// Writes `item(n)` for each n of `numbers` at the pace, batching what falls due together.
        func send(_ numbers: ClosedRange<Int>, to writer: inout any ResponseBodyWriter,
                  _ item: @Sendable (Int) -> String) async throws {
            let clock = ContinuousClock()
            let start = clock.now
            var next = numbers.lowerBound
            while next <= numbers.upperBound {
                let elapsed = start.duration(to: clock.now)
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                let due = min(numbers.upperBound, numbers.lowerBound + Int(seconds * perSecond))
                if due >= next {
                    var text = ""
                    for n in next...due { text += item(n) }
                    try await writer.write(ByteBuffer(string: text))
                    next = due + 1
                }
                guard next <= numbers.upperBound else { break }
                let wait = Duration.seconds(Double(next - numbers.lowerBound) / perSecond) - elapsed
                try await Task.sleep(for: max(StreamRoutes.writeInterval, wait))
            }
        }

        /// Now, in milliseconds since 1970: a client on this machine measures delivery with it.
        static func epochMilliseconds() -> Int {
            Int(Date().timeIntervalSince1970 * 1000)
        }
    }
}
