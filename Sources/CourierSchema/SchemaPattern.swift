import Foundation
import Synchronization

/// A `pattern` compiled once: an ECMA-262 regular expression run by ICU (`NSRegularExpression`),
/// unanchored as the spec asks. ICU and ECMA-262 differ in places; `\d`, `\D`, `\w` and `\W`
/// are rewritten to ECMA's ASCII classes and `$` to `\z` (ICU's `$` also matches before a final
/// newline); the rest (Unicode property escapes, `\s`, classes) is ICU's reading, which agrees
/// with ECMA-262's "u" mode for the suite's patterns.
final class SchemaPattern: @unchecked Sendable {
    // NSRegularExpression is immutable and documented safe to use from several threads.
    private let regex: NSRegularExpression?
    /// A built-in metaschema's pattern, known good: compiled when first matched, since every
    /// schema is checked against the metaschema and compiling it would load ICU (megabytes, and
    /// milliseconds of the workbench's launch) for patterns that only `$id`s and `$anchor`s meet.
    private let deferredSource: String?
    private let deferredRegex = Mutex<NSRegularExpression?>(nil)

    init?(_ pattern: String) {
        guard let regex = try? NSRegularExpression(pattern: Self.icu(pattern)) else { return nil }
        self.regex = regex
        deferredSource = nil
    }

    /// A pattern of a built-in metaschema, compiled at its first use.
    init(builtIn pattern: String) {
        regex = nil
        deferredSource = pattern
    }

    func matches(_ string: String) -> Bool {
        let range = NSRange(string.startIndex..., in: string)
        if let regex { return regex.firstMatch(in: string, range: range) != nil }
        guard let deferredSource else { return false }
        return deferredRegex.withLock { compiled in
            if compiled == nil { compiled = try? NSRegularExpression(pattern: Self.icu(deferredSource)) }
            return compiled?.firstMatch(in: string, range: range) != nil
        }
    }

    /// The ECMA-262 pattern with its ASCII-only shorthand classes spelled out for ICU.
    private static func icu(_ pattern: String) -> String {
        guard pattern.contains("\\") || pattern.contains("$") else { return pattern }
        var out = ""
        var inClass = false
        var escaped = false
        for c in pattern {
            if escaped {
                escaped = false
                switch c {
                case "d": out += inClass ? "0-9" : "[0-9]"
                case "w": out += inClass ? "a-zA-Z0-9_" : "[a-zA-Z0-9_]"
                case "D" where !inClass: out += "[^0-9]"
                case "W" where !inClass: out += "[^a-zA-Z0-9_]"
                default: out += "\\" + String(c)
                }
                continue
            }
            switch c {
            case "\\": escaped = true
            case "$" where !inClass: out += "\\z"
            case "[": inClass = true; out.append(c)
            case "]": inClass = false; out.append(c)
            default: out.append(c)
            }
        }
        if escaped { out += "\\" }
        return out
    }
}
