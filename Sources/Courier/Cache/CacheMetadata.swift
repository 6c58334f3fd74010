import Foundation

/// What is stored beside a cached body, as JSON in `<name>.metadata`: YTKNetwork's fields
/// (version, sensitive data, string encoding, creation date, app version) plus what lets the
/// cache be browsed and verified (method, URL, redacted arguments, status, content type, and
/// the body's size and SHA-256, checked on every load so a torn entry is never served).
public struct CacheMetadata: Sendable, Hashable, Codable {
    /// The layout of this file; bumped if fields change meaning.
    public var format: Int = 1
    /// The request's `cacheVersion` when the entry was written.
    public var version: Int
    /// Hex SHA-256 of the serialized `cacheSensitiveData`, nil when there was none. The plain
    /// value is never stored.
    public var sensitiveDataDigest: String?
    /// The charset the body is decoded with (the response's `Content-Type` charset), nil = UTF-8.
    public var stringEncoding: String?
    /// When the entry was written; its age is measured from it.
    public var creationDate: Date
    /// The config's `appVersion` when the entry was written.
    public var appVersion: String
    /// The method's name as sent, e.g. `GET`.
    public var method: String
    /// The URL that answered, with the values of secret query parameters masked.
    public var url: String
    /// The request's arguments with secret values masked; for display only.
    public var arguments: JSONValue?
    /// The response's HTTP status code.
    public var statusCode: Int
    /// The response's full `Content-Type` header, nil when it had none.
    public var contentType: String?
    /// "HTTP/1.1", "HTTP/2", …
    public var httpVersion: String
    /// Size of the data file in bytes.
    public var bodySize: Int
    /// Hex SHA-256 of the data file.
    public var bodyDigest: String

    /// Metadata from every field; the agent writes it with each entry, and tests make their own.
    public init(version: Int, sensitiveDataDigest: String?, stringEncoding: String?, creationDate: Date,
                appVersion: String, method: String, url: String, arguments: JSONValue?, statusCode: Int,
                contentType: String?, httpVersion: String, bodySize: Int, bodyDigest: String) {
        self.version = version
        self.sensitiveDataDigest = sensitiveDataDigest
        self.stringEncoding = stringEncoding
        self.creationDate = creationDate
        self.appVersion = appVersion
        self.method = method
        self.url = url
        self.arguments = arguments
        self.statusCode = statusCode
        self.contentType = contentType
        self.httpVersion = httpVersion
        self.bodySize = bodySize
        self.bodyDigest = bodyDigest
    }

    /// Seconds since the entry was written, as of `now` (negative when written in the future).
    public func age(at now: Date = Date()) -> TimeInterval {
        now.timeIntervalSince(creationDate)
    }

    /// The metadata as the bytes of its file: pretty-printed JSON with sorted keys and
    /// ISO 8601 dates with fractional seconds.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Self.dateStyle.format(date))
        }
        return try encoder.encode(self)
    }

    static let dateStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
