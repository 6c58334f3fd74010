import CourierSchema
import OpenAPIKit

/// OpenAPI 3.1 (and 3.2) through OpenAPIKit's main model.
enum ContractModel31: ContractModel {
    static let dialect = JSONSchemaDialect.draft2020_12

    static func validationErrors(_ document: OpenAPI.Document) -> [(reason: String, codingPath: [any CodingKey])] {
        do {
            try document.validate(strict: false)
            return []
        } catch let errors as ValidationErrorCollection {
            return errors.values.map { ($0.reason, $0.codingPath) }
        } catch {
            return [("OpenAPIKit cannot validate it: \(error)", [])]
        }
    }

    static func outline(_ document: OpenAPI.Document) -> ContractOutline.Document {
        let servers = document.servers.map { server in
            ContractOutline.url(server.urlTemplate.absoluteString, defaults: server.variables.map { ($0.key, $0.value.default) })
        }
        return ContractOutline.Document(servers: servers, paths: document.paths.map { path, item in (path, referable(item, outline)) })
    }

    static func outline(_ item: OpenAPI.PathItem) -> ContractOutline.PathItem {
        ContractOutline.PathItem(operations: item.endpoints.compactMap { endpoint in
            guard case .builtin(let method) = endpoint.method else { return nil }
            return (method.rawValue.lowercased(), endpoint.operation.responses.map { status, response in (status, referable(response, outline)) })
        })
    }

    static func outline(_ response: OpenAPI.Response) -> ContractOutline.Response {
        ContractOutline.Response(content: response.content.map { type, media in (type, referable(media, outline)) })
    }

    static func outline(_ media: OpenAPI.Content) -> ContractOutline.Media {
        ContractOutline.Media(schema: media.schema.map { schema in schema.reference.map { .reference($0.absoluteString) } ?? .inline })
    }

    private static func referable<Value, Outline>(_ either: Either<OpenAPI.Reference<Value>, Value>,
                                                  _ outline: (Value) -> Outline) -> ContractOutline.Referable<Outline> {
        switch either {
        case .a(let reference): return .reference(reference.jsonReference.absoluteString)
        case .b(let value): return .value(outline(value))
        }
    }
}
