import Foundation

/// Reading a metadata file, which happens on every cache lookup: through ``JSONValue``'s
/// parser and a fixed-format date reader rather than `JSONDecoder`, which cost more than
/// the rest of a lookup together. Same rules as the `Codable` conformance: unknown members
/// are ignored, optional members may be missing or null, required ones must be present with
/// the right type.
extension CacheMetadata {
    /// Reads a metadata file's bytes; throws when they are not metadata.
    static func decode(_ data: Data) throws -> CacheMetadata {
        guard case .object(let members) = try JSONValue(parsing: data) else {
            throw CacheMetadataDecodingError("the top level is not an object")
        }
        func required<T>(_ key: String, _ read: (JSONValue) -> T?) throws -> T {
            guard let value = members[key], let typed = read(value) else {
                throw CacheMetadataDecodingError("\"\(key)\" is missing or has the wrong type")
            }
            return typed
        }
        func optional<T>(_ key: String, _ read: (JSONValue) -> T?) throws -> T? {
            guard let value = members[key], value != .null else { return nil }
            guard let typed = read(value) else { throw CacheMetadataDecodingError("\"\(key)\" has the wrong type") }
            return typed
        }
        let dateText = try required("creationDate", \.stringValue)
        guard let creationDate = ISO8601Timestamp.parse(dateText) ?? (try? dateStyle.parse(dateText)) else {
            throw CacheMetadataDecodingError("\"creationDate\" is not an ISO 8601 date")
        }
        var metadata = CacheMetadata(
            version: try required("version", \.intValue),
            sensitiveDataDigest: try optional("sensitiveDataDigest", \.stringValue),
            stringEncoding: try optional("stringEncoding", \.stringValue),
            creationDate: creationDate,
            appVersion: try required("appVersion", \.stringValue),
            method: try required("method", \.stringValue),
            url: try required("url", \.stringValue),
            arguments: members["arguments"].flatMap { $0 == .null ? nil : $0 },
            statusCode: try required("statusCode", \.intValue),
            contentType: try optional("contentType", \.stringValue),
            httpVersion: try required("httpVersion", \.stringValue),
            bodySize: try required("bodySize", \.intValue),
            bodyDigest: try required("bodyDigest", \.stringValue))
        metadata.format = try required("format", \.intValue)
        return metadata
    }
}

struct CacheMetadataDecodingError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `YYYY-MM-DDTHH:MM:SS[.fff…]Z`, the form the metadata files are written in, read without
/// a formatter. Anything else gives nil (the caller then tries the full ISO 8601 parser).
enum ISO8601Timestamp {
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        func byte(_ index: Int, is character: Unicode.Scalar) -> Bool { bytes[index] == UInt8(ascii: character) }
        guard byte(4, is: "-"), byte(7, is: "-"), byte(10, is: "T"), byte(13, is: ":"), byte(16, is: ":"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        let end = bytes.count - 1
        if end > 19 {
            // Up to nine digits, as one integer scaled once (fewer rounding steps).
            guard byte(19, is: "."), end > 20, end - 20 <= 9, let digits = number(20..<end) else { return nil }
            var scale = 1.0
            for _ in 20..<end { scale *= 10 }
            fraction = Double(digits) / scale
        } else if end != 19 {
            return nil
        }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        // Whole seconds since the reference date plus the fraction: the same arithmetic as
        // Foundation's parser, so both give the same Date to the last bit.
        let whole = days * 86_400 + hour * 3_600 + minute * 60 + second - 978_307_200
        return Date(timeIntervalSinceReferenceDate: Double(whole) + fraction)
    }
}
