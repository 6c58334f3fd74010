import Foundation
import HTTPTypes
import Hummingbird

/// `/basic-auth/{user}/{pass}` and `/bearer`.
enum AuthRoutes {
    /// 200 when the Basic credentials equal the path's user and password, else 401 with
    /// `WWW-Authenticate: Basic realm="courier"`.
    static func basic(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        let user = String(exchange.segments[1])
        let password = String(exchange.segments[2])
        if let credentials = basicCredentials(exchange), credentials == (user, password) {
            return DemoResponse.json(["authenticated": true, "user": .string(user)])
        }
        throw DemoError(
            .unauthorized,
            body: ["authenticated": false],
            headers: [.wwwAuthenticate: "Basic realm=\"courier\""]
        )
    }

    /// 200 for any `Authorization: Bearer X`, else 401 with `WWW-Authenticate: Bearer`.
    static func bearer(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        guard let token = bearerToken(exchange) else {
            throw DemoError(.unauthorized, body: ["authenticated": false], headers: [.wwwAuthenticate: "Bearer"])
        }
        return DemoResponse.json(["authenticated": true, "token": .string(token)])
    }

    /// The decoded user and password of an `Authorization: Basic ...` header.
    static func basicCredentials(_ exchange: DemoExchange) -> (String, String)? {
        guard let header = exchange.header(.authorization),
            let encoded = schemeValue(header, scheme: "basic"),
            let data = Data(base64Encoded: encoded),
            let decoded = String(data: data, encoding: .utf8),
            let colon = decoded.firstIndex(of: ":")
        else { return nil }
        return (String(decoded[..<colon]), String(decoded[decoded.index(after: colon)...]))
    }

    /// The token of an `Authorization: Bearer ...` header, if non-empty.
    static func bearerToken(_ exchange: DemoExchange) -> String? {
        guard let header = exchange.header(.authorization),
            let token = schemeValue(header, scheme: "bearer"), !token.isEmpty
        else { return nil }
        return token
    }

    private static func schemeValue(_ header: String, scheme: String) -> String? {
        let parts = header.trimmingSpaces.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == scheme else { return nil }
        return parts[1].trimmingSpaces
    }
}
