import CourierSchema
import OpenAPIKit30

/// OpenAPI 3.0 through OpenAPIKit30, the model OpenAPIKit keeps for it.
enum ContractModel30: ContractModel {
    static let dialect = JSONSchemaDialect.openAPI30

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
        ContractOutline.PathItem(operations: item.endpoints.map { endpoint in
            (endpoint.method.rawValue.lowercased(), endpoint.operation.responses.map { status, response in (status, referable(response, outline)) })
        })
    }

    static func outline(_ response: OpenAPI.Response) -> ContractOutline.Response {
        ContractOutline.Response(content: response.content.map { type, media in (type, .value(outline(media))) })
    }

    /// 3.0 writes a schema's `$ref` as the Content's own `Either`, or as a reference schema.
    static func outline(_ media: OpenAPI.Content) -> ContractOutline.Media {
        ContractOutline.Media(schema: media.schema.map { schema in
            switch schema {
            case .a(let reference): return .reference(reference.absoluteString)
            case .b(let schema):
                guard case .reference(let reference, _) = schema.value else { return .inline }
                return .reference(reference.absoluteString)
            }
        })
    }

    private static func referable<Value, Outline>(_ either: Either<JSONReference<Value>, Value>,
                                                  _ outline: (Value) -> Outline) -> ContractOutline.Referable<Outline> {
        switch either {
        case .a(let reference): return .reference(reference.absoluteString)
        case .b(let value): return .value(outline(value))
        }
    }
}
