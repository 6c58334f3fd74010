import Foundation
import Yams

/// Mistakes common in real documents that OpenAPIKit refuses, mended in the node tree before
/// it decodes them, each reported as not carried over.
enum OpenAPIDocumentRepairs {
    /// Removes from every security requirement (the document's, each operation's, callbacks'
    /// too) the scheme names `components.securitySchemes` does not define; a requirement left
    /// empty means no auth. Returns what it removed, where.
    static func removeUndefinedSecuritySchemes(_ root: inout Node) -> [String] {
        let schemes = root["components"]?["securitySchemes"]?.mapping.map { Array($0.keys) } ?? []
        let defined = Set(schemes.compactMap(\.string))
        var removed: [String] = []
        func requirements(_ node: Node, place: String) -> Node {
            guard case .sequence(var sequence) = node else { return node }
            for index in sequence.indices {
                guard case .mapping(let requirement) = sequence[index] else { continue }
                let kept = requirement.filter { key, _ in
                    guard let name = key.string, !defined.contains(name) else { return true }
                    removed.append("\(place): security scheme \(name), which the document does not define")
                    return false
                }
                sequence[index] = .mapping(Node.Mapping(kept.map { ($0.key, $0.value) }, requirement.tag, requirement.style, requirement.mark))
            }
            return .sequence(sequence)
        }
        func operations(_ item: Node, path: String) -> Node {
            mapValues(item) { method, operation in
                guard ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"].contains(method) else {
                    return operation
                }
                let place = "operation \(method.uppercased()) \(path)"
                return mapValues(operation) { key, value in
                    switch key {
                    case "security": return requirements(value, place: place)
                    case "callbacks": return mapValues(value) { _, callback in pathItems(callback) }
                    default: return value
                    }
                }
            }
        }
        func pathItems(_ map: Node) -> Node { mapValues(map) { path, item in operations(item, path: path) } }
        root = mapValues(root) { key, value in
            switch key {
            case "security": return requirements(value, place: "the document")
            case "paths", "webhooks": return pathItems(value)
            case "components": return mapValues(value) { kind, map in kind == "pathItems" ? pathItems(map) : map }
            default: return value
            }
        }
        return removed
    }

    /// Renames components whose names OpenAPIKit refuses (it allows letters, digits, `.`, `-`
    /// and `_`: `Error Response` and `Page«Pet»` are common) to `Error_Response`, `Page_Pet_`,
    /// and points every `$ref` at the new name. Returns notes saying what was renamed.
    static func renameInvalidComponents(_ root: inout Node) -> [String] {
        guard case .mapping(let components)? = root["components"] else { return [] }
        var renamed: [String: String] = [:]  // old `$ref` → new `$ref`
        var notes: [String] = []
        let newComponents = components.map { kind, map -> (Node, Node) in
            guard let kind = kind.string, case .mapping(let entries) = map else { return (kind, map) }
            var taken = Set(entries.keys.compactMap(\.string).filter(isValidKey))
            let pairs = entries.map { key, value -> (Node, Node) in
                guard let name = key.string, !isValidKey(name) else { return (key, value) }
                var base = String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
                if base.isEmpty { base = "_" }
                var newName = base
                var counter = 2
                while taken.contains(newName) {
                    newName = "\(base)_\(counter)"
                    counter += 1
                }
                taken.insert(newName)
                let escaped = name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
                for form in Set([escaped, escaped.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? escaped]) {
                    renamed["#/components/\(kind)/\(form)"] = "#/components/\(kind)/\(newName)"
                }
                notes.append("components.\(kind) \"\(name)\" read as \(newName) (OpenAPIKit allows letters, digits, . - _ in names)")
                return (Node.scalar(Node.Scalar(newName)), value)
            }
            return (.scalar(Node.Scalar(kind)), .mapping(Node.Mapping(pairs, entries.tag, entries.style, entries.mark)))
        }
        guard !renamed.isEmpty else { return [] }
        root["components"] = .mapping(Node.Mapping(newComponents, components.tag, components.style, components.mark))
        root = rewriteReferences(root, renamed)
        return notes
    }

    private static func isValidKey(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)
        }
    }

    /// Every `$ref` naming a renamed component (or a place inside one) pointed at its new name.
    private static func rewriteReferences(_ node: Node, _ renamed: [String: String]) -> Node {
        switch node {
        case .mapping(let mapping):
            let pairs = mapping.map { key, value -> (Node, Node) in
                guard key.string == "$ref", case .scalar(var scalar) = value else { return (key, rewriteReferences(value, renamed)) }
                for (old, new) in renamed where scalar.string == old || scalar.string.hasPrefix(old + "/") {
                    scalar.string = new + scalar.string.dropFirst(old.count)
                    scalar.tag = Tag(.str)
                    break
                }
                return (key, .scalar(scalar))
            }
            return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
        case .sequence(let sequence):
            return .sequence(Node.Sequence(sequence.map { rewriteReferences($0, renamed) }, sequence.tag, sequence.style, sequence.mark))
        default:
            return node
        }
    }

    /// A mapping with each value replaced by `transform(key, value)`; anything else as it is.
    private static func mapValues(_ node: Node, _ transform: (String, Node) -> Node) -> Node {
        guard case .mapping(let mapping) = node else { return node }
        let pairs = mapping.map { key, value in (key, key.string.map { transform($0, value) } ?? value) }
        return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
    }
}
