import HTTPTypes
import Hummingbird

/// A tiny authenticated "shop" API for demo workspaces: `POST /login` issues a bearer
/// token that `/profile`, `/orders` and `/checkout` require.
enum ShopRoutes {
    /// The only account: user `demo`, password `secret`.
    static let demoUser = "demo"
    static let demoPassword = "secret"

    /// `POST /login` with `user`/`password` as form fields or JSON.
    static func login(_ exchange: DemoExchange, sessions: SessionTokenStore) async throws -> Response {
        try exchange.require(.post)
        let fields = try await bodyFields(exchange)
        guard fields["user"] == demoUser, fields["password"] == demoPassword else {
            throw DemoError(.unauthorized, "invalid credentials")
        }
        let token = sessions.issueToken(for: demoUser)
        return DemoResponse.json(["token": .string(token), "user": .string(demoUser)])
    }

    /// `GET /profile`.
    static func profile(_ exchange: DemoExchange, sessions: SessionTokenStore) throws -> Response {
        try exchange.require(.get)
        let user = try authenticatedUser(exchange, sessions: sessions)
        return DemoResponse.json(["user": .string(user), "name": "Demo User", "tier": "gold"])
    }

    /// `GET /orders`.
    static func orders(_ exchange: DemoExchange, sessions: SessionTokenStore) throws -> Response {
        try exchange.require(.get)
        _ = try authenticatedUser(exchange, sessions: sessions)
        return DemoResponse.json([
            "orders": [
                ["id": 101, "item": "Mechanical keyboard", "total": .double(129.99)],
                ["id": 102, "item": "USB-C cable", "total": .double(9.5)],
            ]
        ])
    }

    /// `POST /checkout` with `orderId` as a form field or JSON (string or number).
    static func checkout(_ exchange: DemoExchange, sessions: SessionTokenStore) async throws -> Response {
        try exchange.require(.post)
        _ = try authenticatedUser(exchange, sessions: sessions)
        let fields = try await bodyFields(exchange)
        guard let orderID = fields["orderId"] else {
            throw DemoError(.badRequest, "missing orderId")
        }
        let value: DemoJSON = Int64(orderID).map { .int($0) } ?? .string(orderID)
        return DemoResponse.json(["status": "confirmed", "orderId": value])
    }

    private static func authenticatedUser(_ exchange: DemoExchange, sessions: SessionTokenStore) throws -> String {
        guard let token = AuthRoutes.bearerToken(exchange), let user = sessions.user(forToken: token) else {
            throw DemoError(.unauthorized, "unauthorized", headers: [.wwwAuthenticate: "Bearer"])
        }
        return user
    }

    /// Top-level string/number members of a JSON object body, or urlencoded form fields.
    static func bodyFields(_ exchange: DemoExchange) async throws -> [String: String] {
        let body = try await exchange.collectBody()
        let contentType = exchange.header(.contentType)?.lowercased() ?? ""
        if contentType.hasPrefix("application/x-www-form-urlencoded") {
            var fields: [String: String] = [:]
            for (name, value) in FormFields(urlEncoded: Substring(decoding: body, as: UTF8.self)).pairs where fields[name] == nil {
                fields[name] = value
            }
            return fields
        }
        guard case .object(let members)? = DemoJSON.parse(body) else {
            throw DemoError(.badRequest, "expected a JSON object or form fields")
        }
        var fields: [String: String] = [:]
        for (name, value) in members {
            switch value {
            case .string(let text): fields[name] = text
            case .int(let number): fields[name] = String(number)
            case .double(let number): fields[name] = String(number)
            default: continue
            }
        }
        return fields
    }
}
