import Yams

extension Node {
    /// The tree with every scalar key plain: Yams finds a key by its text and resolved tag,
    /// and resolves the key it looks for as if plain, so `"200":` (a string) is not found
    /// when OpenAPIKit asks for `200` (an int) — quoted status codes are everywhere. The
    /// contract reader and the OpenAPI importer decode through it.
    package var withPlainKeys: Node {
        switch self {
        case .mapping(let mapping):
            let pairs = mapping.map { key, value -> (Node, Node) in
                guard case .scalar(var scalar) = key, scalar.style != .plain else { return (key, value.withPlainKeys) }
                scalar.style = .plain
                scalar.tag = .implicit
                return (.scalar(scalar), value.withPlainKeys)
            }
            return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
        case .sequence(let sequence):
            return .sequence(Node.Sequence(sequence.map(\.withPlainKeys), sequence.tag, sequence.style, sequence.mark))
        default:
            return self
        }
    }
}
