import Courier
import CourierWorkspace
import Foundation
import Yams

/// `courier export openapi WORKSPACE`: an OpenAPI 3.1 skeleton of the workspace — a start for
/// describing an API that has none, not a finished description.
///
/// Paths come from the requests' URLs (`{{id}}` in a path becomes the path parameter `{id}`),
/// with their query arguments, headers, request bodies (an example and a schema inferred from
/// it) and auth (security schemes). Responses come from what the history last saw for each
/// request: its status, content type, an example and a schema inferred from the JSON body
/// (``OpenAPISchemaInference``); a request never sent has a `default` response saying so.
/// What has no place (batches, chains, checks, a second request for the same operation) is
/// reported.
public enum OpenAPIExport {
    /// A response the history recorded for a request.
    public struct Observed: Sendable {
        public var status: Int
        public var contentType: String?
        public var body: Data
        public var date: Date

        public init(status: Int, contentType: String?, body: Data, date: Date) {
            self.status = status
            self.contentType = contentType
            self.body = body
            self.date = date
        }
    }

    /// The document's YAML and the report.
    public struct Result: Sendable {
        public var text: String
        public var report: ImportReport
    }

    /// The document for `workspace`, with `observed` responses by request name.
    public static func result(workspace: Workspace, observed: [String: Observed] = [:]) -> Result {
        var builder = OpenAPIDocumentBuilder(workspace: workspace, observed: observed)
        for name in workspace.requestNames {
            guard let definition = workspace.requests[name] else { continue }
            builder.add(definition)
        }
        var report = builder.report
        for name in workspace.batchNames + workspace.chainNames {
            report.dropped.append("\(workspace.batches[name] != nil ? "batch" : "chain") \"\(name)\": OpenAPI describes operations, not runs")
        }
        let unseen = workspace.requestNames.filter { observed[$0] == nil }
        if !unseen.isEmpty {
            report.notes.append("no response in the history for \(unseen.count) request\(unseen.count == 1 ? "" : "s") "
                + "(\(unseen.prefix(5).joined(separator: ", "))\(unseen.count > 5 ? ", …" : "")): "
                + "each has a `default` response to fill in; run them first for examples and schemas")
        }
        let text = (try? Yams.serialize(node: builder.document(), width: -1, allowUnicode: true)) ?? ""
        return Result(text: text, report: report)
    }
}

/// Yams nodes for the document, in the order written.
enum OpenAPINode {
    /// A string, quoted when a YAML reader would take it for something else (`null`, `200`,
    /// `true`, or YAML 1.1's `yes` and `off`).
    static func string(_ text: String) -> Node {
        let ambiguous = Resolver.default.resolveTag(of: Node(text)) != .str || yaml11Words.contains(text.lowercased())
        return Node(text, Tag(.str), ambiguous ? .doubleQuoted : .any)
    }

    private static let yaml11Words: Set<String> = ["y", "n", "yes", "no", "on", "off"]

    /// A mapping in the order given, leaving out the pairs without a value.
    static func map(_ pairs: [(String, Node?)]) -> Node {
        .mapping(Node.Mapping(pairs.compactMap { key, value in value.map { (string(key), $0) } }))
    }

    static func map(_ pairs: [(String, Node)]) -> Node {
        .mapping(Node.Mapping(pairs.map { (string($0.0), $0.1) }))
    }

    static func list(_ items: [Node]) -> Node { .sequence(Node.Sequence(items)) }

    /// A JSON value as YAML.
    static func json(_ value: JSONValue) -> Node {
        switch value {
        case .null: return Node("null", Tag(.null))
        case .bool(let flag): return Node(flag ? "true" : "false", Tag(.bool))
        case .int(let number): return Node(String(number), Tag(.int))
        case .double(let number): return Node(number.isFinite ? "\(number)" : "0", Tag(.float))
        case .string(let text): return string(text)
        case .array(let items): return list(items.map(json))
        case .object(let members): return map(members.keys.sorted().map { ($0, json(members[$0]!)) })
        }
    }
}
