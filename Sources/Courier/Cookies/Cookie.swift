import Foundation

/// One cookie of a ``CookieJar``, as libcurl's cookie engine keeps it: the fields of a line of
/// the Netscape cookie file format (`CURLINFO_COOKIELIST`), with its `#HttpOnly_` prefix.
///
/// libcurl 7.88 does not keep `SameSite` (nor `Priority`, `Partitioned`): a `Set-Cookie`
/// attribute it ignores, which its lines never carry, so a jar cannot say it.
public struct Cookie: Sendable, Hashable, CustomStringConvertible {
    /// The host the cookie belongs to, without a leading dot (`example.com`).
    public var domain: String
    /// Sent to the domain's subdomains too (a `Domain=` attribute); false: to that host only.
    public var includesSubdomains: Bool
    /// Sent for request paths under this one.
    public var path: String
    /// Sent over HTTPS only.
    public var isSecure: Bool
    /// When the cookie expires; nil: a session cookie (kept as long as its jar).
    public var expires: Date?
    /// The cookie's name.
    public var name: String
    /// The cookie's value, as the server set it (not decoded).
    public var value: String
    /// Not for scripts (`HttpOnly`); libcurl sends it like any other.
    public var isHTTPOnly: Bool

    /// A cookie for `domain`: by default for that host only, on every path, sent over HTTP and
    /// HTTPS, a session cookie. Put it in a jar with ``CookieJar/set(_:)``.
    public init(name: String, value: String, domain: String, path: String = "/", includesSubdomains: Bool = false,
                isSecure: Bool = false, isHTTPOnly: Bool = false, expires: Date? = nil) {
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
        self.includesSubdomains = includesSubdomains
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
        self.expires = expires
    }

    /// A cookie from a line of the Netscape format (`domain flag path secure expires name
    /// value`, tab-separated, `#HttpOnly_` before the domain); nil for a comment, a blank line
    /// or a line with too few fields.
    public init?(netscapeLine line: some StringProtocol) {
        // Read as libcurl reads it, byte by byte (a Character may join a tab or an underscore
        // with a combining mark after it; and comparing Characters costs a grapheme test a byte).
        var text = Substring(line)
        if text.utf8.last == UInt8(ascii: "\r") { text = Substring(text.utf8.dropLast()) }
        var httpOnly = false
        if text.utf8.starts(with: Self.httpOnlyPrefix.utf8) {
            httpOnly = true
            text = Substring(text.utf8.dropFirst(Self.httpOnlyPrefix.utf8.count))
        } else if text.utf8.first == UInt8(ascii: "#") {
            return nil
        }
        let fields = text.utf8.split(separator: UInt8(ascii: "\t"), maxSplits: 6, omittingEmptySubsequences: false).map(Substring.init)
        guard fields.count >= 6, !fields[0].isEmpty, let seconds = Int64(fields[4]) else { return nil }
        let domain = fields[0].utf8.first == UInt8(ascii: ".") ? Substring(fields[0].utf8.dropFirst()) : fields[0]
        // A domain of "." alone is no domain, one of two leading dots or a leading "#" none either,
        // nor one that is not ASCII (libcurl writes a name as punycode; a combining mark after
        // the dot made one grapheme of the two), and a control character (a carriage return left
        // at the end, say) is no part of a cookie: such a cookie would write a line that does not
        // read back as itself. (Control characters are single bytes in UTF-8, never part of another.)
        guard let first = domain.utf8.first, first != UInt8(ascii: "."), first != UInt8(ascii: "#"), domain.utf8.allSatisfy({ $0 < 0x80 }),
              !text.utf8.contains(where: { ($0 < 0x20 && $0 != UInt8(ascii: "\t")) || $0 == 0x7F }) else { return nil }
        // libcurl writes a `Max-Age` of 2^63 − 1 seconds as it is: kept as the latest expiry.
        self.init(name: String(fields[5]), value: fields.count > 6 ? String(fields[6]) : "", domain: String(domain),
                  path: String(fields[2]), includesSubdomains: Self.isTrue(fields[1]),
                  isSecure: Self.isTrue(fields[3]), isHTTPOnly: httpOnly,
                  expires: seconds == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(min(max(seconds, 1), Self.latestExpirySeconds))))
    }

    /// Whether a field says `TRUE`, in any case (as libcurl reads it).
    private static func isTrue(_ field: Substring) -> Bool {
        field.utf8.count == 4 && zip(field.utf8, "TRUE".utf8).allSatisfy { $0 & 0xDF == $1 }
    }

    /// The cookie as a line of the Netscape format, which libcurl reads back exactly
    /// (`CURLOPT_COOKIELIST`, a cookie file). An expiry past ``latestExpiry`` is written as it;
    /// one before 1970, or not a number, as expired.
    public var netscapeLine: String {
        netscapeLine(expiresAt: expires.map(Self.expirySeconds) ?? 0)
    }

    /// The latest expiry a cookie keeps, 9999-12-31T23:59:59Z: a later one (a server's
    /// `Max-Age=9223372036854775807`, `--expires 1e300`) is kept as this. Dates are shown as
    /// ISO 8601 and HTTP dates, which stop at year 9999.
    public static let latestExpiry = Date(timeIntervalSince1970: TimeInterval(latestExpirySeconds))
    static let latestExpirySeconds: Int64 = 253_402_300_799

    /// `date` as a cookie keeps it: at most ``latestExpiry``; before 1970, or not a number, the
    /// first second of 1970 (expired).
    public static func representable(_ date: Date) -> Date {
        Date(timeIntervalSince1970: TimeInterval(expirySeconds(date)))
    }

    /// The expiry `seconds` (a `Max-Age`) after `now`, kept within ``latestExpiry``; zero or
    /// fewer: expired (RFC 6265 §5.2.2).
    public static func expiry(maxAge seconds: Double, from now: Date) -> Date {
        guard !seconds.isNaN, seconds > 0 else { return Date(timeIntervalSince1970: 1) }
        return representable(now.addingTimeInterval(min(seconds, TimeInterval(latestExpirySeconds))))
    }

    /// Seconds since 1970 for a Netscape line, from 1 (expired; 0 means a session cookie) to
    /// ``latestExpiry``: never a conversion that traps (NaN, infinities, 1e300).
    static func expirySeconds(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSince1970
        guard seconds >= 1 else { return 1 }   // NaN too
        guard seconds < TimeInterval(latestExpirySeconds) else { return latestExpirySeconds }
        return Int64(seconds.rounded(.down))
    }

    /// The line with its expiry replaced: libcurl replaces the cookie of the same domain,
    /// path and name with it.
    func netscapeLine(expiresAt seconds: Int64) -> String {
        let host = includesSubdomains && !domain.hasPrefix(".") ? "." + domain : domain
        return (isHTTPOnly ? Self.httpOnlyPrefix : "") + [host, includesSubdomains ? "TRUE" : "FALSE", path,
                                                         isSecure ? "TRUE" : "FALSE", String(seconds), name, value]
            .joined(separator: "\t")
    }

    /// Whether the cookie has expired at `date` (libcurl no longer sends it).
    public func isExpired(at date: Date = Date()) -> Bool {
        expires.map { $0 <= date } ?? false
    }

    /// `name=‹redacted› for domain/path`: a cookie's value is a secret wherever it is shown.
    public var description: String { "\(name)=\(Redaction.placeholder) for \(domain)\(path)" }

    static let httpOnlyPrefix = "#HttpOnly_"
}
