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
    public var name: String
    public var value: String
    /// Not for scripts (`HttpOnly`); libcurl sends it like any other.
    public var isHTTPOnly: Bool

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
        var text = Substring(line)
        if text.hasSuffix("\r") { text = text.dropLast() }
        var httpOnly = false
        if text.hasPrefix(Self.httpOnlyPrefix) {
            httpOnly = true
            text = text.dropFirst(Self.httpOnlyPrefix.count)
        } else if text.hasPrefix("#") {
            return nil
        }
        let fields = text.split(separator: "\t", maxSplits: 6, omittingEmptySubsequences: false)
        guard fields.count >= 6, !fields[0].isEmpty, let seconds = Int64(fields[4]) else { return nil }
        let domain = fields[0].hasPrefix(".") ? fields[0].dropFirst() : fields[0]
        self.init(name: String(fields[5]), value: fields.count > 6 ? String(fields[6]) : "", domain: String(domain),
                  path: String(fields[2]), includesSubdomains: fields[1].uppercased() == "TRUE",
                  isSecure: fields[3].uppercased() == "TRUE", isHTTPOnly: httpOnly,
                  expires: seconds == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// The cookie as a line of the Netscape format, which libcurl reads back exactly
    /// (`CURLOPT_COOKIELIST`, a cookie file).
    public var netscapeLine: String {
        let seconds = expires.map { max(1, Int64($0.timeIntervalSince1970.rounded(.down))) } ?? 0
        return netscapeLine(expiresAt: seconds)
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
