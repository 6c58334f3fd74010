import HTTPTypes
import Hummingbird

/// `/counter/{name}`, `/counter/{name}/peek` and `DELETE /counter/{name}`.
enum CounterRoutes {
    /// Any method but DELETE increments; with `?fail=K&status=S` the first K counts answer
    /// with status S (default 503) and `"failed": true`. DELETE resets to 0.
    static func counter(_ exchange: DemoExchange, store: CounterStore) throws -> Response {
        let name = String(exchange.segments[1])
        if exchange.method == .delete {
            store.reset(name)
            return DemoResponse.json(["name": .string(name), "count": 0])
        }
        let failures = try exchange.integerQuery("fail", default: 0, range: 0...Int.max)
        let failureStatus = try exchange.integerQuery("status", default: 503, range: 200...599)
        let count = store.increment(name)
        if count <= failures {
            return DemoResponse.json(
                ["name": .string(name), "count": .int(Int64(count)), "failed": true],
                status: HTTPResponse.Status(code: failureStatus)
            )
        }
        return DemoResponse.json(["name": .string(name), "count": .int(Int64(count))])
    }

    /// `GET /counter/{name}/peek`: the count without incrementing.
    static func peek(_ exchange: DemoExchange, store: CounterStore) throws -> Response {
        try exchange.require(.get)
        let name = String(exchange.segments[1])
        return DemoResponse.json(["name": .string(name), "count": .int(Int64(store.peek(name)))])
    }
}
