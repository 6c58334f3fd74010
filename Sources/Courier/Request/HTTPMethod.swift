/// An HTTP request method (YTKRequestMethod): any RFC 9110 token, compared case-sensitively
/// as RFC 9110 says (`GET` and `get` differ; the registered ones are uppercase).
///
/// ```swift
/// let lookup = ConfigurableRequest("/files/", method: HTTPMethod("PROPFIND")!)
/// ```
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String

    /// Nil unless `rawValue` is a token: one or more of the letters, digits and
    /// ``tokenCharacters``.
    public init?(rawValue: String) {
        guard Self.isToken(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// The same as ``init(rawValue:)``.
    public init?(_ rawValue: String) {
        self.init(rawValue: rawValue)
    }

    /// A method as people write it: a well-known one in any case (`get` is ``get``), any
    /// other token as written; nil unless `text` is a token.
    public init?(normalizing text: String) {
        let uppercased = text.uppercased()
        if let known = Self.wellKnown.first(where: { $0.rawValue == uppercased }) {
            self = known
        } else {
            self.init(rawValue: text)
        }
    }

    private init(known: String) {
        rawValue = known
    }

    /// `GET`: arguments go in the query; idempotent, so the default retry policy retries it.
    public static let get = HTTPMethod(known: "GET")
    /// `POST`: arguments go in the body; not idempotent, so never retried by default.
    public static let post = HTTPMethod(known: "POST")
    /// `HEAD`: a GET whose response has no body; arguments go in the query.
    public static let head = HTTPMethod(known: "HEAD")
    /// `PUT`: arguments go in the body; idempotent.
    public static let put = HTTPMethod(known: "PUT")
    /// `DELETE`: arguments go in the query, as in YTKNetwork; idempotent.
    public static let delete = HTTPMethod(known: "DELETE")
    /// `PATCH`: arguments go in the body; not idempotent.
    public static let patch = HTTPMethod(known: "PATCH")
    /// `OPTIONS`: arguments go in the query; idempotent.
    public static let options = HTTPMethod(known: "OPTIONS")
    /// `TRACE`: arguments go in the query; idempotent.
    public static let trace = HTTPMethod(known: "TRACE")
    /// `CONNECT`: asks a proxy for a tunnel; not idempotent here, so never retried by default.
    public static let connect = HTTPMethod(known: "CONNECT")
    /// A safe request with a body that says what to return (draft-ietf-httpbis-safe-method-w-body).
    public static let query = HTTPMethod(known: "QUERY")
    /// WebDAV (RFC 4918): read a resource's properties.
    public static let propfind = HTTPMethod(known: "PROPFIND")

    /// The methods a user picks from most (a composer's cycle, a list of suggestions), in that order.
    public static let common: [HTTPMethod] = [.get, .post, .put, .patch, .delete, .head, .options]
    /// Every method with a name here, for suggestions when a name is close to one of them.
    public static let wellKnown: [HTTPMethod] = common + [.trace, .connect, .query, .propfind]

    /// The characters besides letters and digits a token may hold (RFC 9110 `tchar`).
    public static let tokenCharacters = "!#$%&'*+-.^_`|~"

    /// Whether `text` is an RFC 9110 token (a method's or a header field's name).
    public static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || tokenCharacters.utf8.contains(byte)
        }
    }

    /// Methods whose arguments travel in the query string rather than the body: those that
    /// take no body in practice (GET, HEAD, DELETE as in YTKNetwork, OPTIONS, TRACE). Others,
    /// QUERY and PROPFIND among them, carry them in the body.
    public var encodesArgumentsInQuery: Bool { Self.queryEncoded.contains(self) }

    /// Methods that RFC 9110 calls idempotent (GET, HEAD, OPTIONS, TRACE, PUT, DELETE; QUERY
    /// too), and PROPFIND, safe per RFC 4918: safe to retry. An unknown method is not.
    public var isIdempotent: Bool { Self.idempotent.contains(self) }

    public var description: String { rawValue }

    private static let queryEncoded: Set<HTTPMethod> = [.get, .head, .delete, .options, .trace]
    private static let idempotent: Set<HTTPMethod> = [.get, .head, .options, .trace, .put, .delete, .query, .propfind]

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard Self.isToken(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "\"\(text)\" is not an HTTP method (an RFC 9110 token)"))
        }
        rawValue = text
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
