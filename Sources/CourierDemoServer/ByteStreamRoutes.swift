import HTTPTypes
import Hummingbird

/// `/bytes/{n}`, `/drop` and `/mutable/{name}`: deterministic binary downloads.
enum ByteStreamRoutes {
    /// The largest body these routes serve: 8 GiB.
    static let maximumLength = 8 * 1024 * 1024 * 1024

    /// `GET /bytes/{n}?seed=S[&rate=R]`: with `rate`, no faster than R bytes per second.
    static func bytes(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        let length = try exchange.integerSegment(1, range: 0...maximumLength, what: "byte count")
        let seed = try seedParameter(exchange)
        let rate = try exchange.query["rate"].map { _ in try exchange.integerQuery("rate", default: 0, range: 1024...maximumLength) }
        return resource(length: length, seed: seed).response(to: exchange, bytesPerSecond: rate)
    }

    /// `GET /drop?after=N&bytes=M&seed=S`: like `/bytes/M?seed=S`, but each response is
    /// cut after N body bytes by closing the connection.
    static func drop(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        let length = try exchange.integerQuery("bytes", default: 65_536, range: 0...maximumLength)
        let after = try exchange.integerQuery("after", default: 16_384, range: 1...maximumLength)
        let seed = try seedParameter(exchange)
        return resource(length: length, seed: seed).response(to: exchange, dropAfter: after)
    }

    /// `GET /mutable/{name}?bytes=M[&after=N]`: content and validators follow the name's
    /// revision; with `after`, each response is cut after N body bytes as `/drop` does.
    static func mutable(_ exchange: DemoExchange, store: MutableResourceStore) throws -> Response {
        try exchange.require(.get)
        let name = String(exchange.segments[1])
        let length = try exchange.integerQuery("bytes", default: 65_536, range: 0...maximumLength)
        let after = try exchange.query["after"].map { _ in
            try exchange.integerQuery("after", default: 1, range: 1...maximumLength)
        }
        let revision = store.revision(name)
        let resource = ByteStreamResource(
            length: length,
            seed: UInt64(revision),
            etag: "\"mutable-\(length)-r\(revision)\"",
            lastModified: HTTPDate.string(secondsSince1970: ByteStreamResource.epoch + revision * 60)
        )
        return resource.response(to: exchange, dropAfter: after)
    }

    /// `POST /mutable/{name}/touch`: bumps the revision.
    static func touch(_ exchange: DemoExchange, store: MutableResourceStore) throws -> Response {
        try exchange.require(.post)
        let name = String(exchange.segments[1])
        let revision = store.touch(name)
        return DemoResponse.json(["name": .string(name), "revision": .int(Int64(revision))])
    }

    /// The `/bytes` resource of `length` bytes for `seed`.
    static func resource(length: Int, seed: UInt64) -> ByteStreamResource {
        ByteStreamResource(
            length: length,
            seed: seed,
            etag: "\"bytes-\(length)-\(seed)\"",
            lastModified: ByteStreamResource.fixedLastModified
        )
    }

    private static func seedParameter(_ exchange: DemoExchange) throws -> UInt64 {
        guard let text = exchange.query["seed"] else { return 0 }
        guard let seed = UInt64(text) else {
            throw DemoError(.badRequest, "query parameter 'seed' must be an unsigned 64-bit integer")
        }
        return seed
    }
}
