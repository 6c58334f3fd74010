import Courier
import Foundation

/// The documents that `$ref`s may name, by URI: schemas, and documents that only contain
/// schemas (an OpenAPI document, referenced as `openapi.json#/components/schemas/Pet`).
///
/// Draft 2020-12's and draft-07's metaschemas are always there. A document's own `$id`s and
/// `$anchor`s are found when it is first referenced; a pointer into a part of a document that is
/// not a schema keyword (`#/components/schemas/Pet`) is read as a schema where it points.
public struct SchemaRegistry: Sendable {
    private var documents: [String: JSONValue] = [:]

    public init() {}

    /// Adds (or replaces) the document at `uri`, an absolute URI; a fragment is ignored.
    public mutating func add(_ document: JSONValue, uri: String) {
        documents[SchemaURI.split(uri).resource] = document
    }

    /// Parses JSON `data` and adds it at `uri`; throws the parser's error when it is not JSON.
    public mutating func add(json data: Data, uri: String) throws {
        add(try JSONValue(parsing: data), uri: uri)
    }

    /// The document at `uri` (without fragment), a built-in metaschema included.
    func document(_ uri: String) -> JSONValue? {
        documents[uri] ?? Self.metaschemas[uri]
    }

    /// Whether `uri` (without fragment) is one of the built-in metaschemas, not replaced by `add`.
    func isBuiltIn(_ uri: String) -> Bool {
        documents[uri] == nil && Self.metaschemas[uri] != nil
    }

    private static let metaschemas: [String: JSONValue] = {
        var parsed: [String: JSONValue] = [:]
        for uri in Metaschemas.uris {
            parsed[uri] = try? JSONValue(parsing: Data(Metaschemas.document(uri)!.utf8))
        }
        return parsed
    }()
}

extension SchemaRegistry {
    /// The value at `uri` (an absolute URI with an optional JSON Pointer fragment) in the
    /// documents added: for readers of a document's non-schema parts (an OpenAPI example).
    public func value(at uri: String) -> JSONValue? {
        let (resource, fragment) = SchemaURI.split(uri)
        guard let document = document(resource) else { return nil }
        guard let fragment, !fragment.isEmpty else { return document }
        return JSONPointer.tokens(ofFragment: fragment).flatMap { JSONPointer.walk(document, $0) }
    }

    /// `reference` read against `base` (RFC 3986), as a `$ref` is.
    public static func resolve(_ reference: String, against base: String) -> String {
        SchemaURI.resolve(reference, against: base)
    }
}
