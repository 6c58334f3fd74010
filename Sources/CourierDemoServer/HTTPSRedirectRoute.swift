import Hummingbird

/// `GET /redirect-to-https`: 302 to `https://` at this very host and port (`/get`).
///
/// The demo server speaks only plain HTTP, so a client that follows the redirect fails
/// its TLS handshake: a deterministic TLS failure on loopback without any certificate.
enum HTTPSRedirectRoute {
    static func redirect(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        guard let authority = exchange.request.head.authority else {
            throw DemoError(.badRequest, "the request has no Host header to redirect to")
        }
        let location = "https://\(authority)/get"
        return DemoResponse.json(["redirect": .string(location)], status: .found, headers: [.location: location])
    }
}
