import HTTPTypes
import Hummingbird

/// Cookies, as httpbin has them: `/cookies` reads them, `/cookies/set?name=value` and
/// `/cookies/delete?name` change them and redirect back to `/cookies` (a client that loses
/// cookies across a redirect shows `{}`); and a cookie session: `POST /session/login` sets an
/// HttpOnly `session` cookie that `/session/profile` requires.
enum CookieRoutes {
    /// Any method: `{"cookies": {name: value}}` of the request's `Cookie` fields.
    static func cookies(_ exchange: DemoExchange) -> Response {
        DemoResponse.json(["cookies": .object(received(exchange).map { ($0.name, .string($0.value)) })])
    }

    /// `GET /cookies/set?name=value&…`: sets each (path `/`), then 302 to `/cookies`.
    static func set(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        var fields: HTTPFields = [.location: "/cookies"]
        for (name, value) in exchange.query.pairs { fields.append(HTTPField(name: .setCookie, value: "\(name)=\(value); Path=/")) }
        return DemoResponse.empty(status: .found, headers: fields)
    }

    /// `GET /cookies/delete?name&…`: expires each, then 302 to `/cookies`.
    static func delete(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        var fields: HTTPFields = [.location: "/cookies"]
        for (name, _) in exchange.query.pairs {
            fields.append(HTTPField(name: .setCookie, value: "\(name)=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/"))
        }
        return DemoResponse.empty(status: .found, headers: fields)
    }

    /// `POST /session/login` with the shop's `user`/`password` (form fields or JSON): an
    /// HttpOnly `session` cookie, and the user in the body (the token is not in it).
    static func login(_ exchange: DemoExchange, sessions: SessionTokenStore) async throws -> Response {
        try exchange.require(.post)
        let fields = try await ShopRoutes.bodyFields(exchange)
        guard fields["user"] == ShopRoutes.demoUser, fields["password"] == ShopRoutes.demoPassword else {
            throw DemoError(.unauthorized, "invalid credentials")
        }
        let token = sessions.issueToken(for: ShopRoutes.demoUser)
        return DemoResponse.json(["user": .string(ShopRoutes.demoUser), "session": "started"],
                                 headers: [.setCookie: "session=\(token); Path=/; HttpOnly; SameSite=Lax"])
    }

    /// `GET /session/profile`: the user of the `session` cookie, 401 without a valid one.
    static func profile(_ exchange: DemoExchange, sessions: SessionTokenStore) throws -> Response {
        try exchange.require(.get)
        guard let token = received(exchange).first(where: { $0.name == "session" })?.value,
              let user = sessions.user(forToken: token) else {
            throw DemoError(.unauthorized, "no session cookie: POST /session/login first")
        }
        return DemoResponse.json(["user": .string(user), "name": "Demo User", "session": "valid"])
    }

    /// The name=value pairs of every `Cookie` field, in order.
    private static func received(_ exchange: DemoExchange) -> [(name: String, value: String)] {
        exchange.request.headers[values: .cookie].flatMap { $0.split(separator: ";") }.compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first?.trimmingSpaces, !name.isEmpty else { return nil }
            return (String(name), parts.count > 1 ? String(parts[1].trimmingSpaces) : "")
        }
    }
}
