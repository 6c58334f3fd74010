import Foundation

/// A string that a schema's `pattern` matches, for ``SchemaInstanceGenerator``: the pattern
/// read as a sequence of literals, escapes (`\d`, `\w`, `\s`, `\.`), `.`, character classes,
/// groups (the first branch of an alternation) and quantifiers (the fewest repetitions they
/// allow, one more where that is too short), checked with `NSRegularExpression` before it is
/// given. Nil when the pattern uses what this does not read (backreferences, lookaround) or
/// the sample does not match or fit the length.
enum SchemaPatternSample {
    static func string(matching pattern: String, length: ClosedRange<Int>) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return nil }
        var reader = Reader(characters: Array(pattern))
        guard let node = reader.alternation(), reader.position == reader.characters.count else { return nil }
        for extra in [0, 1, 2, 4, 8] {
            let sample = node.sample(extra: extra)
            guard length.contains(sample.count) else { continue }
            let range = NSRange(sample.startIndex..., in: sample)
            if expression.firstMatch(in: sample, range: range) != nil { return sample }
        }
        return nil
    }

    /// A parsed pattern.
    indirect enum Node {
        case text(String)
        case sequence([Node])
        case repeated(Node, minimum: Int, maximum: Int?)

        /// The shortest string, with `extra` more repetitions of each open-ended quantifier.
        func sample(extra: Int) -> String {
            switch self {
            case .text(let text): return text
            case .sequence(let nodes): return nodes.map { $0.sample(extra: extra) }.joined()
            case .repeated(let node, let minimum, let maximum):
                let count = min(minimum + (maximum == minimum ? 0 : extra), maximum ?? Int.max)
                return String(repeating: node.sample(extra: extra), count: count)
            }
        }
    }

    struct Reader {
        let characters: [Character]
        var position = 0

        /// Branches separated by `|` up to the end or a `)`: the first branch.
        mutating func alternation() -> Node? {
            guard let first = sequence() else { return nil }
            while position < characters.count, characters[position] == "|" {
                position += 1
                guard sequence() != nil else { return nil }
            }
            return first
        }

        private mutating func sequence() -> Node? {
            var nodes: [Node] = []
            while position < characters.count, characters[position] != "|", characters[position] != ")" {
                guard let atom = atom() else { return nil }
                guard let quantified = quantifier(on: atom) else { return nil }
                nodes.append(quantified)
            }
            return .sequence(nodes)
        }

        private mutating func atom() -> Node? {
            let character = characters[position]
            position += 1
            switch character {
            case "^", "$": return .text("")
            case ".": return .text("a")
            case "(":
                if position + 1 < characters.count, characters[position] == "?" {
                    guard characters[position + 1] == ":" else { return nil }  // lookaround, named groups
                    position += 2
                }
                guard let inner = alternation(), position < characters.count, characters[position] == ")" else { return nil }
                position += 1
                return inner
            case "[": return characterClass()
            case "\\": return escape().map { .text(String($0)) }
            case "*", "+", "?", "{", ")", "]", "}": return nil
            default: return .text(String(character))
            }
        }

        /// `\d` → `0`, `\w` → `a`, `\s` → a space, `\.` → `.`; nil for a backreference or a class
        /// that has no simple member (`\D`, `\W`, `\S`, `\b`).
        private mutating func escape() -> Character? {
            guard position < characters.count else { return nil }
            let character = characters[position]
            position += 1
            switch character {
            case "d": return "0"
            case "w": return "a"
            case "s": return " "
            case "D", "W", "S": return character == "D" ? "a" : (character == "W" ? "-" : "a")
            case "t": return "\t"
            case "n": return "\n"
            case "b", "B", "k", "p", "P", "u", "x", "c": return nil
            default: return character.isNumber ? nil : character
            }
        }

        /// The first character a class allows (`[a-z]` → `a`); for a negated class the first
        /// of a few candidates it does not name.
        private mutating func characterClass() -> Node? {
            var negated = false
            if position < characters.count, characters[position] == "^" {
                negated = true
                position += 1
            }
            var members: [ClosedRange<Character>] = []
            var first = true
            while position < characters.count, characters[position] != "]" || first {
                first = false
                var low = characters[position]
                position += 1
                if low == "\\" {
                    guard let escaped = escape() else { return nil }
                    low = escaped
                }
                if position + 1 < characters.count, characters[position] == "-", characters[position + 1] != "]" {
                    var high = characters[position + 1]
                    position += 2
                    if high == "\\" {
                        guard let escaped = escape() else { return nil }
                        high = escaped
                    }
                    guard low <= high else { return nil }
                    members.append(low...high)
                } else {
                    members.append(low...low)
                }
            }
            guard position < characters.count else { return nil }
            position += 1
            if negated {
                let candidate = "aA0_-x ".first { character in !members.contains { $0.contains(character) } }
                return candidate.map { .text(String($0)) }
            }
            return members.first.map { .text(String($0.lowerBound)) }
        }

        private mutating func quantifier(on node: Node) -> Node? {
            guard position < characters.count else { return node }
            var result: Node
            switch characters[position] {
            case "*": position += 1; result = .repeated(node, minimum: 0, maximum: nil)
            case "+": position += 1; result = .repeated(node, minimum: 1, maximum: nil)
            case "?": position += 1; result = .repeated(node, minimum: 0, maximum: 1)
            case "{":
                guard let close = characters[position...].firstIndex(of: "}") else { return nil }
                let inside = String(characters[(position + 1)..<close])
                let bounds = inside.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                guard let minimum = Int(bounds[0]), bounds.count <= 2 else { return nil }
                let maximum = bounds.count == 1 ? minimum : (bounds[1].isEmpty ? nil : Int(bounds[1]))
                if bounds.count == 2, !bounds[1].isEmpty, maximum == nil { return nil }
                position = close + 1
                result = .repeated(node, minimum: minimum, maximum: maximum)
            default: return node
            }
            if position < characters.count, characters[position] == "?" || characters[position] == "+" { position += 1 }  // lazy, possessive
            return result
        }
    }
}
