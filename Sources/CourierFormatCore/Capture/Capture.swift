import Courier
import Foundation

/// `capture: {token: $.token}` — a value taken from a chain step's response into a
/// variable that later steps use as `{{token}}` and conditions compare.
package struct Capture: Sendable, Hashable {
    /// Where the value comes from.
    package enum Source: Sendable, Hashable, CustomStringConvertible {
        /// The HTTP status code.
        case status
        /// A response header, case-insensitive: `header:X-Request-Id`.
        case header(String)
        /// A JSON path into the body: `$.items[0].id`.
        case json(JSONPath)
        /// The whole body as text.
        case body

        package var description: String {
            switch self {
            case .status: return "status"
            case .header(let name): return "header:\(name)"
            case .json(let path): return path.description
            case .body: return "body"
            }
        }
    }

    package var variable: String
    package var source: Source
    /// Hidden in output and history: a name that says secret (token, password, apiKey,
    /// session…), by the one rule every sink uses (``Redaction/isSensitiveKey(_:)``).
    package var isSecret: Bool
    package var location: SourceLocation

    package init(variable: String, source: Source, location: SourceLocation) {
        self.variable = variable
        self.source = source
        self.location = location
        isSecret = Redaction.isSensitiveKey(variable)
    }

    /// Reads `status`, `body`, `header:NAME` or a JSON path.
    package static func source(_ value: YAMLValue) throws(WorkspaceError) -> Source {
        let text = try value.string(expected: "status, body, header:NAME or a JSON path like $.items[0].id")
        if text == "status" { return .status }
        if text == "body" { return .body }
        if text.hasPrefix("header:") { return .header(String(text.dropFirst(7)).trimmingCharacters(in: .whitespaces)) }
        do {
            return .json(try JSONPath(parsing: text))
        } catch {
            throw value.error(.invalidValue, "\(error.reason) in \"\(text)\" (expected status, body, header:NAME or a JSON path like $.items[0].id)")
        }
    }

    /// The captured text from a finished request, or nil when it is not there.
    package func value(from request: Request) -> String? {
        switch source {
        case .status:
            return request.response.map { String($0.statusCode) }
        case .header(let name):
            return request.response?.header(name)
        case .body:
            return request.responseString
        case .json(let path):
            guard let json = request.responseJSON ?? request.responseData.flatMap({ try? JSONValue(parsing: $0) }),
                  let found = path.evaluate(in: json) else { return nil }
            return Self.text(of: found)
        }
    }

    /// A JSON value as a variable holds it: a string as it is, null as nothing, else as JSON.
    package static func text(of value: JSONValue) -> String? {
        if case .string(let text) = value { return text }
        if case .null = value { return nil }
        return value.description
    }
}

/// `$.a.b[0]['c d']`: member and index steps from the root.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public struct ParseError: Error {
        package let reason: String
    }

    public var components: [Component]

    public init(parsing text: String) throws(ParseError) {
        var rest = Substring(text)
        guard rest.hasPrefix("$") else { throw ParseError(reason: "a JSON path starts with $") }
        rest = rest.dropFirst()
        components = []
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let name = rest.prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty else { throw ParseError(reason: "a name is missing after \".\"") }
                components.append(.key(String(name)))
                rest = rest.dropFirst(name.count)
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]") else { throw ParseError(reason: "\"[\" is not closed") }
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                if let index = Int(inside) {
                    components.append(.index(index))
                } else if inside.count >= 2, let quote = inside.first, quote == "'" || quote == "\"", inside.last == quote {
                    components.append(.key(String(inside.dropFirst().dropLast())))
                } else {
                    throw ParseError(reason: "[\(inside)] is neither an index nor a quoted name")
                }
                rest = rest[rest.index(after: close)...]
            } else {
                throw ParseError(reason: "unexpected \"\(first)\"")
            }
        }
    }

    public func evaluate(in value: JSONValue) -> JSONValue? {
        components.reduce(Optional(value)) { current, component in
            switch component {
            case .key(let key): return current?[key]
            case .index(let index): return index < 0 ? nil : current?[index]
            }
        }
    }

    public var description: String {
        "$" + components.map { component in
            switch component {
            case .key(let key): return key.contains(where: { $0 == "." || $0 == " " || $0 == "[" }) ? "['\(key)']" : ".\(key)"
            case .index(let index): return "[\(index)]"
            }
        }.joined()
    }
}
