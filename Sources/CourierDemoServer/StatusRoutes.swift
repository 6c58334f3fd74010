import HTTPTypes
import Hummingbird

/// `/status/{code}`, `/redirect/{n}` and `/redirect-to`.
enum StatusRoutes {
    /// Any method: responds with `code` and `{"status": code}` (no body for 204/304;
    /// `Location: /get` for 3xx). Codes outside 200...599 are rejected with 400.
    static func status(_ exchange: DemoExchange) throws -> Response {
        guard let code = Int(exchange.segments[1]), (200...599).contains(code) else {
            throw DemoError(.badRequest, "invalid status code '\(exchange.segments[1])' (use 200-599)")
        }
        let status = HTTPResponse.Status(code: code)
        var headers: HTTPFields = [:]
        if (300...399).contains(code) { headers[.location] = "/get" }
        if code == 204 || code == 304 {
            var response = DemoResponse.empty(status: status, headers: headers)
            response.headers[.contentLength] = nil
            return response
        }
        return DemoResponse.json(["status": .int(Int64(code))], status: status, headers: headers)
    }

    /// `GET /redirect/{n}`: 302 to `/redirect/{n-1}`, and from `/redirect/1` to `/get`.
    static func redirect(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        let hops = try exchange.integerSegment(1, range: 1...100, what: "redirect count")
        let location = hops == 1 ? "/get" : "/redirect/\(hops - 1)"
        return DemoResponse.json(["redirect": .string(location)], status: .found, headers: [.location: location])
    }

    /// Any method: `/redirect-to?url=U&status_code=C` (httpbin's) answers `C` (302 unless
    /// given, 300...399) with `Location: U` as it is — another host, another scheme.
    static func redirectTo(_ exchange: DemoExchange) throws -> Response {
        guard let location = exchange.query["url"], !location.isEmpty else {
            throw DemoError(.badRequest, "redirect-to needs ?url=")
        }
        let code = try exchange.integerQuery("status_code", default: 302, range: 300...399)
        return DemoResponse.json(["redirect": .string(location)], status: HTTPResponse.Status(code: code),
                                 headers: [.location: location])
    }
}
