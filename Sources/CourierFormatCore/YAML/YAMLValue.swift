import Courier
import Foundation
import Yams

/// A YAML node with its file and key path, read with errors that point at the node.
package struct YAMLValue {
    package let node: Node
    package let file: String
    /// Where the node sits, e.g. `requests.login.headers`.
    package let path: String

    package init(node: Node, file: String, path: String) {
        self.node = node
        self.file = file
        self.path = path
    }

    package var location: SourceLocation {
        SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    package func error(_ kind: WorkspaceError.Kind, _ message: String) -> WorkspaceError {
        WorkspaceError(kind, at: location, path.isEmpty ? message : "\(path): \(message)")
    }

    package func wrongType(expected: String) -> WorkspaceError {
        error(.wrongType, "expected \(expected), found \(summary)")
    }

    package func child(_ node: Node, _ component: String) -> YAMLValue {
        YAMLValue(node: node, file: file, path: path.isEmpty ? component : "\(path).\(component)")
    }

    /// The resolved YAML tag: `str`, `int`, `float`, `bool`, `null`, … A plain scalar's is
    /// worked out by ``PlainScalarTag`` (Yams' default rules, without its regular expressions).
    package var tagName: Tag.Name {
        if case .scalar(let scalar) = node, scalar.tag.description == Tag.Name.implicit.rawValue {
            return PlainScalarTag.name(of: scalar.string)
        }
        return Tag.Name(rawValue: node.tag.rawValue)
    }

    package var isNull: Bool {
        if case .scalar = node { return tagName == .null }
        return false
    }

    /// What the node is, for "found …" in errors.
    package var summary: String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            switch tagName {
            case .null: return "nothing (null)"
            case .bool: return "the boolean \(scalar.string)"
            case .int, .float: return "the number \(scalar.string)"
            default: return "the string \"\(scalar.string)\""
            }
        }
    }

    // MARK: - Scalars

    /// Any non-null scalar, as written: `5` reads as "5".
    package func string(expected: String = "a string") throws(WorkspaceError) -> String {
        guard case .scalar(let scalar) = node, !isNull else { throw wrongType(expected: expected) }
        return scalar.string
    }

    package func int(expected: String = "a whole number") throws(WorkspaceError) -> Int {
        guard case .scalar = node, tagName == .int, let value = node.int else { throw wrongType(expected: expected) }
        return value
    }

    package func double(expected: String = "a number") throws(WorkspaceError) -> Double {
        guard case .scalar = node, tagName == .int || tagName == .float, let value = node.float else {
            throw wrongType(expected: expected)
        }
        return value
    }

    package func bool() throws(WorkspaceError) -> Bool {
        guard case .scalar = node, tagName == .bool, let value = node.bool else {
            throw wrongType(expected: "true or false")
        }
        return value
    }

    // MARK: - Collections

    package func list(expected: String = "a list") throws(WorkspaceError) -> [YAMLValue] {
        guard case .sequence(let sequence) = node else { throw wrongType(expected: expected) }
        return sequence.enumerated().map { index, item in
            YAMLValue(node: item, file: file, path: "\(path)[\(index)]")
        }
    }

    /// A mapping whose keys must all be in `allowed` (nil: any key).
    package func mapping(allowed: [String]? = nil, expected: String = "a mapping") throws(WorkspaceError) -> YAMLMapping {
        guard case .mapping(let mapping) = node else { throw wrongType(expected: expected) }
        var entries: [YAMLMapping.Entry] = []
        for (keyNode, valueNode) in mapping {
            let key = YAMLValue(node: keyNode, file: file, path: path)
            let name = try key.string(expected: "a key")
            if let allowed, !allowed.contains(name) {
                throw key.error(.unknownKey, "unknown key \"\(name)\"\(Suggestion.clause(for: name, in: allowed)) "
                    + "(expected one of: \(allowed.joined(separator: ", ")))")
            }
            entries.append(YAMLMapping.Entry(name: name, key: key, value: child(valueNode, name)))
        }
        return YAMLMapping(owner: self, entries: entries)
    }

    /// A mapping of names to strings (headers, variables, form fields).
    package func stringMap(expected: String = "a mapping of names to strings") throws(WorkspaceError) -> [(String, String)] {
        try mapping(expected: expected).entries.map { entry throws(WorkspaceError) in
            (entry.name, try entry.value.string())
        }
    }

    /// The node as JSON: YAML's typed scalars become JSON numbers, booleans and null.
    package func json() throws(WorkspaceError) -> JSONValue {
        switch node {
        case .scalar(let scalar):
            switch tagName {
            case .null: return .null
            case .bool: return .bool(node.bool ?? false)
            case .int: return node.int.map(JSONValue.int) ?? .string(scalar.string)
            case .float: return node.float.map(JSONValue.double) ?? .string(scalar.string)
            default: return .string(scalar.string)
            }
        case .sequence:
            var items: [JSONValue] = []
            for item in try list() { items.append(try item.json()) }
            return .array(items)
        case .mapping:
            var object: [String: JSONValue] = [:]
            for entry in try mapping().entries { object[entry.name] = try entry.value.json() }
            return .object(object)
        case .alias:
            throw error(.invalidValue, "YAML aliases are not supported in workspaces")
        }
    }
}

/// A YAML mapping read in file order.
package struct YAMLMapping {
    package struct Entry {
        package let name: String
        package let key: YAMLValue
        package let value: YAMLValue
    }

    package let owner: YAMLValue
    package let entries: [Entry]

    /// No entries: what an empty file of `file` holds.
    package static func empty(in file: String) -> YAMLMapping {
        YAMLMapping(owner: YAMLValue(node: .mapping(Node.Mapping([])), file: file, path: ""), entries: [])
    }

    package subscript(name: String) -> YAMLValue? {
        entries.first { $0.name == name }.map(\.value)
    }

    package func required(_ name: String, hint: String = "") throws(WorkspaceError) -> YAMLValue {
        guard let value = self[name] else {
            throw owner.error(.missingKey, "missing key \"\(name)\"\(hint.isEmpty ? "" : " (\(hint))")")
        }
        return value
    }
}
