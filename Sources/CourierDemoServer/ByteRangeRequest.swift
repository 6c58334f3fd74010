/// How a request's `Range` / `If-Range` headers select part of a representation of
/// `length` bytes (RFC 9110 §14). Only single ranges are supported; a multi-range or
/// malformed `Range` header is ignored, as the RFC allows.
enum ByteRangeRequest: Equatable, Sendable {
    /// Send the whole representation with 200.
    case full
    /// Send bytes `start...end` (inclusive) with 206.
    case partial(start: Int, end: Int)
    /// Respond 416 with `Content-Range: bytes */length`.
    case unsatisfiable

    /// - Parameters:
    ///   - range: the `Range` header value, if any
    ///   - ifRange: the `If-Range` header value, if any
    ///   - length: representation length in bytes
    ///   - etag: the current strong entity tag, including quotes
    ///   - lastModified: the current `Last-Modified` HTTP-date
    init(range: String?, ifRange: String?, length: Int, etag: String, lastModified: String) {
        guard let range else {
            self = .full
            return
        }
        if let ifRange {
            let validator = ifRange.trimmingSpaces
            // Strong comparison for entity tags; exact match for dates.
            guard validator == etag || validator == lastModified else {
                self = .full
                return
            }
        }
        self = ByteRangeRequest.parse(range.trimmingSpaces, length: length)
    }

    private static func parse(_ header: String, length: Int) -> ByteRangeRequest {
        guard header.hasPrefix("bytes=") else { return .full }
        let spec = header.dropFirst("bytes=".count).trimmingSpaces
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .full }
        let first = spec[..<dash].trimmingSpaces
        let last = spec[spec.index(after: dash)...].trimmingSpaces
        if first.isEmpty {
            // Suffix range: the final `last` bytes.
            guard let suffix = Int(last), suffix >= 0 else { return .full }
            guard suffix > 0, length > 0 else { return .unsatisfiable }
            return .partial(start: max(0, length - suffix), end: length - 1)
        }
        guard let start = Int(first), start >= 0 else { return .full }
        var end = length - 1
        if !last.isEmpty {
            guard let requestedEnd = Int(last), requestedEnd >= start else { return .full }
            end = min(requestedEnd, length - 1)
        }
        guard start < length else { return .unsatisfiable }
        return .partial(start: start, end: end)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
