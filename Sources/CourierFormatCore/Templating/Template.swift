import Foundation

/// `{{name}}` placeholders in workspace strings.
///
/// A name is a variable (from `variables`, the selected environment, `--var` or a chain's
/// captures), `env.NAME` (the process environment), or a built-in: `uuid`, `now`
/// (ISO 8601), `timestamp` (Unix seconds), `demo` (the embedded demo server's URL) and the
/// demo server's TLS listeners and files (``DemoTLSVariables``), and random or fake test data
/// (``FakeValues``: `{{random.int 1 100}}`, `{{fake.email}}`, …).
/// A quoted name is text: `{{"{{"}}` writes a literal `{{` (a lone `}}` needs no escape).
public enum Template {
    /// The names that always resolve without being declared.
    public static let builtIns: Set<String> = DemoTLSVariables.names.union(["uuid", "now", "timestamp", "demo", "demoWS"])

    /// One `{{…}}` in a string: where it is, and the name inside, trimmed.
    public struct Placeholder: Sendable {
        public let range: Range<String.Index>
        public let name: String

        /// The text of a quoted name (`{{"{{"}}` is `{{`); nil for a name that refers to a value.
        public var literal: String? { Template.literal(name) }
    }

    /// The text between the quotes of a quoted name, the one escape of the syntax; nil for
    /// any other name.
    public static func literal(_ name: String) -> String? {
        guard name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") else { return nil }
        return String(name.dropFirst().dropLast())
    }

    /// The placeholders of `text`, in order: each `{{` up to the next `}}`.
    public static func placeholders(in text: String) -> [Placeholder] {
        var found: [Placeholder] = []
        var searchStart = text.startIndex
        while let open = text.range(of: "{{", range: searchStart..<text.endIndex),
              let close = text.range(of: "}}", range: open.upperBound..<text.endIndex) {
            let name = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            found.append(Placeholder(range: open.lowerBound..<close.upperBound, name: name))
            searchStart = close.upperBound
        }
        return found
    }

    /// The names a string refers to, in order (quoted text is no reference).
    public static func references(in text: String) -> [String] {
        placeholders(in: text).filter { $0.literal == nil }.map(\.name)
    }

    /// `text` with every placeholder replaced by `lookup(name)`; throws for the first name
    /// that has no value. `filled` sees each name and the result's length in UTF-8 bytes so
    /// far, once its value is in, and may stop the rendering by throwing.
    public static func render(_ text: String, lookup: (String) throws(TemplateError) -> String?,
                              filled: (_ name: String, _ bytes: Int) throws(TemplateError) -> Void = { _, _ in }) throws(TemplateError) -> String {
        let found = placeholders(in: text)
        guard !found.isEmpty else { return text }
        return try splice(text, at: found.map(\.range)) { (index, result: inout String) throws(TemplateError) in
            let name = found[index].name
            if let literal = found[index].literal {
                result += literal
                return
            }
            guard let value = try lookup(name) else { throw TemplateError(name: name) }
            result += value
            try filled(name, result.utf8.count)
        }
    }

    /// `text` with each of `ranges` (in order, not overlapping) replaced by what `append`
    /// adds to the result for the range at that index.
    public static func splice<Failure: Error>(_ text: String, at ranges: [Range<String.Index>],
                                              _ append: (_ index: Int, _ result: inout String) throws(Failure) -> Void) throws(Failure) -> String {
        var result = ""
        var cursor = text.startIndex
        for (index, range) in ranges.enumerated() {
            result += text[cursor..<range.lowerBound]
            try append(index, &result)
            cursor = range.upperBound
        }
        return result + text[cursor...]
    }
}

/// A placeholder with no value when a request was about to be sent.
public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    public var name: String
    public var reason: String?

    public init(name: String, reason: String? = nil) {
        self.name = name
        self.reason = reason
    }

    public var description: String {
        if let reason { return "{{\(name)}}: \(reason)" }
        if name.hasPrefix("env.") { return "undefined environment variable \(name.dropFirst(4)) in {{\(name)}}" }
        return "undefined variable {{\(name)}}"
    }
}
