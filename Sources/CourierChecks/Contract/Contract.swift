import Courier
import CourierFormatCore
import CourierSchema
import Foundation
import Synchronization

/// `config.contract:` — an OpenAPI 3.0 or 3.1 document every response of the workspace is
/// checked against (``results(method:url:facts:)``). Read once when the workspace loads;
/// each response schema is compiled the first time a response needs it and kept.
public final class Contract: Sendable {
    /// The document's path, absolute.
    public let file: String
    /// The path as `contract:` wrote it.
    public let written: String
    /// The document's URI in the registry: schema locations inside it are reported as `#/…`.
    let uri: String
    /// OpenAPI 3.0's Schema Object dialect, or draft 2020-12 for 3.1.
    let dialect: JSONSchemaDialect
    /// The `servers`' URLs as the document writes them (`https://{region}.api.example/v2`, `/v2`).
    let servers: [String]
    /// Stripped from a request's path before matching: the `servers`' paths, longest first.
    let basePaths: [String]
    let operations: [ContractOperation]
    /// How many operations the document declares.
    package var operationCount: Int { operations.count }
    /// The operations by path template, for ``operation(method:path:)``.
    let index: ContractIndex
    /// The document and the files its `$ref`s name.
    let registry: SchemaRegistry
    /// Where `paths` is written, for a request that matches none.
    let pathsLocation: SourceLocation
    private let compiled = Mutex<[String: Result<JSONSchema, SchemaCompileError>]>([:])
    /// ``documentedAnswer(method:path:preferredStatus:exampleName:)``'s answers, made once each.
    let answers = Mutex<[String: DocumentedAnswer]>([:])

    init(file: String, written: String, dialect: JSONSchemaDialect, servers: [String], operations: [ContractOperation],
         registry: SchemaRegistry, pathsLocation: SourceLocation) {
        self.file = file
        self.written = written
        self.uri = URL(fileURLWithPath: file).absoluteString
        self.dialect = dialect
        self.servers = servers
        self.basePaths = Self.basePaths(servers)
        self.operations = operations
        self.index = ContractIndex(operations)
        self.registry = registry
        self.pathsLocation = pathsLocation
    }

    /// The operation for `method` on `path` (a URL's path, not decoded): the servers' base
    /// path stripped, the most specific template that fits and has the method. HEAD falls
    /// back to GET. Nil, with the methods the path does have, when there is none. The
    /// templates that fit are looked up in ``index``, not tried one by one.
    func operation(method: String, path: String) -> (operation: ContractOperation?, otherMethods: [String]) {
        let (operation, otherMethods, _) = lookUp(method: method, path: path)
        return (operation, otherMethods)
    }

    /// ``operation(method:path:)`` and how many index entries it examined (for tests of the index).
    func lookUp(method: String, path: String) -> (operation: ContractOperation?, otherMethods: [String], examined: Int) {
        var examined = 0
        var candidates = basePaths.compactMap { base -> String? in
            guard path == base || path.hasPrefix(base + "/") else { return nil }
            return String(path.dropFirst(base.count))
        }
        if candidates.isEmpty { candidates = [path] }
        for candidate in candidates {
            let found = index.fitting(candidate)
            examined += found.examined
            let fitting = found.operations.map { operations[$0] }
            guard !fitting.isEmpty else { continue }
            let methods = method == "HEAD" && !fitting.contains { $0.method == "HEAD" } ? ["GET"] : [method]
            let best = fitting.filter { methods.contains($0.method) }.min { $0.template.isMoreSpecific(than: $1.template) }
            return (best, Array(Set(fitting.map(\.method))).sorted(), examined)
        }
        return (nil, [], examined)
    }

    /// The compiled schema at `reference` (an absolute URI with a pointer), compiled once.
    func schema(at reference: String) -> Result<JSONSchema, SchemaCompileError> {
        if let known = compiled.withLock({ $0[reference] }) { return known }
        let result = Result(catching: { () throws(SchemaCompileError) in
            try JSONSchema(reference: reference, registry: registry, options: JSONSchema.Options(dialect: dialect))
        })
        compiled.withLock { $0[reference] = result }
        return result
    }

    /// A schema location as results show it: `#/components/schemas/Pet/type` inside the
    /// document, `pet.yaml#/…` in a file it references.
    func shown(_ location: String) -> String {
        if location.hasPrefix(uri + "#") { return String(location.dropFirst(uri.count)) }
        guard location.hasPrefix("file://"), let url = URL(string: location) else { return location }
        return url.lastPathComponent + (url.fragment.map { "#" + $0 } ?? "")
    }
}
