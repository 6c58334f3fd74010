import Courier
import CourierFormatCore
import CourierSchema
import Foundation

extension Contract {
    /// Reads `contract: FILE` (relative to `directory`, by default the folder of the file that
    /// names it, and inside the folders a workspace may use): an OpenAPI 3.0 or 3.1 document, YAML or JSON, decoded and validated
    /// by OpenAPIKit, and the files its `$ref`s name. Every mistake names its file:line:column —
    /// the `contract:` line for a file that cannot be read, the document's own place (or the
    /// referenced file's) for one that OpenAPIKit refuses. The same files with the same bytes
    /// give back the contract `cache` already holds (``ContractCache``).
    package static func load(_ value: YAMLValue, relativeTo directory: String? = nil,
                             cache: ContractCache = .shared) throws(WorkspaceError) -> Contract {
        let written = try value.string(expected: "an OpenAPI document (.yaml or .json), relative to the workspace")
        let directory = directory ?? URL(fileURLWithPath: value.file).deletingLastPathComponent().path
        let files = ContractFiles(directory: directory)
        let file = ContractFiles.path(written, relativeTo: directory)
        let data = try files.read(file, at: value, purpose: "contract")
        let key = ContractCache.Key(file: file, written: written, roots: files.confinement.roots, isLifted: files.confinement.isLifted)
        if let digest = files.digests.first?.digest, let cached = cache.contract(for: key, digest: digest) { return cached }
        let contract = try parse(written, data: data, files: files, directory: directory, at: value, cache: cache)
        cache.store(contract, for: key, digests: files.digests)
        return contract
    }

    /// The contract read from `data`, the document `written` names, and the files its `$ref`s
    /// name; its operations from `cache`'s disk when the same files were read before.
    private static func parse(_ written: String, data: Data, files: ContractFiles, directory: String, at value: YAMLValue,
                              cache: ContractCache) throws(WorkspaceError) -> Contract {
        let root = try files.root(written, relativeTo: directory, at: value, purpose: "contract", data: data)
        let map = try root.mapping(expected: "an OpenAPI document (a mapping with openapi, info, paths)")
        let model = try Self.model(map)
        try addReferencedFiles(of: root, files: files)
        let diskKey = ContractDiskCache.key(written: written, model: String(describing: model), digests: files.digests)
        let servers: [String], operations: [ContractOperation]
        if let entry = cache.disk?.read(diskKey) {
            cache.countDiskHit(of: root.file)
            (servers, operations) = (entry.servers, entry.contractOperations)
        } else {
            cache.countParse(of: root.file)
            (servers, operations) = try read(root, files: files, model: model)
            cache.disk?.write(ContractDiskCache.Entry(servers: servers, operations: operations), key: diskKey)
        }
        var registry = SchemaRegistry()
        for (file, fileRoot) in files.roots { registry.add(try fileRoot.json(), uri: URL(fileURLWithPath: file).absoluteString) }
        return Contract(file: root.file, written: written, dialect: model.dialect, servers: servers, operations: operations,
                        registry: registry, pathsLocation: (try? map["paths"]?.mapping().owner.location) ?? root.location)
    }

    /// `openapi: 3.0.x` is read by OpenAPIKit30, with schemas in OpenAPI 3.0's dialect; `3.1.x`
    /// (and `3.2.x`) by OpenAPIKit, with schemas in draft 2020-12.
    private static func model(_ map: YAMLMapping) throws(WorkspaceError) -> any ContractModel.Type {
        if let swagger = map["swagger"] {
            throw swagger.error(.invalidValue, "Swagger \((try? swagger.string()) ?? "2.0") is not supported as a contract; convert it to OpenAPI 3")
        }
        let version = try map.required("openapi", hint: "the OpenAPI version, 3.0.x or 3.1.x").string()
        if version.hasPrefix("3.0") { return ContractModel30.self }
        if version.hasPrefix("3.1") || version.hasPrefix("3.2") { return ContractModel31.self }
        throw map["openapi"]!.error(.invalidValue, "OpenAPI \(version) is not supported as a contract (3.0.x and 3.1.x are)")
    }

    /// The document decoded and validated by `model`: its servers' URLs and its operations.
    private static func read<Model: ContractModel>(_ root: YAMLValue, files: ContractFiles,
                                                   model: Model.Type) throws(WorkspaceError) -> (servers: [String], operations: [ContractOperation]) {
        let document = try model.document(root)
        return (document.servers, try ContractReader<Model>(files: files).operations(of: document, root: root))
    }

    /// The base paths of the `servers` (`https://api.example/v2` gives `/v2`), longest first;
    /// empty when there are none.
    static func basePaths(_ servers: [String]) -> [String] {
        servers.compactMap { url -> String? in
            let path = url.contains("://") ? (URLComponents(string: url)?.percentEncodedPath ?? "") : url
            let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
            return trimmed.isEmpty ? nil : trimmed
        }.sorted { $0.count > $1.count }
    }

    /// Reads every file a `$ref` in `node` names (`pet.yaml#/Pet`, `schemas/common.json`), and
    /// the files those name, each once, for the schema validator.
    private static func addReferencedFiles(of node: YAMLValue, files: ContractFiles) throws(WorkspaceError) {
        switch node.node {
        case .mapping:
            for entry in try node.mapping().entries {
                if entry.name == "$ref", case .scalar = entry.value.node {
                    let known = files.roots.count
                    guard let root = try files.referencedRoot(try entry.value.string(), at: entry.value), files.roots.count > known else { continue }
                    try addReferencedFiles(of: root, files: files)
                } else {
                    try addReferencedFiles(of: entry.value, files: files)
                }
            }
        case .sequence:
            for item in try node.list() { try addReferencedFiles(of: item, files: files) }
        default:
            break
        }
    }
}
