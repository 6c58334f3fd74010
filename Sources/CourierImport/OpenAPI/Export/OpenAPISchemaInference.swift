import Courier
import Yams

/// A JSON Schema (draft 2020-12, as OpenAPI 3.1 uses) inferred from example values: the types
/// seen, an object's properties with those present in every example `required`, an array's
/// items from all its elements. A start to edit, not a contract.
enum OpenAPISchemaInference {
    /// The schema of `value`.
    static func schema(for value: JSONValue) -> Node { node(Shape(value)) }

    /// What the examples at one place had in common.
    private struct Shape {
        var types: Set<String>
        var properties: [(name: String, shape: Shape)] = []
        var required: Set<String> = []
        var items: [Shape] = []

        init(types: Set<String>) { self.types = types }

        init(_ value: JSONValue) {
            switch value {
            case .null: types = ["null"]
            case .bool: types = ["boolean"]
            case .int: types = ["integer"]
            case .double: types = ["number"]
            case .string: types = ["string"]
            case .array(let elements):
                types = ["array"]
                items = elements.prefix(100).map(Shape.init)
            case .object(let members):
                types = ["object"]
                properties = members.keys.sorted().map { ($0, Shape(members[$0]!)) }
                required = Set(members.keys)
            }
        }

        func merged(with other: Shape) -> Shape {
            var result = Shape(types: types.union(other.types))
            if result.types.isSuperset(of: ["integer", "number"]) { result.types.remove("integer") }
            var names = properties.map(\.name)
            for name in other.properties.map(\.name) where !names.contains(name) { names.append(name) }
            result.properties = names.map { name in
                let mine = properties.first { $0.name == name }?.shape, theirs = other.properties.first { $0.name == name }?.shape
                return (name, mine.map { mine in theirs.map { mine.merged(with: $0) } ?? mine } ?? theirs!)
            }
            let bothObjects = types.contains("object") && other.types.contains("object")
            result.required = bothObjects ? required.intersection(other.required) : types.contains("object") ? required : other.required
            result.items = items + other.items
            return result
        }
    }

    private static func node(_ shape: Shape) -> Node {
        let order = ["object", "array", "string", "integer", "number", "boolean", "null"]
        let types = order.filter(shape.types.contains)
        var pairs: [(String, Node?)] = []
        if types.count == 1 {
            pairs.append(("type", OpenAPINode.string(types[0])))
        } else if !types.isEmpty {
            pairs.append(("type", OpenAPINode.list(types.map(OpenAPINode.string))))
        }
        if shape.types.contains("object") {
            pairs.append(("properties", OpenAPINode.map(shape.properties.map { ($0.name, node($0.shape)) })))
            let required = shape.properties.map(\.name).filter(shape.required.contains)
            if !required.isEmpty { pairs.append(("required", OpenAPINode.list(required.map(OpenAPINode.string)))) }
        }
        if shape.types.contains("array"), let first = shape.items.first {
            pairs.append(("items", node(shape.items.dropFirst().reduce(first) { $0.merged(with: $1) })))
        }
        return OpenAPINode.map(pairs)
    }
}
