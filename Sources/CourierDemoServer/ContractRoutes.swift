import HTTPTypes
import Hummingbird

/// `/contract/pets` and `/contract/pets/{id}`: a small pet API that `workspaces/demo-openapi.yaml`
/// documents, and that drifts from it on purpose, for `config.contract` and `courier check`.
///
/// Pet 1 follows the document (its `tag` is null, which the 3.0 document allows with
/// `nullable`); pet 2 has a `price` that is a string where the document says number; the
/// listing carries pet 2 fourth (`$.items[3].price`); `teapot` answers an undocumented 418.
enum ContractRoutes {
    /// `GET /contract/pets`.
    static func pets(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        return DemoResponse.json(["items": .array([pet(1), pet(3), pet(4), pet(2)])])
    }

    /// `GET /contract/pets/{id}`.
    static func pet(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        let id = exchange.segments[2]
        if id == "teapot" { return DemoResponse.json(["error": "I'm a teapot"], status: HTTPResponse.Status(code: 418)) }
        guard let number = Int64(id), (1...4).contains(number) else { throw DemoError(.notFound, "no pet \(id)") }
        return DemoResponse.json(pet(number))
    }

    private static func pet(_ id: Int64) -> DemoJSON {
        let names = ["Rex", "Whiskers", "Bubbles", "Polly"]
        // The drift: pet 2's price went out as text.
        let price: DemoJSON = id == 2 ? .string("12.50") : .double(Double(id) * 10 + 0.5)
        return ["id": .int(id), "name": .string(names[Int(id) - 1]), "price": price, "tag": id == 1 ? .null : .string("friendly")]
    }
}
