import Courier
import CourierWorkspace
import Foundation

/// One route of a mock: a method on a path template, from a workspace request (its URL with
/// the base URL left out, `{{vars}}` and `{param}` segments as path parameters) or from an
/// OpenAPI operation no request covers.
public struct MockRoute: Sendable, Hashable {
    /// A segment of the template: literal text, or a parameter with literal text around it
    /// (`{{id}}`, `{name}.json`).
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(name: String, prefix: String, suffix: String)
    }

    /// Uppercase: `GET`.
    public let method: String
    /// `/pets/{id}`: parameters written `{name}` whatever the workspace wrote.
    public let path: String
    /// The request the route is for; nil for an OpenAPI operation alone.
    public let requestName: String?
    let segments: [Segment]

    /// `GET /pets/{id}`, as the mock lists its routes and `expect-calls:` names them.
    public var name: String { "\(method) \(path)" }

    init(method: String, template: String, requestName: String?) {
        self.method = method.uppercased()
        self.requestName = requestName
        segments = Self.split(template).map(Self.segment)
        path = "/" + segments.map { segment in
            switch segment {
            case .literal(let text): return text
            case .parameter(let name, let prefix, let suffix): return "\(prefix){\(name)}\(suffix)"
            }
        }.joined(separator: "/")
    }

    /// The route of a workspace request.
    init(request: RequestDefinition) {
        self.init(method: request.method.rawValue, template: Self.template(fromURL: request.url), requestName: request.name)
    }

    /// The path parameters when `parts` (a request path's segments, percent-encoded) fit; nil otherwise.
    func match(_ parts: [Substring]) -> [String: String]? {
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            let decoded = part.removingPercentEncoding ?? String(part)
            switch segment {
            case .literal(let text):
                guard text == decoded || text == part else { return nil }
            case .parameter(let name, let prefix, let suffix):
                guard decoded.count > prefix.count + suffix.count, decoded.hasPrefix(prefix), decoded.hasSuffix(suffix) else { return nil }
                parameters[name] = String(decoded.dropFirst(prefix.count).dropLast(suffix.count))
            }
        }
        return parameters
    }

    /// Segment by segment, a literal beats a parameter with text around it, which beats a bare one.
    var specificity: [Int] {
        segments.map { segment in
            switch segment {
            case .literal: return 2
            case .parameter(_, let prefix, let suffix): return prefix.isEmpty && suffix.isEmpty ? 0 : 1
            }
        }
    }

    /// The path part of a request's URL as the mock serves it: the query left out, and the base
    /// URL — a leading `{{placeholder}}` or a scheme and host — too.
    static func template(fromURL url: String) -> String {
        var text = Substring(url)
        if let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = text[..<end] }
        if text.hasPrefix("{{"), let close = text.range(of: "}}") {
            text = text[close.upperBound...]
        } else if let scheme = text.range(of: "://") {
            let rest = text[scheme.upperBound...]
            text = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
        }
        return text.hasPrefix("/") ? String(text) : "/" + text
    }

    /// Segments without the empty ones a leading, trailing or doubled `/` gives.
    static func split(_ path: some StringProtocol) -> [Substring] {
        path.split(separator: "/").map { Substring($0) }
    }

    private static func segment(_ text: Substring) -> Segment {
        for (open, close) in [("{{", "}}"), ("{", "}")] {
            guard let start = text.range(of: open), let end = text.range(of: close, range: start.upperBound..<text.endIndex) else { continue }
            let name = text[start.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespaces)
            return .parameter(name: name, prefix: String(text[..<start.lowerBound]), suffix: String(text[end.upperBound...]))
        }
        if text.hasPrefix(":"), text.count > 1 { return .parameter(name: String(text.dropFirst()), prefix: "", suffix: "") }
        return .literal(text.removingPercentEncoding ?? String(text))
    }
}
