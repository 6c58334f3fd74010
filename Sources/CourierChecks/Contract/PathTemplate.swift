import Foundation

/// An OpenAPI path template (`/pets/{id}`, `/files/{name}.json`) matched against a request's
/// path one segment at a time.
struct PathTemplate: Sendable, Hashable {
    /// One segment: literal text, or text with `{parameters}` in it.
    enum Segment: Sendable, Hashable {
        case literal(String)
        /// The literal pieces around the parameters: `{name}.json` is `["", ".json"]`.
        case template([String])
    }

    let text: String
    let segments: [Segment]

    init(_ text: String) {
        self.text = text
        segments = Self.split(text).map { part in
            guard part.contains("{") else { return .literal(part) }
            var pieces: [String] = []
            var current = ""
            var inside = false
            for character in part {
                if character == "{", !inside {
                    pieces.append(current)
                    current = ""
                    inside = true
                } else if character == "}", inside {
                    inside = false
                } else if !inside {
                    current.append(character)
                }
            }
            pieces.append(current)
            return .template(pieces)
        }
    }

    /// Whether `path` (no query) fits the template.
    func matches(_ path: String) -> Bool {
        let parts = Self.split(path)
        guard parts.count == segments.count else { return false }
        return zip(segments, parts).allSatisfy { segment, part in
            switch segment {
            case .literal(let literal):
                return literal == part || literal.removingPercentEncoding == part.removingPercentEncoding
            case .template(let pieces):
                return Self.fits(Substring(part), pieces[...])
            }
        }
    }

    /// How concrete the template is, to compare with another that fits the same path:
    /// segment by segment, a literal beats text around a parameter, which beats a parameter alone.
    var specificity: [Int] {
        segments.map { segment in
            switch segment {
            case .literal: return 2
            case .template(let pieces): return pieces.contains { !$0.isEmpty } ? 1 : 0
            }
        }
    }

    /// Whether `self` is more specific than `other` (lexicographically by segment).
    func isMoreSpecific(than other: PathTemplate) -> Bool {
        specificity.lexicographicallyPrecedes(other.specificity, by: >)
    }

    /// A literal segment as the index keys it: percent-decoded when it decodes.
    static func decoded(_ segment: String) -> String {
        segment.removingPercentEncoding ?? segment
    }

    /// Segments without the empty ones a leading or trailing `/` gives.
    static func split(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init).filter { !$0.isEmpty }
    }

    /// Whether `text` is the literal pieces with one or more characters in each gap.
    static func fits(_ text: Substring, _ pieces: ArraySlice<String>) -> Bool {
        guard let first = pieces.first, text.hasPrefix(first) else { return false }
        let rest = text.dropFirst(first.count)
        let remaining = pieces.dropFirst()
        guard let next = remaining.first else { return rest.isEmpty }
        if remaining.count == 1 {
            return rest.count > next.count && rest.hasSuffix(next)
        }
        // A parameter takes at least one character, then the next piece must follow.
        var index = rest.startIndex
        while index < rest.endIndex {
            index = rest.index(after: index)
            if fits(rest[index...], remaining) { return true }
        }
        return false
    }
}
