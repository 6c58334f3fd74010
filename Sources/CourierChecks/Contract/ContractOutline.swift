import CourierFormatCore
import CourierSchema
import OpenAPIKit

/// What a contract reads of an OpenAPI document, taken from OpenAPIKit's typed model (3.0
/// or 3.1): operations, their responses by status, and the media types with their schemas.
/// A `$ref` stays a reference: ``ContractReader`` follows it to the node it names, in the
/// document or in a file beside it, and decodes that node with the same model.
enum ContractOutline {
    /// A value written in place, or the `$ref` that names it.
    enum Referable<Value> {
        case reference(String)
        case value(Value)
    }

    /// A server's URL with each `{variable}` replaced by its default.
    static func url(_ template: String, defaults: [(name: String, value: String)]) -> String {
        defaults.reduce(template) { url, variable in url.replacingOccurrences(of: "{\(variable.name)}", with: variable.value) }
    }

    struct Document {
        /// The servers' URLs, each variable replaced by its default.
        var servers: [String]
        var paths: [(path: OpenAPI.Path, item: Referable<PathItem>)]
    }

    struct PathItem {
        /// Each method (lowercase, as written: `get`) with its responses.
        var operations: [(method: String, responses: Responses)]
    }

    typealias Responses = [(status: OpenAPI.Response.StatusCode, response: Referable<Response>)]

    struct Response {
        var content: [(type: OpenAPI.ContentType, media: Referable<Media>)]
    }

    struct Media {
        var schema: Schema?
    }

    enum Schema {
        /// `{$ref: …}`: validation starts at its target unless other keywords stand beside it.
        case reference(String)
        /// A schema written in place.
        case inline
    }
}

/// One of OpenAPIKit's document models: its typed objects, what its `validate()` refuses, and
/// the outline of each object for the contract.
protocol ContractModel {
    associatedtype Document: Decodable
    associatedtype PathItem: Decodable
    associatedtype Response: Decodable
    associatedtype Media: Decodable

    /// How the document's schemas are read.
    static var dialect: JSONSchemaDialect { get }
    /// What OpenAPIKit's `validate()` refuses in `document` (not strict: warnings pass), with where.
    static func validationErrors(_ document: Document) -> [(reason: String, codingPath: [any CodingKey])]
    static func outline(_ document: Document) -> ContractOutline.Document
    static func outline(_ item: PathItem) -> ContractOutline.PathItem
    static func outline(_ response: Response) -> ContractOutline.Response
    static func outline(_ media: Media) -> ContractOutline.Media
}

extension ContractModel {
    /// Decodes and validates the whole document; a mistake is an error at its node's file:line:column.
    static func document(_ node: YAMLValue) throws(WorkspaceError) -> ContractOutline.Document {
        let document = try ContractDecoding.decode(Document.self, from: node)
        if let failure = ContractDecoding.validationFailure(validationErrors(document), in: node) { throw failure }
        return outline(document)
    }

    static func pathItem(_ node: YAMLValue) throws(WorkspaceError) -> ContractOutline.PathItem {
        outline(try ContractDecoding.decode(PathItem.self, from: node))
    }

    static func response(_ node: YAMLValue) throws(WorkspaceError) -> ContractOutline.Response {
        outline(try ContractDecoding.decode(Response.self, from: node))
    }

    static func media(_ node: YAMLValue) throws(WorkspaceError) -> ContractOutline.Media {
        outline(try ContractDecoding.decode(Media.self, from: node))
    }
}
