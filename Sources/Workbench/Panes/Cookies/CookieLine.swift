import Courier
import Foundation

/// A cookie as one line, in `Set-Cookie`'s own syntax — what the Cookies pane's prompt reads
/// and writes: `session=abc; Domain=example.com; Path=/; Expires=Thu, 26 Nov 2026 10:00:00 GMT;
/// Secure; HttpOnly`. As in `Set-Cookie`, a line with `Domain` is for that domain and its
/// subdomains; one without it, for the host it is given alone.
enum CookieLine {
    /// The cookie a typed line describes, or why it describes none.
    static func parse(_ line: String, host: String, now: Date) -> Result<Cookie, CookieLineProblem> {
        var parts = line.split(separator: ";", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let pair = parts.first, let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
            return .failure(CookieLineProblem("write name=value, then any of: ; Domain=example.com ; Path=/ ; Max-Age=3600 ; Expires=<HTTP date> ; Secure ; HttpOnly"))
        }
        parts.removeFirst()
        let name = String(pair[..<equals]).trimmingCharacters(in: .whitespaces)
        let value = String(pair[pair.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
        var cookie = Cookie(name: name, value: value, domain: host)
        for attribute in parts {
            let (key, argument) = split(attribute)
            switch key.lowercased() {
            case "domain":
                let domain = argument.hasPrefix(".") ? String(argument.dropFirst()) : argument
                guard !domain.isEmpty else { return .failure(CookieLineProblem("Domain needs a host")) }
                cookie.domain = domain.lowercased()
                cookie.includesSubdomains = true
            case "path":
                guard argument.hasPrefix("/") else { return .failure(CookieLineProblem("Path starts with /")) }
                cookie.path = argument
            case "max-age":
                // Digits, perhaps after a '-' (RFC 6265 §5.2.2); however many, the expiry stays
                // within Cookie.latestExpiry, and none or fewer expire the cookie.
                let digits = argument.hasPrefix("-") ? argument.dropFirst() : Substring(argument)
                guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let seconds = Double(argument) else {
                    return .failure(CookieLineProblem("Max-Age is a number of seconds"))
                }
                cookie.expires = Cookie.expiry(maxAge: seconds, from: now)
            case "expires":
                guard let date = httpDate.date(from: argument) else {
                    return .failure(CookieLineProblem("Expires is an HTTP date: Thu, 26 Nov 2026 10:00:00 GMT"))
                }
                cookie.expires = Cookie.representable(date)
            case "secure": cookie.isSecure = true
            case "httponly": cookie.isHTTPOnly = true
            default: return .failure(CookieLineProblem("unknown attribute \(key): Domain, Path, Max-Age, Expires, Secure, HttpOnly"))
            }
        }
        guard !cookie.domain.isEmpty else { return .failure(CookieLineProblem("add ; Domain=… (there is no base URL to take it from)")) }
        return .success(cookie)
    }

    /// The line for `cookie`, which ``parse(_:host:now:)`` with its domain as the host reads
    /// back as it is.
    static func line(_ cookie: Cookie) -> String {
        var line = "\(cookie.name)=\(cookie.value)"
        if cookie.includesSubdomains { line += "; Domain=\(cookie.domain)" }
        line += "; Path=\(cookie.path)"
        if let expires = cookie.expires { line += "; Expires=\(httpDate.string(from: expires))" }
        if cookie.isSecure { line += "; Secure" }
        if cookie.isHTTPOnly { line += "; HttpOnly" }
        return line
    }

    private static func split(_ attribute: String) -> (String, String) {
        guard let equals = attribute.firstIndex(of: "=") else { return (attribute, "") }
        return (String(attribute[..<equals]).trimmingCharacters(in: .whitespaces),
                String(attribute[attribute.index(after: equals)...]).trimmingCharacters(in: .whitespaces))
    }

    /// RFC 9110's IMF-fixdate.
    private static var httpDate: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }
}

/// Why a typed cookie line describes no cookie.
struct CookieLineProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
