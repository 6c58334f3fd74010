import Courier

/// A compiled JSON Schema: compile once, validate many instances, get every failure.
///
/// ```swift
/// let schema = try JSONSchema(["type": "object", "properties": ["price": ["type": "number"]]])
/// for error in schema.validate(instance) { print(error) }  // $.price: expected number, got string (#/properties/price/type)
/// ```
///
/// Draft 2020-12 by default, every vocabulary (`$dynamicRef`, `unevaluated*` included); draft-07
/// and OpenAPI 3.0's Schema Object through `Options.dialect`, and any document through `$schema`.
/// References across documents resolve through a `SchemaRegistry`.
public struct JSONSchema: Sendable {
    /// How a schema is read and checked.
    public struct Options: Sendable {
        /// The dialect of a schema without `$schema`.
        public var dialect: JSONSchemaDialect
        /// Whether `format` asserts `date-time`, `date`, `email`, `uuid`, `ipv4`, `ipv6` and `uri`
        /// (other formats stay annotations); by default every format is only an annotation.
        public var assertsFormats: Bool
        /// Whether a draft 2020-12 schema is checked against the metaschema when compiled.
        public var checksSchema: Bool

        public init(dialect: JSONSchemaDialect = .draft2020_12, assertsFormats: Bool = false, checksSchema: Bool = true) {
            self.dialect = dialect
            self.assertsFormats = assertsFormats
            self.checksSchema = checksSchema
        }
    }

    /// The URI of a schema compiled without one; locations in it are reported as `#/…`.
    public static let anonymousURI = "https://courier.invalid/schema.json"

    private let evaluator: Evaluator
    private let root: SchemaNode

    /// Compiles `schema`, registered at `uri` (an absolute URI; relative `$ref`s resolve against
    /// it unless the schema has an `$id`). Throws, with the location at fault, for a value that
    /// is not a schema, a failure against the metaschema, a bad pattern or an unresolvable reference.
    public init(_ schema: JSONValue, uri: String = JSONSchema.anonymousURI, registry: SchemaRegistry = SchemaRegistry(),
                options: Options = Options()) throws(SchemaCompileError) {
        let uri = SchemaURI.split(uri).resource
        var compiler = SchemaCompiler(registry: registry, dialect: options.dialect)
        let root = try Self.reported { () throws(SchemaCompileError) in try compiler.compile(schema, uri: uri) }
        try self.init(graph: compiler.graph, root: root, options: options)
    }

    /// Compiles the schema that `reference` (an absolute URI) names in `registry`: a document,
    /// or a part of one such as `https://api.example/openapi.json#/components/schemas/Pet`.
    public init(reference: String, registry: SchemaRegistry, options: Options = Options()) throws(SchemaCompileError) {
        var compiler = SchemaCompiler(registry: registry, dialect: options.dialect)
        let root = try Self.reported { () throws(SchemaCompileError) in try compiler.compile(reference: reference) }
        try self.init(graph: compiler.graph, root: root, options: options)
    }

    private init(graph: SchemaGraph, root: SchemaNode, options: Options) throws(SchemaCompileError) {
        self.evaluator = Evaluator(graph: graph, assertsFormats: options.assertsFormats)
        self.root = root
        if options.checksSchema, root.vocabulary == .draft2020_12, let metaschema = Self.metaschema {
            let errors = metaschema.validate(root.value)
            if !errors.isEmpty {
                throw SchemaCompileError(reason: .invalidSchema(errors), location: Evaluator.display(root.location))
            }
        }
    }

    /// Every way `instance` fails the schema; empty when it is valid.
    public func validate(_ instance: JSONValue) -> [SchemaValidationError] {
        evaluator.evaluate(root, instance, EvaluationContext(), failFast: false).errors
    }

    /// Whether `instance` is valid: `validate` without building messages, stopping at the first failure.
    public func isValid(_ instance: JSONValue) -> Bool {
        evaluator.evaluate(root, instance, EvaluationContext(), failFast: true).valid
    }

    /// Runs `body`, reporting its error's location as validation errors are (`#/…` in the anonymous document).
    private static func reported<T>(_ body: () throws(SchemaCompileError) -> T) throws(SchemaCompileError) -> T {
        do {
            return try body()
        } catch {
            throw SchemaCompileError(reason: error.reason, location: Evaluator.display(error.location))
        }
    }

    private static let metaschema: JSONSchema? = try? JSONSchema(
        reference: JSONSchemaDialect.draft2020_12URI, registry: SchemaRegistry(), options: Options(checksSchema: false))
}
