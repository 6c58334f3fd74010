#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The formats asserted when the caller asks: `date-time`, `date` (RFC 3339), `email` (RFC 5321's
/// shape, without quoted local parts' full grammar), `uuid` (RFC 4122's text), `ipv4`, `ipv6`
/// (RFC 4291 text, by `inet_pton`), `uri` (RFC 3986, absolute).
enum FormatCheck {
    /// Whether `string` is a valid `format`; nil for a format not asserted.
    static func check(_ format: String, _ string: String) -> Bool? {
        switch format {
        case "date-time": return isDateTime(string)
        case "date": return isDate(Substring(string))
        case "email": return isEmail(string)
        case "uuid": return isUUID(string)
        case "ipv4": return isIPv4(Substring(string))
        case "ipv6": return isIPv6(string)
        case "uri": return isURI(string)
        default: return nil
        }
    }

    private static func digits(_ text: Substring, count: Int) -> Int? {
        guard text.count == count, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    static func isDate(_ text: Substring) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = digits(parts[0], count: 4), let month = digits(parts[1], count: 2),
              let day = digits(parts[2], count: 2), (1...12).contains(month) else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    static func isDateTime(_ text: String) -> Bool {
        guard let t = text.firstIndex(where: { $0 == "T" || $0 == "t" }), isDate(text[..<t]) else { return false }
        var time = text[text.index(after: t)...]
        var offsetMinutes = 0
        if time.hasSuffix("Z") || time.hasSuffix("z") {
            time = time.dropLast()
        } else {
            guard time.count > 6 else { return false }
            let offset = time.suffix(6)
            guard let sign = offset.first, sign == "+" || sign == "-", offset.dropFirst(3).first == ":",
                  let hours = digits(offset.dropFirst().prefix(2), count: 2), let minutes = digits(offset.suffix(2), count: 2),
                  hours < 24, minutes < 60 else { return false }
            offsetMinutes = (sign == "+" ? 1 : -1) * (hours * 60 + minutes)
            time = time.dropLast(6)
        }
        if let dot = time.firstIndex(of: ".") {
            let fraction = time[time.index(after: dot)...]
            guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            time = time[..<dot]
        }
        let parts = time.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hour = digits(parts[0], count: 2), let minute = digits(parts[1], count: 2),
              let second = digits(parts[2], count: 2), hour < 24, minute < 60, second <= 60 else { return false }
        guard second == 60 else { return true }
        // A leap second is 23:59:60 in UTC.
        let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
        return utc == 23 * 60 + 59
    }

    static func isEmail(_ text: String) -> Bool {
        guard let at = text.lastIndex(of: "@") else { return false }
        let local = text[..<at], domain = text[text.index(after: at)...]
        guard !local.isEmpty, local.count <= 64, !domain.isEmpty else { return false }
        if !(local.hasPrefix("\"") && local.hasSuffix("\"") && local.count >= 2) {
            let allowed = "!#$%&'*+-/=?^_`{|}~."
            guard local.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || allowed.contains($0)) }),
                  !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..") else { return false }
        }
        if domain.hasPrefix("[") && domain.hasSuffix("]") {
            let literal = domain.dropFirst().dropLast()
            return literal.hasPrefix("IPv6:") ? isIPv6(String(literal.dropFirst(5))) : isIPv4(literal)
        }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy { $0.isHexDigit && $0.isASCII } }
    }

    static func isIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            (1...3).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber }
                && !(part.count > 1 && part.hasPrefix("0")) && Int(part)! <= 255
        }
    }

    static func isIPv6(_ text: String) -> Bool {
        guard text.allSatisfy({ $0.isASCII }), !text.contains("%") else { return false }
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }

    /// An absolute URI: a scheme, then only URI characters, with well-formed percent escapes.
    static func isURI(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter,
              text[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return false }
        let allowed = "-._~:/?#[]@!$&'()*+,;=%"
        let scalars = Array(text.unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            guard scalar.isASCII, Character(scalar).isLetter || Character(scalar).isNumber || allowed.unicodeScalars.contains(scalar) else { return false }
            if scalar == "%" {
                guard i + 2 < scalars.count, Character(scalars[i + 1]).isHexDigit, Character(scalars[i + 2]).isHexDigit else { return false }
            }
        }
        let rest = text[text.index(after: colon)...]
        guard rest.hasPrefix("//") else { return !rest.contains("[") && !rest.contains("]") }
        let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let userinfo = authority.lastIndex(of: "@").map { authority[..<$0] } ?? ""
        let host = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        guard !userinfo.contains("["), !userinfo.contains("]") else { return false }
        var port = host.split(separator: ":", omittingEmptySubsequences: false).dropFirst().joined(separator: ":")[...]
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let literal = host[host.index(after: host.startIndex)..<close]
            guard literal.hasPrefix("v") || isIPv6(String(literal)) else { return false }
            port = host[host.index(after: close)...]
            guard port.isEmpty || port.hasPrefix(":") else { return false }
            port = port.dropFirst(port.isEmpty ? 0 : 1)
        } else if host.contains("[") || host.contains("]") {
            return false
        }
        return port.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
