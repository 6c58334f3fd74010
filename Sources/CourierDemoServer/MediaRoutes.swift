import HTTPTypes
import Hummingbird

/// Responses that are not JSON, as real sites send: `/image/png`, `/robots.txt`, and
/// `/cors`, whose `OPTIONS` is a CORS preflight's answer.
enum MediaRoutes {
    /// `GET /image/png`: an 8×8 green PNG.
    static func png(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        return DemoResponse.bytes(pngImage, contentType: "image/png")
    }

    /// `GET /robots.txt`: plain text.
    static func robots(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        return DemoResponse.bytes(Array("User-agent: *\nDisallow: /deny\n".utf8), contentType: "text/plain; charset=utf-8")
    }

    /// The methods `/cors` answers.
    static let corsMethods = "GET, POST, OPTIONS"

    /// `OPTIONS /cors`: 204 with `Allow` and the preflight's answer (the origin and the
    /// request headers asked for are allowed); `GET`/`POST /cors`: JSON with the origin allowed.
    static func cors(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get, .post, .options)
        let origin = exchange.header(.origin) ?? "*"
        var headers: HTTPFields = [.accessControlAllowOrigin: origin, .vary: "Origin"]
        guard exchange.method == .options else {
            return DemoResponse.json(["cors": true, "origin": .string(origin)], headers: headers)
        }
        headers[.allow] = corsMethods
        headers[.accessControlAllowMethods] = corsMethods
        headers[.accessControlAllowHeaders] = exchange.header(.accessControlRequestHeaders) ?? "Content-Type, Authorization"
        headers[.accessControlMaxAge] = "600"
        return DemoResponse.empty(status: .noContent, headers: headers)
    }

    static let pngImage: [UInt8] = [
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x08, 0x08, 0x02, 0x00, 0x00, 0x00, 0x4b, 0x6d, 0x29,
        0xdc, 0x00, 0x00, 0x00, 0x11, 0x49, 0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0xd0, 0xeb, 0x0e, 0xc7,
        0x8a, 0x18, 0x86, 0x96, 0x04, 0x00, 0x88, 0x0e, 0x44, 0x01, 0xe9, 0x4c, 0x9c, 0xc5, 0x00, 0x00,
        0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
    ]
}
