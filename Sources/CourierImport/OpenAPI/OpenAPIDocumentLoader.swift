import Courier
import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import CourierWorkspace
import Yams

/// Reads an OpenAPI 3.0, 3.1 or 3.2 document, in JSON or YAML, into OpenAPIKit's 3.1 model
/// (a 3.0 document is decoded as 3.0 and converted), or says why it cannot, and where.
enum OpenAPIDocumentLoader {
    /// A decoded document and what the loader changed on the way.
    struct Loaded {
        var document: OpenAPIKit.OpenAPI.Document
        /// The `openapi` field as the file has it.
        var version: String
        var notes: [String]
        /// What the loader removed to make the document decode (see `OpenAPIDocumentRepairs`).
        var dropped: [String]
    }

    /// The most nodes a YAML document may have once its aliases are expanded: far above any
    /// real API description, and a stop for anchors that repeat each other into billions.
    static let maximumNodes = 2_000_000

    static func load(_ data: Data, file: String) throws(ImportFailure) -> Loaded {
        let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        guard let text = String(data: Data(bytes), encoding: .utf8) else {
            throw ImportFailure(file: file, "not UTF-8 text; save the document as UTF-8")
        }
        let isJSON = text.first { !$0.isWhitespace }.map { $0 == "{" || $0 == "[" } ?? false
        let root = isJSON ? try jsonRoot(Data(bytes), file: file) : try yamlRoot(text, file: file)
        guard let mapping = root.mapping else {
            throw ImportFailure(file: file, location: place(of: root, path: "$", isJSON: isJSON),
                                "not an OpenAPI document: expected a mapping with openapi, info and paths at the top")
        }
        if let swagger = mapping.first(where: { $0.key.string == "swagger" }) {
            throw ImportFailure(file: file, location: place(of: swagger.key, path: "$.swagger", isJSON: isJSON),
                                "Swagger \(swagger.value.string ?? "2.0") is not supported: convert it to OpenAPI 3 first "
                                + "(for example with swagger2openapi, or the converter at https://converter.swagger.io)")
        }
        guard let field = mapping.first(where: { $0.key.string == "openapi" }), let version = field.value.string else {
            throw ImportFailure(file: file, location: isJSON ? "$" : "1:1",
                                "not an OpenAPI document: it has no openapi field (3.0, 3.1 or 3.2)")
        }
        var notes: [String] = []
        let normalized = try normalizedVersion(version, file: file, location: place(of: field.value, path: "$.openapi", isJSON: isJSON))
        var decodable = isJSON ? root : root.withPlainKeys
        if normalized != version {
            notes.append("openapi \"\(version)\" read as \(normalized)")
            decodable["openapi"] = Node.scalar(Node.Scalar(normalized, Tag(.str), .doubleQuoted))
        }
        notes += OpenAPIDocumentRepairs.renameInvalidComponents(&decodable)
        let dropped = OpenAPIDocumentRepairs.removeUndefinedSecuritySchemes(&decodable)
        do {
            let document: OpenAPIKit.OpenAPI.Document
            if normalized.hasPrefix("3.0.") {
                let older = try YAMLNodeDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: decodable)
                document = older.convert(to: .v3_1_1)
            } else {
                document = try YAMLNodeDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: decodable)
            }
            return Loaded(document: document, version: version, notes: notes, dropped: dropped)
        } catch {
            throw OpenAPIDecodingFailure.failure(error, root: root, file: file)
        }
    }

    /// The version OpenAPIKit decodes: the file's own when it knows it, else the newest patch
    /// of the same minor version (`3.0` → `3.0.4`, `3.1.9` → `3.1.2`).
    static func normalizedVersion(_ version: String, file: String, location: String) throws(ImportFailure) -> String {
        let trimmed = version.trimmingCharacters(in: .whitespaces)
        if OpenAPIKit30.OpenAPI.Document.Version(rawValue: trimmed) != nil
            || OpenAPIKit.OpenAPI.Document.Version(rawValue: trimmed) != nil {
            return trimmed
        }
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        switch parts.prefix(2).joined(separator: ".") {
        case "3.0": return "3.0.4"
        case "3.1": return "3.1.2"
        case "3.2": return "3.2.0"
        default:
            throw ImportFailure(file: file, location: location,
                                "OpenAPI \(version) is not supported (3.0, 3.1 and 3.2 are)")
        }
    }

    private static func jsonRoot(_ data: Data, file: String) throws(ImportFailure) -> Node {
        do {
            try JSONValue.validate(data)
        } catch {
            throw ImportFailure(file: file, data: data, error: error)
        }
        return OpenAPIJSONNodes.node(from: data)
    }

    /// The document's node tree. Aliases are counted before Yams composes it: composing checks
    /// each mapping for duplicate keys by hashing every key in full, which for a key made of
    /// nested aliases takes exponential time before any node could be counted.
    static func yamlRoot(_ text: String, file: String) throws(ImportFailure) -> Node {
        if let excess = AliasExpansion.excess(in: text, limit: maximumNodes) {
            throw ImportFailure(file: file, line: excess.line, column: excess.column, excess.message(subject: "the document"))
        }
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw ImportFailure(file: file, "the document is empty")
            }
            return node
        } catch let failure as ImportFailure {
            throw failure
        } catch let error as YamlError {
            switch error {
            case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
                 .composer(let context, let problem, let mark, _):
                let detail = context.map { " (\($0.text) at line \($0.mark.line), column \($0.mark.column))" } ?? ""
                throw ImportFailure(file: file, line: mark.line, column: mark.column, "invalid YAML: \(problem)\(detail)")
            case .duplicatedKeysInMapping(let duplicates, let context):
                throw ImportFailure(file: file, line: context.mark.line, column: context.mark.column,
                                    "invalid YAML: repeated keys \(duplicates.joined(separator: ", "))")
            default:
                throw ImportFailure(file: file, "invalid YAML: \(error)")
            }
        } catch {
            throw ImportFailure(file: file, "invalid YAML: \(error)")
        }
    }

    /// `line:column` of a YAML node, or the JSON path for JSON (whose nodes have no marks).
    private static func place(of node: Node, path: String, isJSON: Bool) -> String {
        guard !isJSON, let mark = node.mark else { return path }
        return "\(mark.line):\(mark.column)"
    }
}
