/// A string of generated code's request — a URL, a header's value, a body — as literal text
/// and the names of environment variables that stand in for the secrets in it: what each
/// language writes as `"Bearer " + os.environ["API_TOKEN"]`.
public struct SecretText: Sendable, Hashable, CustomStringConvertible {
    /// A piece of the text.
    public enum Segment: Sendable, Hashable {
        /// Text as it is sent.
        case text(String)
        /// The value of this environment variable, read when the program runs.
        case environment(String)
    }

    /// The pieces, in order; adjacent texts are merged and empty ones left out.
    public private(set) var segments: [Segment]

    /// Text with no secret in it.
    public init(_ text: String) {
        segments = text.isEmpty ? [] : [.text(text)]
    }

    /// The pieces, merged.
    public init(segments: [Segment]) {
        self.segments = []
        for segment in segments { append(segment) }
    }

    /// Adds a piece at the end.
    public mutating func append(_ segment: Segment) {
        switch (segments.last, segment) {
        case (_, .text("")): return
        case (.text(let before)?, .text(let more)): segments[segments.count - 1] = .text(before + more)
        default: segments.append(segment)
        }
    }

    /// The text itself when no environment variable is in it.
    public var plain: String? {
        switch segments.count {
        case 0: return ""
        case 1: if case .text(let text) = segments[0] { return text } else { return nil }
        default: return nil
        }
    }

    /// The environment variables it reads, in order.
    public var environmentNames: [String] {
        segments.compactMap { if case .environment(let name) = $0 { name } else { nil } }
    }

    /// `Bearer ${API_TOKEN}`: for messages and tests.
    public var description: String {
        segments.map { segment in
            switch segment {
            case .text(let text): text
            case .environment(let name): "${\(name)}"
            }
        }.joined()
    }

    /// The text written as an expression of a language: each piece as `literal` or
    /// `variable` makes it, joined with `join` (`" + "`); `""` as `literal("")` makes it.
    func expression(literal: (String) -> String, variable: (String) -> String, join: String = " + ") -> String {
        if segments.isEmpty { return literal("") }
        return segments.map { segment in
            switch segment {
            case .text(let text): literal(text)
            case .environment(let name): variable(name)
            }
        }.joined(separator: join)
    }
}

extension SecretText {
    /// The two texts one after the other.
    static func + (lhs: SecretText, rhs: SecretText) -> SecretText {
        SecretText(segments: lhs.segments + rhs.segments)
    }
}
