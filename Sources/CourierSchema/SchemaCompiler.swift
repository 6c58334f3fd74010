import Courier

/// Builds a `SchemaGraph`: indexes the root document, then resolves every reference, loading
/// (and indexing) each registry document the first time one names it, until none is left.
struct SchemaCompiler {
    private(set) var graph = SchemaGraph()
    private let registry: SchemaRegistry
    private let dialect: JSONSchemaDialect
    private var pending: [(site: String, reference: String, base: String, dynamic: Bool)] = []
    private var loaded: Set<String> = []

    init(registry: SchemaRegistry, dialect: JSONSchemaDialect) {
        self.registry = registry
        self.dialect = dialect
    }

    /// Indexes `document` at `uri` and resolves everything it reaches.
    mutating func compile(_ document: JSONValue, uri: String) throws(SchemaCompileError) -> SchemaNode {
        try load(document, uri: uri)
        try resolvePending()
        return graph.nodes[uri + "#"]!
    }

    /// Compiles the schema an absolute URI names in the registry.
    mutating func compile(reference: String) throws(SchemaCompileError) -> SchemaNode {
        let root = try resolve(reference, against: reference, site: reference)
        try resolvePending()
        return root
    }

    private mutating func resolvePending() throws(SchemaCompileError) {
        while let next = pending.popLast() {
            let target = try resolve(next.reference, against: next.base, site: next.site)
            graph.references[next.site] = target
            if next.dynamic, let name = SchemaURI.split(next.reference).fragment,
               JSONPointer.tokens(ofFragment: name) == nil, target.object?["$dynamicAnchor"]?.stringValue == name {
                graph.dynamicNames[next.site] = name
            }
        }
    }

    private mutating func load(_ document: JSONValue, uri: String) throws(SchemaCompileError) {
        loaded.insert(uri)
        graph.resources[uri] = uri + "#"
        try index(document, base: uri, location: uri + "#", vocabulary: dialect.vocabulary, root: true)
    }

    // MARK: - Indexing

    private mutating func index(_ value: JSONValue, base: String, location: String, vocabulary: Vocabulary, root: Bool = false) throws(SchemaCompileError) {
        guard case .object(let members) = value else {
            guard case .bool = value else { throw SchemaCompileError(reason: .notASchema, location: location) }
            graph.nodes[location] = SchemaNode(value: value, base: base, location: location, vocabulary: vocabulary)
            return
        }
        var base = base
        var vocabulary = vocabulary
        let legacy = vocabulary.contains(.legacy)
        if let metaschema = members["$schema"]?.stringValue, root || members["$id"] != nil {
            vocabulary = try self.vocabulary(of: metaschema, at: location + "/$schema")
        }
        if let id = members["$id"]?.stringValue, !(legacy && members["$ref"] != nil) {
            let (resource, fragment) = SchemaURI.split(SchemaURI.resolve(id, against: base))
            if legacy, let fragment, !fragment.isEmpty {
                if !id.hasPrefix("#") { base = resource; graph.resources[resource] = location }
                graph.anchors[resource + "#" + fragment] = location
            } else {
                base = resource
                graph.resources[resource] = location
            }
        }
        graph.nodes[location] = SchemaNode(value: value, base: base, location: location, vocabulary: vocabulary)
        if vocabulary.contains(.core) {
            if let anchor = members["$anchor"]?.stringValue { graph.anchors[base + "#" + anchor] = location }
            if let anchor = members["$dynamicAnchor"]?.stringValue {
                graph.anchors[base + "#" + anchor] = location
                graph.dynamicAnchors[base + "#" + anchor] = location
            }
            if let ref = members["$ref"]?.stringValue { pending.append((location + "/$ref", ref, base, false)) }
            if let ref = members["$dynamicRef"]?.stringValue, !legacy {
                pending.append((location + "/$dynamicRef", ref, base, true))
            }
        }
        if members["unevaluatedProperties"] != nil || members["unevaluatedItems"] != nil { graph.collectsAnnotations = true }
        if let pattern = members["pattern"]?.stringValue { try compilePattern(pattern, at: location + "/pattern") }
        for (keyword, child) in members {
            let at = location + "/" + JSONPointer.escape(keyword)
            switch child {
            case .object(let entries) where SubschemaKeywords.maps.contains(keyword):
                for (name, schema) in entries {
                    if keyword == "patternProperties" { try compilePattern(name, at: at) }
                    if keyword == "dependencies", case .array = schema { continue }
                    try index(schema, base: base, location: at + "/" + JSONPointer.escape(name), vocabulary: vocabulary)
                }
            case .object, .bool:
                if SubschemaKeywords.single.contains(keyword) { try index(child, base: base, location: at, vocabulary: vocabulary) }
            case .array(let elements) where SubschemaKeywords.lists.contains(keyword):
                for (i, schema) in elements.enumerated() {
                    try index(schema, base: base, location: at + "/\(i)", vocabulary: vocabulary)
                }
            default: break
            }
        }
    }

