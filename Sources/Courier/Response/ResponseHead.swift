import Foundation
import HTTPTypes

/// The status line and header fields of a response (YTK's `response`).
public struct ResponseHead: Sendable, Hashable {
    /// The URL that answered, after redirects.
    public var url: String
    /// The status code of the final response, after redirects.
    public var statusCode: Int
    /// The header fields of the final response, in the order received.
    public var headers: HTTPFields
    /// "HTTP/1.1", "HTTP/2", …
    public var httpVersion: String

    /// A head from its parts; the transport makes one from the status line and header lines.
    public init(url: String, statusCode: Int, headers: HTTPFields, httpVersion: String) {
        self.url = url
        self.statusCode = statusCode
        self.headers = headers
        self.httpVersion = httpVersion
    }

    /// The value of the header named `name`, case-insensitively; repeated fields joined by ", ".
    public func header(_ name: String) -> String? {
        guard let fieldName = HTTPField.Name(name) else { return nil }
        let values = headers[values: fieldName]
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// The media type of the body without parameters, lowercased: "application/json".
    public var mimeType: String? {
        header("Content-Type").map(Self.mediaType(ofContentType:))
    }

    /// The media type of a `Content-Type` value: before any parameter, without the spaces and
    /// tabs around it (HTTP's own whitespace, trimmed in Swift rather than through NSString:
    /// the transport asks for every response), lowercased.
    static func mediaType(ofContentType value: String) -> String {
        // Byte by byte: splitting made an array, and lowercasing a lowercase value a new string.
        Substring(mediaTypeBytes(ofContentType: value.utf8)).lowercasedIfNeeded
    }

    /// The bytes of a `Content-Type` value's media type, as they are: before any parameter,
    /// without HTTP's spaces and tabs around it.
    static func mediaTypeBytes<Bytes: BidirectionalCollection<UInt8>>(ofContentType value: Bytes) -> Bytes.SubSequence {
        var type = value[..<(value.firstIndex(of: UInt8(ascii: ";")) ?? value.endIndex)]
        while let first = type.first, first == 0x20 || first == 0x09 { type = type.dropFirst() }
        while let last = type.last, last == 0x20 || last == 0x09 { type = type.dropLast() }
        return type
    }

    /// The `charset` parameter of `Content-Type`, lowercased, if any.
    public var charset: String? {
        guard let contentType = header("Content-Type") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else { continue }
            return parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
        }
        return nil
    }
}

