import Courier
import Foundation

extension FuzzTarget {
    /// Any text as cookie lines, both ways a cookie arrives: each line as a line of a Netscape
    /// cookie file (what a persisted jar reads back) and as a server's `Set-Cookie` field (what
    /// a response gives the jar). A cookie read from a line must write a line that reads back
    /// as the same cookie, and whatever the jar keeps must write out again: no input may trap
    /// (#41: a `Max-Age` of 2^63−1 trapped in the Double→Int64 conversion of every later save).
    static func cookie(_ text: String) {
        let jar = CookieJar()
        for line in text.split(whereSeparator: \.isNewline).prefix(32) {
            if let cookie = Cookie(netscapeLine: line) {
                let written = cookie.netscapeLine
                guard let again = Cookie(netscapeLine: written) else {
                    preconditionFailure("a cookie's own line does not read back: \(written.debugDescription)")
                }
                precondition(again.netscapeLine == written, "a cookie's line changes when read back: \(written.debugDescription)")
                try? jar.set(cookie)
            }
            try? jar.add(setCookieField: String(line))
        }
        for cookie in jar.cookies { _ = cookie.netscapeLine; _ = cookie.isExpired() }
    }
}