    private mutating func compilePattern(_ pattern: String, at location: String) throws(SchemaCompileError) {
        guard graph.patterns[pattern] == nil else { return }
        if registry.isBuiltIn(SchemaURI.split(location).resource) {
            graph.patterns[pattern] = SchemaPattern(builtIn: pattern)
            return
        }
        guard let compiled = SchemaPattern(pattern) else {
            throw SchemaCompileError(reason: .invalidPattern(pattern), location: location)
        }
        graph.patterns[pattern] = compiled
    }

    /// The vocabulary that `$schema: uri` turns on: a built-in dialect's, or that of a registry
    /// metaschema's `$vocabulary` (a required vocabulary this validator lacks is an error).
    private func vocabulary(of uri: String, at location: String) throws(SchemaCompileError) -> Vocabulary {
        if let named = JSONSchemaDialect.named(uri) { return named == .draft07 && dialect == .openAPI30 ? dialect.vocabulary : named.vocabulary }
        if uri.hasPrefix("http://json-schema.org/draft-0") { return Vocabulary.draft07 }
        if uri.hasPrefix("https://json-schema.org/draft/2019-09/") { return Vocabulary.draft2020_12 }
        let resource = SchemaURI.split(uri).resource
        guard let metaschema = registry.document(resource) else {
            throw SchemaCompileError(reason: .unknownMetaschema(uri), location: location)
        }
        guard case .object(let declared)? = metaschema["$vocabulary"] else {
            guard let parent = metaschema["$schema"]?.stringValue, parent != uri else { return Vocabulary.draft2020_12 }
            return try vocabulary(of: parent, at: location)
        }
        var vocabulary: Vocabulary = []
        for (name, required) in declared {
            if let known = Vocabulary.named(name) {
                vocabulary.formUnion(known)
            } else if required == .bool(true) {
                throw SchemaCompileError(reason: .unsupportedVocabulary(name), location: location)
            }
        }
        return vocabulary
    }

    // MARK: - References

    private mutating func resolve(_ reference: String, against base: String, site: String) throws(SchemaCompileError) -> SchemaNode {
        let (resource, fragment) = SchemaURI.split(SchemaURI.resolve(reference, against: base))
        if graph.resources[resource] == nil, !loaded.contains(resource), let document = registry.document(resource) {
            try load(document, uri: resource)
        }
        let unresolvable = SchemaCompileError(reason: .unresolvableReference(reference), location: site)
        guard let rootLocation = graph.resources[resource], let root = graph.nodes[rootLocation] else { throw unresolvable }
        guard let fragment, !fragment.isEmpty else { return root }
        guard let tokens = JSONPointer.tokens(ofFragment: fragment) else {
            guard let location = graph.anchors[resource + "#" + fragment], let node = graph.nodes[location] else { throw unresolvable }
            return node
        }
        let location = root.location + JSONPointer.text(tokens)
        if let node = graph.nodes[location] { return node }
        // A pointer into a part no schema keyword holds (an OpenAPI document's components).
        guard let value = JSONPointer.walk(root.value, tokens) else { throw unresolvable }
        try index(value, base: root.base, location: location, vocabulary: root.vocabulary)
        return graph.nodes[location]!
    }
}
