import Courier
import Foundation
import Yams

/// A YAML document as a parser read it: mappings in file order, scalars with the type the
/// parser resolved them to. Comparable across parsers.
indirect enum YAMLTree: Equatable, CustomStringConvertible {
    struct Pair: Equatable {
        let key: YAMLTree
        let value: YAMLTree
    }

    case mapping([Pair])
    case sequence([YAMLTree])
    case string(String)
    case int(String)
    /// Written as Swift writes the double, so that both parsers' readings compare as text.
    case float(String)
    case bool(Bool)
    case null
    /// A timestamp or anything else no workspace holds.
    case other(String)

    /// The value under the string key `key` of a mapping.
    subscript(key: String) -> YAMLTree? {
        guard case .mapping(let pairs) = self else { return nil }
        return pairs.first { $0.key == .string(key) }?.value
    }

    /// The value at a path of string keys.
    subscript(path: [String]) -> YAMLTree? {
        path.reduce(self) { tree, key in tree?[key] }
    }

    /// The same tree with every mapping's pairs sorted by key, to compare with an unordered object.
    var sorted: YAMLTree {
        switch self {
        case .mapping(let pairs):
            return .mapping(pairs.map { Pair(key: $0.key.sorted, value: $0.value.sorted) }.sorted { $0.key.description < $1.key.description })
        case .sequence(let items): return .sequence(items.map(\.sorted))
        default: return self
        }
    }

    var description: String {
        switch self {
        case .mapping(let pairs): return "{" + pairs.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        case .sequence(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .string(let text): return String(reflecting: text)
        case .int(let text), .float(let text): return text
        case .bool(let flag): return String(flag)
        case .null: return "null"
        case .other(let kind): return "<\(kind)>"
        }
    }

    /// The document as Yams (Courier's own parser) reads it.
    init(yams text: String) throws {
        self = try Yams.compose(yaml: text).map(Self.init(node:)) ?? .null
    }

    private init(node: Node) {
        switch node {
        case .mapping(let mapping):
            self = .mapping(mapping.map { Pair(key: YAMLTree(node: $0.key), value: YAMLTree(node: $0.value)) })
        case .sequence(let sequence):
            self = .sequence(sequence.map(YAMLTree.init(node:)))
        case .scalar(let scalar):
            switch Tag.Name(rawValue: node.tag.rawValue) {
            case .str: self = .string(scalar.string)
            case .int: self = .int(node.int.map(String.init) ?? "?" + scalar.string)
            case .float: self = .float(node.float.map { String($0) } ?? "?" + scalar.string)
            case .bool: self = node.bool.map(YAMLTree.bool) ?? .other("bool " + scalar.string)
            case .null: self = .null
            case .timestamp: self = .other("timestamp")
            default: self = .other(node.tag.rawValue)
            }
        case .alias:
            self = .other("alias")
        }
    }

    /// A JSON value as a tree: what Courier means when it writes one.
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(String(number))
        case .double(let number): self = .float(String(number))
        case .string(let text): self = .string(text)
        case .array(let items): self = .sequence(items.map(YAMLTree.init))
        case .object(let members): self = .mapping(members.map { Pair(key: .string($0.key), value: YAMLTree($0.value)) })
        }
    }
}

/// PyYAML, the most used YAML parser (YAML 1.1, in Python), reading files as a second opinion
/// on what Courier writes. Run as `python3` in a subprocess.
enum PyYAML {
    /// Why PyYAML cannot be used here, or nil when it can.
    static let unavailableReason: String? = {
        let result = run(["-c", "import yaml"])
        return result?.status == 0 ? nil : "python3 with PyYAML is not installed (apt-get install python3-yaml)"
    }()

    /// Each file read with `yaml.safe_load`: its tree, or PyYAML's error message.
    static func read(_ paths: [String]) throws -> [Result<YAMLTree, PyYAMLError>] {
        guard let result = run(["-c", script] + paths) else { throw PyYAMLError(message: "python3 did not start") }
        guard result.status == 0, let documents = try JSONSerialization.jsonObject(with: result.output) as? [[String: Any]] else {
            throw PyYAMLError(message: "python3 failed: " + result.errors)
        }
        return documents.map { document in
            if let error = document["error"] as? String { return .failure(PyYAMLError(message: error)) }
            return .success(tree(document["tree"] ?? NSNull()))
        }
    }

    /// Each value as `{"s": text}`, `{"i": "12"}`, `{"f": "0.5"}`, `{"b": true}`, `{"n": null}`,
    /// `{"m": [[key, value], …]}`, `{"l": […]}`, or `{"o": kind}`.
    private static let script = """
        import datetime, json, sys, yaml
        def tree(v):
            if isinstance(v, bool): return {"b": v}
            if isinstance(v, int): return {"i": str(v)}
            if isinstance(v, float): return {"f": repr(v)}
            if isinstance(v, str): return {"s": v}
            if v is None: return {"n": None}
            if isinstance(v, dict): return {"m": [[tree(k), tree(x)] for k, x in v.items()]}
            if isinstance(v, list): return {"l": [tree(x) for x in v]}
            if isinstance(v, datetime.date): return {"o": "timestamp"}
            return {"o": type(v).__name__}
        documents = []
        for path in sys.argv[1:]:
            try:
                with open(path, encoding="utf-8") as handle:
                    documents.append({"tree": tree(yaml.safe_load(handle))})
            except yaml.YAMLError as error:
                documents.append({"error": str(error)})
        print(json.dumps(documents))
        """

    private static func tree(_ value: Any) -> YAMLTree {
        guard let object = value as? [String: Any], let (kind, content) = object.first else { return .other("?") }
        switch kind {
        case "s": return .string(content as? String ?? "")
        case "i": return .int(content as? String ?? "")
        case "f": return .float((content as? String).flatMap(Double.init).map { String($0) } ?? "?")
        case "b": return .bool(content as? Bool ?? false)
        case "n": return .null
        case "m":
            let pairs = (content as? [[Any]] ?? []).map { YAMLTree.Pair(key: tree($0[0]), value: tree($0[1])) }
            return .mapping(pairs)
        case "l": return .sequence((content as? [Any] ?? []).map(tree))
        default: return .other(content as? String ?? kind)
        }
    }

    private static func run(_ arguments: [String]) -> (status: Int32, output: Data, errors: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, data, message)
    }
}

/// PyYAML refused a file.
struct PyYAMLError: Error, Equatable, CustomStringConvertible {
    let message: String
    var description: String { message }
}
