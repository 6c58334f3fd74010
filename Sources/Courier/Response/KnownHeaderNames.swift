import HTTPTypes

/// Field names servers send on nearly every response, prebuilt in the spellings they arrive
/// in (HTTP/1.1 capitalized, HTTP/2 lowercase). A received name that matches one byte for
/// byte reuses it: creating an `HTTPField.Name` validates and lowercases a new string, which
/// was most of the cost of reading a small response's headers.
enum KnownHeaderNames {
    private static let spellings = [
        "Date", "Server", "Content-Type", "Content-Length", "Last-Modified", "Connection", "ETag",
        "Accept-Ranges", "Cache-Control", "Expires", "Vary", "Transfer-Encoding", "Content-Encoding",
        "Location", "Set-Cookie", "Keep-Alive", "Age", "Via", "Content-Range", "Retry-After",
        "WWW-Authenticate", "Pragma", "Alt-Svc", "Content-Disposition", "Link", "X-Frame-Options",
        "X-Content-Type-Options", "Strict-Transport-Security", "Access-Control-Allow-Origin",
        "Content-Security-Policy", "Referrer-Policy", "X-Request-Id", "Content-Language",
    ]

    /// Indexed by length: the names of that length, with their bytes.
    private static let byLength: [[(bytes: [UInt8], name: HTTPField.Name)]] = {
        var table = [[(bytes: [UInt8], name: HTTPField.Name)]](repeating: [], count: 33)
        for spelling in spellings {
            for variant in Set([spelling, spelling.lowercased()]) {
                guard let name = HTTPField.Name(variant) else { continue }
                table[variant.utf8.count].append((Array(variant.utf8), name))
            }
        }
        return table
    }()

    /// The prebuilt name spelled exactly as `bytes`, or nil.
    static func name(for bytes: Slice<UnsafeRawBufferPointer>) -> HTTPField.Name? {
        guard bytes.count < byLength.count else { return nil }
        for candidate in byLength[bytes.count] where candidate.bytes.elementsEqual(bytes) {
            return candidate.name
        }
        return nil
    }
}
