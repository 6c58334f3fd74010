import Courier
import Foundation
import Yams

/// YAML documents of other tools (Insomnia's exports, Bruno's YAML collections) read as the
/// engine's JSON values, with YAML's syntax errors at their line and column.
enum ImportedYAML {
    /// The document in `text` as a JSON value: scalars typed as YAML 1.2's core schema reads
    /// them, quoted ones always text.
    static func value(_ text: String, file: String) throws(ImportFailure) -> JSONValue {
        json(try OpenAPIDocumentLoader.yamlRoot(text, file: file))
    }

    /// The bytes as UTF-8 text, then ``value(_:file:)``.
    static func value(_ data: Data, file: String) throws(ImportFailure) -> JSONValue {
        guard let text = String(data: data, encoding: .utf8) else { throw ImportFailure(file: file, "not UTF-8 text") }
        return try value(text, file: file)
    }

    private static func json(_ node: Node) -> JSONValue {
        switch node {
        case .scalar(let scalar):
            guard scalar.style == .plain else { return .string(scalar.string) }
            if node.null != nil { return .null }
            if let flag = node.bool { return .bool(flag) }
            if let number = node.int { return .int(number) }
            if let number = node.float, number.isFinite { return .double(number) }
            return .string(scalar.string)
        case .sequence(let sequence):
            return .array(sequence.map(json))
        case .mapping(let mapping):
            var members: [String: JSONValue] = [:]
            for (key, value) in mapping { members[key.string ?? ""] = json(value) }
            return .object(members)
        case .alias:
            return .null
        }
    }
}
