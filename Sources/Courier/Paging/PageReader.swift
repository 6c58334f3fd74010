import Foundation

/// Reads something from a loaded page: its items, or where the next page starts. Nil means
/// "not there".
public struct PageReader<Value: Sendable>: Sendable {
    /// What it reads, for messages: `$.data`, `the Link header`.
    public let name: String
    /// Reads the value from a finished page request; nil when it is not there. Called on the
    /// callback queue of the page's agent.
    public let read: @Sendable (Request) -> Value?

    /// A reader named `name` (for messages) that reads with `read`; `.json(name) { select }` reads
    /// the page's JSON body instead.
    public init(_ name: String, read: @escaping @Sendable (Request) -> Value?) {
        self.name = name
        self.read = read
    }

    /// The page's body as JSON: the parsed response, or the body parsed now when the
    /// response was not read as JSON (`response: raw`, a text content type).
    static func json(of request: Request) -> JSONValue? {
        request.responseJSON ?? request.responseData.flatMap { try? JSONValue(parsing: $0) }
    }
}

extension PageReader where Value == [JSONValue] {
    /// The array `select` picks from the page's JSON body (`{ $0["data"] }`, or a
    /// workspace's JSON path); a value that is no array is not there.
    public static func json(_ name: String, _ select: @escaping @Sendable (JSONValue) -> JSONValue?) -> Self {
        Self(name) { request in json(of: request).flatMap(select)?.arrayValue }
    }
}

extension PageReader where Value == String {
    /// The text `select` picks from the page's JSON body; a number is its digits, null and
    /// anything else is not there.
    public static func json(_ name: String, _ select: @escaping @Sendable (JSONValue) -> JSONValue?) -> Self {
        Self(name) { request in
            switch json(of: request).flatMap(select) {
            case .string(let text)?: return text
            case .int(let number)?: return String(number)
            default: return nil
            }
        }
    }

    /// The `rel="next"` target of the response's `Link` header (RFC 8288), as GitHub pages.
    public static var linkNext: Self {
        Self("the Link header's rel=\"next\"") { request in
            request.response?.header("Link").flatMap(LinkHeader.next(in:))
        }
    }
}

/// The `Link` header's `rel="next"` target.
enum LinkHeader {
    /// `<https://x/?page=2>; rel="next", <…>; rel="last"` → `https://x/?page=2`.
    static func next(in value: String) -> String? {
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = rest[rest.index(after: open)..<close]
            let parameters = rest[rest.index(after: close)...].prefix { $0 != "<" }
            let relations = parameters.split(separator: ";").compactMap { parameter -> [Substring]? in
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { return nil }
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).split(separator: " ")
            }.joined()
            if relations.contains(where: { $0.lowercased() == "next" }) { return String(target) }
            rest = rest[close...].dropFirst()
        }
        return nil
    }
}
