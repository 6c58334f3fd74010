import CourierFormatCore
import Foundation
import OpenAPIKit

/// Finds a contract's operations and responses in OpenAPIKit's outline of its document,
/// following `$ref`s of path items, responses and media types — in the document or in the
/// files beside it — and where each is written, as JSON Pointers and file:line:column.
struct ContractReader<Model: ContractModel> {
    let files: ContractFiles

    /// Every operation of `document`, whose root node is `root`, in the document's order.
    func operations(of document: ContractOutline.Document, root: YAMLValue) throws(WorkspaceError) -> [ContractOperation] {
        guard let paths = ContractPlace(node: root, tokens: []).child("paths") else { return [] }
        // Each path's place, found once: looking each one up in the mapping took time in the
        // square of the paths (2,000 paths, 4 million keys read).
        var places: [OpenAPI.Path: ContractPlace] = [:]
        for child in paths.children() where places[OpenAPI.Path(rawValue: child.name)] == nil {
            places[OpenAPI.Path(rawValue: child.name)] = child.place
        }
        var operations: [ContractOperation] = []
        for (path, item) in document.paths {
            guard let written = places[path] else { continue }
            let (pathItem, itemPlace) = try resolve(item, at: written, Model.pathItem)
            for (method, responses) in pathItem.operations {
                guard let place = itemPlace.child(method) else { continue }
                operations.append(ContractOperation(method: method.uppercased(), template: PathTemplate(path.rawValue),
                                                    responses: try self.responses(responses, at: place.child("responses")),
                                                    location: place.node.location))
            }
        }
        return operations
    }

    /// The responses by status key (`200`, `2XX`, `default`), each with the schema URI of each media type.
    private func responses(_ outline: ContractOutline.Responses, at place: ContractPlace?) throws(WorkspaceError) -> [String: ContractResponse] {
        var responses: [String: ContractResponse] = [:]
        for (status, response) in outline {
            guard let written = place?.child(where: { OpenAPI.Response.StatusCode(rawValue: $0) == status }) else { continue }
            let (value, responsePlace) = try resolve(response, at: written, Model.response)
            var content: [String: String?] = [:]
            for (type, media) in value.content {
                guard let mediaWritten = responsePlace.child("content")?.child(where: { OpenAPI.ContentType(rawValue: $0) == type }) else { continue }
                let (mediaValue, mediaPlace) = try resolve(media, at: mediaWritten, Model.media)
                content[mediaWritten.tokens.last ?? type.rawValue] = mediaValue.schema.flatMap { schema in
                    mediaPlace.child("schema").map { schemaURI(schema, at: $0) }
                }
            }
            responses[status.rawValue] = ContractResponse(content: content, location: written.node.location)
        }
        return responses
    }

    /// Where validation of a body starts: a `$ref`'s target when the schema is only that
    /// reference (with annotations), else the schema itself.
    private func schemaURI(_ schema: ContractOutline.Schema, at place: ContractPlace) -> String {
        guard case .reference(let reference) = schema, let keys = try? place.node.mapping().entries.map(\.name),
              keys.allSatisfy({ ["$ref", "description", "summary"].contains($0) }),
              let target = URL(string: reference, relativeTo: URL(fileURLWithPath: place.node.file)) else { return place.uri }
        return target.absoluteString
    }

    /// The value of `referable` and where it is written: in place, or where its `$ref` leads
    /// (through further `$ref`s), decoded there by `decode`.
    private func resolve<Value>(_ referable: ContractOutline.Referable<Value>, at place: ContractPlace,
                                _ decode: (YAMLValue) throws(WorkspaceError) -> Value) throws(WorkspaceError) -> (Value, ContractPlace) {
        var reference: String
        switch referable {
        case .value(let value): return (value, place)
        case .reference(let written): reference = written
        }
        var from = place
        var seen: Set<String> = []
        while true {
            let written = from.child("$ref")?.node ?? from.node
            let target = try files.target(of: reference, at: written)
            guard seen.insert(target.uri).inserted else { throw written.error(.invalidValue, "$ref \(reference) leads back to itself") }
            guard let next = target.child("$ref"), case .scalar = next.node.node else { return (try decode(target.node), target) }
            reference = try next.node.string()
            from = target
        }
    }
}
