import Courier
import Foundation

/// Finds a contract's operations and responses in its document (as JSON), following local
/// `$ref`s of path items and responses, and where each is written (from the YAML nodes).
struct ContractReader {
    let document: JSONValue
    let root: YAMLValue

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Every operation of `paths`, in no particular order.
    func operations() -> [ContractOperation] {
        guard let paths = document["paths"]?.objectValue else { return [] }
        var operations: [ContractOperation] = []
        for (path, _) in paths {
            guard let (item, itemTokens) = resolved(["paths", path]), let members = item.objectValue else { continue }
            for method in Self.methods {
                guard let operation = members[method]?.objectValue else { continue }
                let tokens = itemTokens + [method]
                var responses: [String: ContractResponse] = [:]
                for (status, _) in operation["responses"]?.objectValue ?? [:] {
                    guard let (response, responseTokens) = resolved(tokens + ["responses", status]) else { continue }
                    var content: [String: [String]?] = [:]
                    for (type, media) in response["content"]?.objectValue ?? [:] {
                        content[type] = media["schema"] == nil ? .some(nil) : responseTokens + ["content", type, "schema"]
                    }
                    responses[status] = ContractResponse(content: content, location: location(of: tokens + ["responses", status]))
                }
                operations.append(ContractOperation(method: method.uppercased(), template: PathTemplate(path), responses: responses,
                                                    location: location(of: tokens)))
            }
        }
        return operations
    }

    /// The base paths of the document's `servers` (`https://api.example/v2` gives `/v2`), a
    /// server variable replaced by its default; empty when there are none.
    func basePaths() -> [String] {
        let servers = document["servers"]?.arrayValue ?? []
        return servers.compactMap { server -> String? in
            guard var url = server["url"]?.stringValue else { return nil }
            for (name, variable) in server["variables"]?.objectValue ?? [:] {
                url = url.replacingOccurrences(of: "{\(name)}", with: variable["default"]?.stringValue ?? "")
            }
            let path = url.contains("://") ? (URLComponents(string: url)?.percentEncodedPath ?? "") : url
            let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
            return trimmed.isEmpty ? nil : trimmed
        }.sorted { $0.count > $1.count }
    }

    /// The value at `tokens`, a local `$ref` there followed (up to a few hops), with the tokens
    /// where it really is.
    func resolved(_ tokens: [String]) -> (JSONValue, [String])? {
        var tokens = tokens
        for _ in 0..<8 {
            guard let value = value(at: tokens) else { return nil }
            guard let reference = value["$ref"]?.stringValue, reference.hasPrefix("#"),
                  let target = ContractPointer.tokens(fragment: String(reference.dropFirst())) else { return (value, tokens) }
            tokens = target
        }
        return nil
    }

    private func value(at tokens: [String]) -> JSONValue? {
        tokens.reduce(Optional(document)) { value, token in
            if let array = value?.arrayValue { return Int(token).flatMap { $0 < array.count ? array[$0] : nil } }
            return value?[token]
        }
    }

    /// Where the node at `tokens` is written, or its closest written ancestor.
    func location(of tokens: [String]) -> SourceLocation {
        var node = root
        for token in tokens {
            guard case .mapping = node.node, let mapping = try? node.mapping(), let child = mapping[token] else { break }
            node = child
        }
        return node.location
    }
}

/// JSON Pointers as URI fragments (RFC 6901 §6), for schema locations in the contract.
enum ContractPointer {
    /// `#/paths/~1pets/get` from `["paths", "/pets", "get"]`, `%` escaped for the URI.
    static func fragment(_ tokens: [String]) -> String {
        "#" + tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
            .replacingOccurrences(of: "%", with: "%25")
    }

    /// The tokens of a fragment's pointer (without `#`); nil when it is not a pointer.
    static func tokens(fragment: String) -> [String]? {
        let pointer = fragment.removingPercentEncoding ?? fragment
        guard pointer.hasPrefix("/") else { return pointer.isEmpty ? [] : nil }
        return pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }
}
