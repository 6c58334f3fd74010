import Courier

/// One schema (an object or a boolean) where it sits: what the evaluator works on.
struct SchemaNode: Sendable {
    let value: JSONValue
    /// The base URI in effect: the URI of the schema resource it belongs to.
    let base: String
    /// Its place in its document: `DOCUMENT_URI#/json/pointer`.
    let location: String
    /// The keywords that apply in its resource.
    let vocabulary: Vocabulary

    var object: [String: JSONValue]? { value.objectValue }
}

/// A compiled schema and everything it can reach: every indexed subschema, the resources,
/// anchors and dynamic anchors by URI, each reference's target, and the compiled patterns.
struct SchemaGraph: Sendable {
    /// Subschemas by location (`DOCUMENT_URI#/pointer`).
    var nodes: [String: SchemaNode] = [:]
    /// Schema resources (`$id`s and documents) by URI: the location of each one's root.
    var resources: [String: String] = [:]
    /// `$anchor`s and `$dynamicAnchor`s by `RESOURCE_URI#name`: a location.
    var anchors: [String: String] = [:]
    /// `$dynamicAnchor`s alone, by `RESOURCE_URI#name`.
    var dynamicAnchors: [String: String] = [:]
    /// The target of each `$ref` and `$dynamicRef`, by the keyword's location (`…/$ref`).
    var references: [String: SchemaNode] = [:]
    /// For a `$dynamicRef` whose first target bears the `$dynamicAnchor` it names: that name.
    var dynamicNames: [String: String] = [:]
    var patterns: [String: SchemaPattern] = [:]
    /// Whether any schema uses `unevaluatedProperties`/`unevaluatedItems`, which need annotations.
    var collectsAnnotations = false

    /// The subschema at `location`, or a node made from `value` that inherits `parent`'s resource.
    func node(_ value: JSONValue, at location: String, in parent: SchemaNode) -> SchemaNode {
        nodes[location] ?? SchemaNode(value: value, base: parent.base, location: location, vocabulary: parent.vocabulary)
    }
}

/// The keywords whose values are subschemas, by shape, for indexing.
enum SubschemaKeywords {
    static let single: Set<String> = [
        "additionalProperties", "propertyNames", "contains", "if", "then", "else", "not",
        "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema", "items",
    ]
    static let maps: Set<String> = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"]
    static let lists: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems", "items"]
}
