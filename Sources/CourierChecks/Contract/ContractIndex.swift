/// A contract's operations indexed by path template, one segment per level (a trie), built
/// once when the contract loads. Finding the templates a request's path fits walks the path:
/// a literal segment is a dictionary lookup, and only the parameter patterns written at that
/// level (`{id}`, `{name}.json`) are tried — not every template of the document. A contract of
/// 2,000 operations tried each template's segments for every response before.
struct ContractIndex: Sendable {
    private struct Level: Sendable {
        /// A literal segment, percent-decoded, → the next level.
        var literals: [String: Int] = [:]
        /// The literal pieces around a segment's parameters (``PathTemplate/Segment/template``) → the next level.
        var patterns: [(pieces: [String], next: Int)] = []
        /// The operations whose template ends here (indices into the contract's operations).
        var operations: [Int] = []
    }

    private var levels = [Level()]

    init(_ operations: [ContractOperation]) {
        for (number, operation) in operations.enumerated() {
            var at = 0
            for segment in operation.template.segments {
                switch segment {
                case .literal(let text):
                    let key = PathTemplate.decoded(text)
                    if let next = levels[at].literals[key] {
                        at = next
                    } else {
                        levels.append(Level())
                        levels[at].literals[key] = levels.count - 1
                        at = levels.count - 1
                    }
                case .template(let pieces):
                    if let next = levels[at].patterns.first(where: { $0.pieces == pieces })?.next {
                        at = next
                    } else {
                        levels.append(Level())
                        levels[at].patterns.append((pieces, levels.count - 1))
                        at = levels.count - 1
                    }
                }
            }
            levels[at].operations.append(number)
        }
    }

    /// The operations (indices, in the document's order) whose template `path` (no query, not
    /// decoded) fits, and how many index entries were examined to find them: one per literal
    /// lookup and one per parameter pattern tried.
    func fitting(_ path: String) -> (operations: [Int], examined: Int) {
        let parts = PathTemplate.split(path)
        var found: [Int] = []
        var examined = 0
        func walk(_ at: Int, _ depth: Int) {
            let level = levels[at]
            guard depth < parts.count else {
                found += level.operations
                return
            }
            let part = parts[depth]
            if !level.literals.isEmpty {
                examined += 1
                if let next = level.literals[PathTemplate.decoded(part)] { walk(next, depth + 1) }
            }
            for pattern in level.patterns {
                examined += 1
                if PathTemplate.fits(Substring(part), pattern.pieces[...]) { walk(pattern.next, depth + 1) }
            }
        }
        walk(0, 0)
        return (found.sorted(), examined)
    }
}
