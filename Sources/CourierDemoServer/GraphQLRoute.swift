import Foundation
import Hummingbird

/// `/graphql`: a tiny hand-written GraphQL-over-HTTP endpoint with two operations, chosen by
/// `operationName` or by the field the query asks for — `hello(name:)` and `user(id:)` —
/// answering `{"data": …}`, or `{"errors": [{"message": …}]}` with 200 as GraphQL servers do.
enum GraphQLRoute {
    static let users: [String: (name: String, email: String)] = [
        "1": ("Ada Lovelace", "ada@example.com"),
        "2": ("Grace Hopper", "grace@example.com"),
    ]

    /// POST with a JSON body `{query, variables, operationName}`; GET with them in the query.
    static func graphql(_ exchange: DemoExchange) async throws -> Response {
        try exchange.require(.post, .get)
        let request: DemoJSON
        if exchange.method == .get {
            let variables = exchange.query["variables"].flatMap { DemoJSON.parse(Array($0.utf8)) } ?? .null
            request = .object([("query", .string(exchange.query["query"] ?? "")), ("variables", variables),
                               ("operationName", exchange.query["operationName"].map(DemoJSON.string) ?? .null)])
        } else {
            guard let body = DemoJSON.parse(try await exchange.collectBody()) else {
                return errors("the body is not JSON: send {\"query\": …, \"variables\": {…}}", status: .badRequest)
            }
            request = body
        }
        guard let query = request["query"]?.stringValue, !query.isEmpty else {
            return errors("no query: send {\"query\": …}", status: .badRequest)
        }
        let operation = request["operationName"]?.stringValue ?? ""
        let variables = request["variables"]
        func variable(_ name: String) -> String? {
            switch variables?[name] {
            case .string(let text)?: return text
            case .int(let number)?: return String(number)
            default: return nil
            }
        }
        if operation == "Hello" || (operation.isEmpty && query.contains("hello")) {
            return DemoResponse.json(["data": ["hello": .string("Hello, \(variable("name") ?? "world")!")]])
        }
        if operation == "User" || (operation.isEmpty && query.contains("user")) {
            let id = variable("id") ?? ""
            guard let user = users[id] else {
                return DemoResponse.json(["data": ["user": .null],
                                          "errors": [["message": .string("no user with id \"\(id)\""), "path": ["user"]]]])
            }
            return DemoResponse.json(["data": ["user": ["id": .string(id), "name": .string(user.name), "email": .string(user.email)]]])
        }
        return errors("unknown operation\(operation.isEmpty ? "" : " \"\(operation)\""): this server knows Hello (hello(name:)) and User (user(id:))")
    }

    private static func errors(_ message: String, status: HTTPResponse.Status = .ok) -> Response {
        DemoResponse.json(["errors": [["message": .string(message)]]], status: status)
    }
}
