import Courier
import CourierSchema
import Foundation

extension Contract {
    /// Reads `contract: FILE` (relative to the workspace file's folder, inside the folders a
    /// workspace may use): an OpenAPI 3.0 or 3.1 document, YAML or JSON, and the files its
    /// `$ref`s name. Every mistake names its file:line:column — the `contract:` line for a file
    /// that cannot be read, the document's own place for one that is not OpenAPI.
    package static func load(_ value: YAMLValue) throws(WorkspaceError) -> Contract {
        let written = try value.string(expected: "an OpenAPI document (.yaml or .json), relative to the workspace")
        let directory = URL(fileURLWithPath: value.file).deletingLastPathComponent().path
        let confinement = PathConfinement(workspaceDirectory: directory)
        let file = try readableFile(written, relativeTo: directory, confinement: confinement, at: value, purpose: "contract")
        let root = try document(at: file, at: value, subject: "the contract")
        let map = try root.mapping(expected: "an OpenAPI document (a mapping with openapi, info, paths)")
        let dialect = try Self.dialect(map, root: root)
        if let paths = map["paths"] {
            for path in try paths.mapping(expected: "the paths: a mapping of /path templates to operations").entries {
                guard path.name.hasPrefix("/") else { throw path.key.error(.invalidValue, "a path template starts with \"/\", found \"\(path.name)\"") }
                let item = try path.value.mapping(expected: "a path item: a mapping of methods to operations")
                for method in ContractReader.methods {
                    guard let operation = item[method] else { continue }
                    let responses = try operation.mapping(expected: "an operation").required("responses", hint: "the documented responses by status")
                    _ = try responses.mapping(expected: "the responses: a mapping of status codes (200, 2XX, default) to responses")
                }
            }
        }
        var registry = SchemaRegistry()
        let json = try root.json()
        registry.add(json, uri: URL(fileURLWithPath: file).absoluteString)
        var loaded: Set<String> = [file]
        try addReferencedFiles(of: root, registry: &registry, loaded: &loaded, confinement: confinement)
        return Contract(file: file, written: written, dialect: dialect, reader: ContractReader(document: json, root: root), registry: registry)
    }

    /// `openapi: 3.0.x` reads schemas in OpenAPI 3.0's dialect, `3.1.x` in draft 2020-12.
    private static func dialect(_ map: YAMLMapping, root: YAMLValue) throws(WorkspaceError) -> JSONSchemaDialect {
        if let swagger = map["swagger"] {
            throw swagger.error(.invalidValue, "Swagger \((try? swagger.string()) ?? "2.0") is not supported as a contract; convert it to OpenAPI 3")
        }
        let version = try map.required("openapi", hint: "the OpenAPI version, 3.0.x or 3.1.x").string()
        if version.hasPrefix("3.0") { return .openAPI30 }
        if version.hasPrefix("3.1") { return .draft2020_12 }
        throw map["openapi"]!.error(.invalidValue, "OpenAPI \(version) is not supported as a contract (3.0.x and 3.1.x are)")
    }

    /// `written` made absolute and checked against the confinement; the error is at `node`.
    private static func readableFile(_ written: String, relativeTo directory: String, confinement: PathConfinement, at node: YAMLValue,
                                     purpose: String) throws(WorkspaceError) -> String {
        let file = written.hasPrefix("/") ? written : URL(fileURLWithPath: directory).appendingPathComponent(written).standardized.path
        do {
            return try confinement.check(file, for: purpose)
        } catch {
            throw node.error(.invalidValue, error.description)
        }
    }

    /// The YAML (or JSON) document at `file`; an unreadable file is an error at `node`.
    private static func document(at file: String, at node: YAMLValue, subject: String) throws(WorkspaceError) -> YAMLValue {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw node.error(.unreadable, "cannot read \(subject) \(file): \((error as NSError).localizedDescription)")
        }
        guard let root = try YAMLValue.document(yaml: String(decoding: data, as: UTF8.self), file: file, subject: subject) else {
            throw node.error(.invalidValue, "\(subject) \(file) is empty")
        }
        return root
    }

    /// Registers every file a `$ref` in `node` names (`pet.yaml#/Pet`, `schemas/common.json`),
    /// and the files those name, each once.
    private static func addReferencedFiles(of node: YAMLValue, registry: inout SchemaRegistry, loaded: inout Set<String>,
                                           confinement: PathConfinement) throws(WorkspaceError) {
        switch node.node {
        case .mapping:
            for entry in try node.mapping().entries {
                if entry.name == "$ref", case .scalar = entry.value.node {
                    let reference = try entry.value.string()
                    let path = String(reference.prefix { $0 != "#" })
                    guard !path.isEmpty, !path.contains("://") else { continue }
                    let directory = URL(fileURLWithPath: node.file).deletingLastPathComponent().path
                    let file = try readableFile(path.removingPercentEncoding ?? path, relativeTo: directory, confinement: confinement,
                                                at: entry.value, purpose: "file referenced by the contract")
                    guard loaded.insert(file).inserted else { continue }
                    let document = try document(at: file, at: entry.value, subject: "the referenced file")
                    registry.add(try document.json(), uri: URL(fileURLWithPath: file).absoluteString)
                    try addReferencedFiles(of: document, registry: &registry, loaded: &loaded, confinement: confinement)
                } else {
                    try addReferencedFiles(of: entry.value, registry: &registry, loaded: &loaded, confinement: confinement)
                }
            }
        case .sequence:
            for item in try node.list() { try addReferencedFiles(of: item, registry: &registry, loaded: &loaded, confinement: confinement) }
        default:
            break
        }
    }
}
