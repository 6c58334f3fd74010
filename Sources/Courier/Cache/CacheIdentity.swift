import Foundation

/// What names a cache entry: method, base URL, request URL and the (filtered) arguments.
/// The entry's name is the hex SHA-256 of a canonical JSON text of these with object keys
/// sorted, so the same request gets the same name in every run and for any argument order
/// (YTKNetwork hashed the arguments' description, whose order could vary: its issue #484).
public struct CacheIdentity: Sendable, Hashable {
    /// The method's name as sent, e.g. `GET`.
    public var method: String
    /// The request's own base URL when it sets one, else the config's.
    public var baseURL: String
    /// The request URL as the request states it, before URL filters.
    public var requestURL: String
    /// The arguments after ``CachedRequest/cacheFileNameFilter(for:)``.
    public var arguments: JSONValue?

    /// An identity from its four parts; a ``CachedRequest`` makes its own from its overridables.
    public init(method: String, baseURL: String, requestURL: String, arguments: JSONValue?) {
        self.method = method
        self.baseURL = baseURL
        self.requestURL = requestURL
        self.arguments = arguments
    }

    /// The text that is hashed, e.g.
    /// `{"arguments":{"a":1},"baseURL":"http://x","method":"GET","requestURL":"/get"}`.
    public var canonicalText: String {
        let object: JSONValue = [
            "method": .string(method), "baseURL": .string(baseURL), "requestURL": .string(requestURL),
            "arguments": arguments ?? .null,
        ]
        return String(decoding: object.serialized(), as: UTF8.self)
    }

    /// The entry's file name: 64 lowercase hex digits.
    public var name: String { CacheDigest.sha256Hex(Data(canonicalText.utf8)) }
}

/// Hex SHA-256, for entry names, body digests and sensitive-data digests.
enum CacheDigest {
    static func sha256Hex(_ data: Data) -> String { SHA256Hex.of(data) }

    /// Whether `text` is an entry name: 64 lowercase hex digits.
    static func isEntryName(_ text: some StringProtocol) -> Bool {
        SHA256Hex.isDigest(text)
    }
}
