import Courier
import CourierWorkspace
import Foundation
import Yams

/// A request's body as an OpenAPI Request Body Object: its media type, a schema inferred from
/// what it sends and, where it has one, the example. Placeholders stay as written in examples;
/// a value under a key that names a secret (`password`, `token`, `api_key`, …) is redacted.
enum OpenAPIRequestBody {
    /// `value` with the strings under secret-naming keys replaced by ``Redaction/placeholder``
    /// (a `{{placeholder}}` stays: it is no secret).
    static func redacted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(members.reduce(into: [:]) { result, member in
                if Redaction.isSensitiveKey(member.key), case .string(let text) = member.value,
                   !(text.hasPrefix("{{") && text.hasSuffix("}}")) {
                    result[member.key] = .string(Redaction.placeholder)
                } else {
                    result[member.key] = redacted(member.value)
                }
            })
        case .array(let items): return .array(items.map(redacted))
        default: return value
        }
    }

    static func node(_ definition: RequestDefinition, argumentsInQuery: Bool, place: String, report: inout ImportReport) -> Node? {
        let content: (type: String, media: Node)
        switch definition.body {
        case .json(let value)?:
            content = ("application/json", media(schema: OpenAPISchemaInference.schema(for: value), example: OpenAPINode.json(redacted(value))))
        case .form(let value, _)?:
            content = ("application/x-www-form-urlencoded", media(schema: OpenAPISchemaInference.schema(for: value),
                                                                  example: OpenAPINode.json(redacted(value))))
        case .text(let text, let type)?:
            content = (type ?? "text/plain", media(schema: stringSchema(), example: OpenAPINode.string(text)))
        case .file(_, let type)?:
            let binary = OpenAPINode.map([("type", OpenAPINode.string("string")), ("contentMediaType", OpenAPINode.string(type ?? "application/octet-stream"))])
            content = (type ?? "application/octet-stream", media(schema: binary, example: nil))
        case .multipart(let parts)?:
            let properties = parts.map { part -> (String, Node?) in
                let schema: [(String, Node?)] = part.file == nil ? [("type", OpenAPINode.string("string"))]
                    : [("type", OpenAPINode.string("string")), ("contentMediaType", OpenAPINode.string(part.contentType ?? "application/octet-stream"))]
                return (part.name, OpenAPINode.map(schema))
            }
            let schema = OpenAPINode.map([("type", OpenAPINode.string("object")), ("properties", OpenAPINode.map(properties))])
            content = ("multipart/form-data", media(schema: schema, example: nil))
        case .graphql(let graphql)?:
            var example: [String: JSONValue] = ["query": .string(graphql.isFile ? "(the query in \(graphql.query))" : graphql.query)]
            if let variables = graphql.variables { example["variables"] = variables }
            content = ("application/json", media(schema: OpenAPISchemaInference.schema(for: .object(example)),
                                                 example: OpenAPINode.json(redacted(.object(example)))))
        case nil:
            // Arguments of a POST, PUT or PATCH travel as a form, as the engine sends them.
            guard !argumentsInQuery, let args = definition.args else { return nil }
            content = ("application/x-www-form-urlencoded", media(schema: OpenAPISchemaInference.schema(for: args), example: OpenAPINode.json(redacted(args))))
        }
        return OpenAPINode.map([("required", Node("true", Tag(.bool))), ("content", OpenAPINode.map([(content.type, content.media)]))])
    }

    private static func stringSchema() -> Node { OpenAPINode.map([("type", OpenAPINode.string("string"))]) }

    private static func media(schema: Node, example: Node?) -> Node {
        OpenAPINode.map([("schema", schema), ("example", example)])
    }
}

/// A recorded response body as a Media Type Object: a JSON body's inferred schema and the
/// body as its example (up to 16 KiB), a text body as a string example (up to 4 KiB).
enum OpenAPIResponseContent {
    static let jsonExampleLimit = 16 * 1024
    static let textExampleLimit = 4 * 1024

    static func node(_ body: Data, mediaType: String) -> Node {
        if mediaType.hasSuffix("json"), let value = try? JSONValue(parsing: body) {
            return OpenAPINode.map([("schema", OpenAPISchemaInference.schema(for: value)),
                                    ("example", body.count <= jsonExampleLimit ? OpenAPINode.json(OpenAPIRequestBody.redacted(value)) : nil)])
        }
        let text = String(data: body, encoding: .utf8)
        let isText = mediaType.hasPrefix("text/") || mediaType.hasSuffix("xml") || mediaType.contains("javascript")
        return OpenAPINode.map([
            ("schema", OpenAPINode.map([("type", OpenAPINode.string("string"))]
                + (isText ? [] : [("contentMediaType", OpenAPINode.string(mediaType))]))),
            ("example", isText && body.count <= textExampleLimit ? text.map(OpenAPINode.string) : nil),
        ])
    }
}

/// An auth as an OpenAPI security scheme: HTTP basic, bearer and digest, and OAuth2's flows.
enum OpenAPISecurityScheme {
    /// The scheme's name in `components.securitySchemes` and its object; nil when OpenAPI has none.
    static func scheme(for auth: RequestDefinition.Auth) -> (name: String, node: Node)? {
        switch auth {
        case .scheme(let authentication):
            if authentication.scheme(as: BasicAuth.self) != nil { return ("basicAuth", http("basic")) }
            if authentication.scheme(as: BearerAuth.self) != nil { return ("bearerAuth", http("bearer")) }
            if authentication.scheme(as: DigestAuth.self) != nil { return ("digestAuth", http("digest")) }
            return nil
        case .oauth2(let settings):
            let flow: (String, [(String, Node?)])
            let token = ("tokenUrl", Optional(OpenAPINode.string(settings.tokenURL)))
            let scopes = ("scopes", Optional(OpenAPINode.map((settings.scope ?? "").split(separator: " ").map { (String($0), OpenAPINode.string("")) })))
            switch settings.grant {
            case .clientCredentials: flow = ("clientCredentials", [token, scopes])
            case .password: flow = ("password", [token, scopes])
            case .authorizationCode:
                flow = ("authorizationCode", [("authorizationUrl", settings.authURL.map(OpenAPINode.string)), token, scopes])
            case .refreshToken: flow = ("clientCredentials", [token, scopes])
            }
            return ("oauth2", OpenAPINode.map([("type", OpenAPINode.string("oauth2")), ("flows", OpenAPINode.map([(flow.0, OpenAPINode.map(flow.1))]))]))
        case .command:
            return ("bearerAuth", http("bearer"))
        }
    }

    private static func http(_ scheme: String) -> Node {
        OpenAPINode.map([("type", OpenAPINode.string("http")), ("scheme", OpenAPINode.string(scheme))])
    }
}
