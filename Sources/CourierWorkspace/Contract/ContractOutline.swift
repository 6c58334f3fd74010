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

/// One of OpenAPIKit's document models: decodes a node into its typed object (a mistake is
/// an error at the node's file:line:column) and outlines it for the contract.
protocol ContractModel {
    /// Decodes and validates the whole document.
    static func document(_ node: YAMLValue) throws(WorkspaceError) -> ContractOutline.Document
    static func pathItem(_ node: YAMLValue) throws(WorkspaceError) -> ContractOutline.PathItem
    static func response(_ node: YAMLValue) throws(WorkspaceError) -> ContractOutline.Response
    static func media(_ node: YAMLValue) throws(WorkspaceError) -> ContractOutline.Media
}
