import CourierFormatCore
/// What a check looks at in a response.
package enum CheckSubject: Sendable, Hashable, CustomStringConvertible {
    /// The status code, a number; of a gRPC call, its status by name (`status == NOT_FOUND`),
    /// which a number compares with by its code (`status == 5`).
    case status
    /// A response header, case-insensitive; repeated fields joined by ", ".
    case header(String)
    /// A cookie the response set (`Set-Cookie`): its value, or with an attribute
    /// (`cookie session[HttpOnly]`) that attribute's value ("" for a flag).
    case cookie(name: String, attribute: String?)
    /// A JSON path into the body, as captures write them: `$.items[0].id`.
    case json(JSONPath)
    /// An XPath 1.0 expression over the body, parsed as HTML for `text/html` and as XML
    /// otherwise: the nodes' string values (one node: its text), or the number, string or
    /// boolean an expression like `count(//p)` gives.
    case xpath(String)
    /// The body as text.
    case body
    /// The body's size in bytes.
    case bytes
    /// The SHA-256 of the body, 64 lowercase hex digits.
    case sha256
    /// libcurl's total time of the exchange, redirects included, in whole milliseconds.
    case duration
    /// The `Content-Type` header as sent: `application/json; charset=utf-8`.
    case contentType
    /// The URL that answered, after redirects.
    case url
    /// How many redirects were followed.
    case redirects
    /// A trailer field (a gRPC call's trailing metadata, `grpc-message` percent-decoded).
    case trailer(String)
    /// How many messages the server sent on a gRPC call (0 for an HTTP exchange).
    case messages

    /// The subjects named by one word.
    static let keywords: [String: CheckSubject] = [
        "status": .status, "body": .body, "bytes": .bytes, "sha256": .sha256, "duration": .duration,
        "contentType": .contentType, "url": .url, "redirects": .redirects, "messages": .messages,
    ]

    /// Every subject's first word, for suggestions and errors.
    static let names = ["status", "header", "cookie", "xpath", "body", "bytes", "sha256", "duration", "contentType", "url", "redirects",
                        "trailer", "messages"]

    /// Whether its value is always text that may read as a number (`header Content-Length > 0`):
    /// such text compares with numbers as a number, and `isInteger` and the like test the text.
    var isText: Bool {
        switch self {
        case .header, .cookie, .xpath, .trailer: return true
        default: return false
        }
    }

    package var description: String {
        switch self {
        case .status: return "status"
        case .header(let name): return "header \(name)"
        case .cookie(let name, let attribute): return "cookie \(name)" + (attribute.map { "[\($0)]" } ?? "")
        case .json(let path): return path.description
        case .xpath(let expression): return "xpath \(expression)"
        case .body: return "body"
        case .bytes: return "bytes"
        case .sha256: return "sha256"
        case .duration: return "duration"
        case .contentType: return "contentType"
        case .url: return "url"
        case .redirects: return "redirects"
        case .trailer(let name): return "trailer \(name)"
        case .messages: return "messages"
        }
    }
}
