import Foundation
import Yams

/// Decodes a `Decodable` from a composed YAML tree, as Yams' `YAMLDecoder` does, but finding a
/// mapping's keys through a dictionary built once per container, by their text.
///
/// Why: `YAMLDecoder` looks a key up by scanning the mapping and comparing nodes, resolving
/// both tags with regular expressions at each comparison, so decoding a mapping of n keys
/// costs n² regex matches. An OpenAPI document of 2,000 operations (`paths` and
/// `components.schemas` with a thousand keys each) took 16–50 s in a debug build, most of it
/// there. Keys match by text, whatever their quoting (`"200":` is found when `200` is asked
/// for — quoted status codes are everywhere), which `YAMLDecoder` needed a plain-keyed copy of
/// the tree for. Scalars are made by Yams' own `ScalarConstructible` conformances, merge keys
/// (`<<`) are followed, and errors are `DecodingError`s at their coding path, as before.
package struct YAMLNodeDecoder {
    package var userInfo: [CodingUserInfoKey: Any]

    package init(userInfo: [CodingUserInfoKey: Any] = [:]) {
        self.userInfo = userInfo
    }

    package func decode<T: Decodable>(_ type: T.Type, from node: Node) throws -> T {
        try NodeDecoding(node: node, codingPath: [], userInfo: userInfo).decode(type)
    }
}

/// One node being decoded: the `Decoder` and, for a scalar, its single-value container.
private struct NodeDecoding: Decoder, SingleValueDecodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .mapping(let mapping) = node else { throw mismatch(Node.Mapping.self) }
        return KeyedDecodingContainer(NodeKeyedContainer<Key>(decoding: self, pairs: Self.flattened(mapping)))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .sequence(let sequence) = node else { throw mismatch(Node.Sequence.self) }
        return NodeUnkeyedContainer(decoding: self, items: Array(sequence))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func child(_ node: Node, at key: any CodingKey) -> NodeDecoding {
        NodeDecoding(node: node, codingPath: codingPath + [key], userInfo: userInfo)
    }

    func decodeNil() -> Bool { node.null != nil }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard let scalarType = type as? any ScalarConstructible.Type else { return try T(from: self) }
        guard case .scalar(let scalar) = node else { throw mismatch(Node.Scalar.self) }
        guard let made = scalarType.construct(from: scalar) as? T else { throw mismatch(type) }
        return made
    }

    func mismatch(_ expected: Any.Type) -> DecodingError {
        let reality: String = switch node {
        case .scalar: "Scalar"
        case .mapping: "Mapping"
        case .sequence: "Sequence"
        case .alias: "Alias"
        }
        return .typeMismatch(expected, .init(codingPath: codingPath, debugDescription: "Expected to decode \(expected) but found \(reality) instead."))
    }

    /// The mapping's pairs with merge keys (`<<: *base`, `<<: [*a, *b]`) replaced by what they
    /// merge, first, so the mapping's own keys win (as Yams' `flatten`).
    static func flattened(_ mapping: Node.Mapping) -> [(key: Node, value: Node)] {
        var merged: [(key: Node, value: Node)] = [], own: [(key: Node, value: Node)] = []
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key, scalar.style == .plain, scalar.string == "<<" else {
                own.append((key, value))
                continue
            }
            switch value {
            case .mapping(let inner): merged += flattened(inner)
            case .sequence(let items): for case .mapping(let inner) in items.reversed() { merged += flattened(inner) }
            default: break
            }
        }
        return merged + own
    }
}

/// A mapping's keys by their text (the last of equal keys wins, as in Yams), in order for `allKeys`.
private struct NodeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoding: NodeDecoding
    let order: [String]
    let values: [String: Node]

    init(decoding: NodeDecoding, pairs: [(key: Node, value: Node)]) {
        self.decoding = decoding
        var order: [String] = [], values: [String: Node] = [:]
        order.reserveCapacity(pairs.count)
        values.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            guard let text = key.string else { continue }
            order.append(text)
            values[text] = value
        }
        self.order = order
        self.values = values
    }

    var codingPath: [any CodingKey] { decoding.codingPath }
    var allKeys: [Key] { order.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }

    func superDecoder() throws -> any Decoder { try child(NodeCodingKey(stringValue: "super")) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }

    private func child(_ key: any CodingKey) throws -> NodeDecoding {
        guard let node = values[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return decoding.child(node, at: key)
    }
}

private struct NodeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoding: NodeDecoding
    let items: [Node]
    var currentIndex = 0

    init(decoding: NodeDecoding, items: [Node]) {
        self.decoding = decoding
        self.items = items
    }

    var codingPath: [any CodingKey] { decoding.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func decodeNil() throws -> Bool {
        let isNil = try current(Any?.self).decodeNil()
        if isNil { currentIndex += 1 }
        return isNil
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try $0.decode(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(type) { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next(Any.self) { try $0.unkeyedContainer() } }

    mutating func superDecoder() throws -> any Decoder { try next(Any.self) { $0 } }

    private func current(_ type: Any.Type) throws -> NodeDecoding {
        let key = NodeCodingKey(intValue: currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end."))
        }
        return decoding.child(items[currentIndex], at: key)
    }

    private mutating func next<T>(_ type: Any.Type, _ body: (NodeDecoding) throws -> T) throws -> T {
        let value = try body(try current(type))
        currentIndex += 1
        return value
    }
}

private struct NodeCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}
