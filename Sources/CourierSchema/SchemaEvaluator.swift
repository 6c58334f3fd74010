import Courier

/// What the evaluation of one schema against one value found.
struct Outcome {
    var valid = true
    var errors: [SchemaValidationError] = []
    /// What was evaluated of the value, for `unevaluatedProperties`/`unevaluatedItems`.
    var annotations = Annotations()
}

/// The properties and items a schema and its passing subschemas evaluated.
struct Annotations {
    var properties: Set<String> = []
    var allItems = false
    var items: Set<Int> = []

    mutating func merge(_ other: Annotations) {
        properties.formUnion(other.properties)
        allItems = allItems || other.allItems
        items.formUnion(other.items)
    }
}

/// Where the evaluation is: in the instance, in the schema as reached, and in the dynamic scope.
struct EvaluationContext {
    var instance = InstanceLocation()
    /// The keyword path from the root schema, through references: `/properties/a/$ref/type`.
    var keywordPath = ""
    /// The URIs of the schema resources entered, outermost first, for `$dynamicRef`.
    var scope: [String] = []
    /// The references followed since the instance location last changed: one seen twice loops.
    var referencesHere: Set<String> = []
}

/// Evaluates instances against a compiled `SchemaGraph`.
struct Evaluator: Sendable {
    let graph: SchemaGraph
    let assertsFormats: Bool

    func evaluate(_ node: SchemaNode, _ instance: JSONValue, _ context: EvaluationContext, failFast: Bool) -> Outcome {
        switch node.value {
        case .object(let members):
            var context = context
            if context.scope.last != node.base { context.scope.append(node.base) }
            var run = KeywordRun(evaluator: self, node: node, members: members, instance: instance, context: context, failFast: failFast)
            run.run()
            return run.outcome
        case .bool(false):
            var outcome = Outcome(valid: false)
            if !failFast {
                outcome.errors.append(SchemaValidationError(
                    instanceLocation: context.instance, keywordLocation: context.keywordPath,
                    absoluteKeywordLocation: Self.display(node.location), message: "no value is allowed here (false schema)"))
            }
            return outcome
        default:
            return Outcome()
        }
    }

    /// A location as reported: without the anonymous document's URI.
    static func display(_ location: String) -> String {
        let prefix = JSONSchema.anonymousURI + "#"
        return location.hasPrefix(prefix) ? String(location.dropFirst(prefix.count - 1)) : location
    }
}

/// The evaluation of one schema object's keywords against one value.
struct KeywordRun {
    let evaluator: Evaluator
    let node: SchemaNode
    let members: [String: JSONValue]
    let instance: JSONValue
    let context: EvaluationContext
    /// When only validity matters (inside `not`, `anyOf`…): stop at the first failure, no messages.
    let failFast: Bool
    var outcome = Outcome()

    var stopped: Bool { failFast && !outcome.valid }
    var collects: Bool { evaluator.graph.collectsAnnotations }

    mutating func run() {
        let vocabulary = node.vocabulary
        if vocabulary.contains(.core) {
            if members["$ref"] != nil {
                follow("$ref")
                if vocabulary.contains(.legacy) { return }
            }
            if members["$dynamicRef"] != nil { follow("$dynamicRef") }
        }
        if vocabulary.contains(.applicator) && !stopped { applyCombinators() }
        if vocabulary.contains(.applicator) && !stopped { applyObjectSchemas() }
        if vocabulary.contains(.applicator) && !stopped { applyArraySchemas() }
        if vocabulary.contains(.validation) && !stopped { checkValue() }
        if vocabulary.contains(.format) && !stopped { checkFormat() }
        if vocabulary.contains(.unevaluated) && !stopped {
            applyUnevaluatedItems()
            if !stopped { applyUnevaluatedProperties() }
        }
    }

    /// Records a failure of `keyword` (a path of tokens below this schema), about the value at
    /// `location` (this value by default).
    mutating func fail(_ keyword: [String], _ message: String, at location: InstanceLocation? = nil) {
        outcome.valid = false
        guard !failFast else { return }
        let suffix = JSONPointer.text(keyword)
        outcome.errors.append(SchemaValidationError(
            instanceLocation: location ?? context.instance, keywordLocation: context.keywordPath + suffix,
            absoluteKeywordLocation: Evaluator.display(node.location + suffix), message: message))
    }

    mutating func fail(_ keyword: String, _ message: String, at location: InstanceLocation? = nil) {
        fail([keyword], message, at: location)
    }

    /// Evaluates the subschema `schema` found at `keyword` (tokens) against `value`, which is at
    /// `location` in the instance (this value when nil).
    func evaluate(_ keyword: [String], _ schema: JSONValue, _ value: JSONValue, at location: InstanceLocation? = nil, failFast: Bool? = nil) -> Outcome {
        let suffix = JSONPointer.text(keyword)
        let child = evaluator.graph.node(schema, at: node.location + suffix, in: node)
        var context = self.context
        context.keywordPath += suffix
        if let location {
            context.instance = location
            context.referencesHere = []
        }
        return evaluator.evaluate(child, value, context, failFast: failFast ?? self.failFast)
    }

    /// Takes in a subschema's outcome that decides this schema's: its failures and, when
    /// `annotations`, what it evaluated.
    mutating func absorb(_ child: Outcome, annotations: Bool = true) {
        if !child.valid { outcome.valid = false }
        if !failFast { outcome.errors += child.errors }
        if annotations && collects { outcome.annotations.merge(child.annotations) }
    }

    /// `$ref`, or `$dynamicRef` resolved in the dynamic scope: the first resource entered that
    /// has a `$dynamicAnchor` of the name, when the reference's own target has one.
    private mutating func follow(_ keyword: String) {
        let site = node.location + "/" + keyword
        guard var target = evaluator.graph.references[site] else { return }
        if let name = evaluator.graph.dynamicNames[site] {
            for resource in context.scope {
                if let location = evaluator.graph.dynamicAnchors[resource + "#" + name], let dynamic = evaluator.graph.nodes[location] {
                    target = dynamic
                    break
                }
            }
        }
        guard !context.referencesHere.contains(target.location) else {
            fail(keyword, "the reference loops back to \(Evaluator.display(target.location)) without reading any of the value")
            return
        }
        var context = self.context
        context.keywordPath += "/" + keyword
        context.referencesHere.insert(target.location)
        absorb(evaluator.evaluate(target, instance, context, failFast: failFast))
    }
}
