import CourierWorkspace

/// Fuzzy matching as in fzf and lazygit: the query's characters appear in order in the
/// candidate, case-insensitively; consecutive characters and word starts score higher.
package enum FuzzyMatch {
    /// A match: its score (higher is better) and the matched character offsets.
    package struct Result: Sendable, Hashable {
        package var score: Int
        package var positions: [Int]
    }

    /// Nil when `candidate` does not contain the query's characters in order.
    package static func match(_ query: String, in candidate: String) -> Result? {
        let needle = Array(query.lowercased().filter { $0 != " " })
        guard !needle.isEmpty else { return Result(score: 0, positions: []) }
        let hay = Array(candidate)
        let lowered = hay.map { Character($0.lowercased()) }
        // Prefer a contiguous occurrence; otherwise take the greedy subsequence.
        if let start = contiguous(needle, in: lowered) {
            let boundary = start == 0 || isBoundary(hay[start - 1]) ? 30 : 0
            let whole = needle.count == lowered.count ? 100 : 0
            return Result(score: 100 + whole + boundary + needle.count * 8 - start, positions: Array(start..<start + needle.count))
        }
        var positions: [Int] = []
        var score = 0
        var index = 0
        for character in needle {
            while index < lowered.count, lowered[index] != character { index += 1 }
            guard index < lowered.count else { return nil }
            if let last = positions.last, last == index - 1 { score += 8 }
            if index == 0 || isBoundary(hay[index - 1]) { score += 6 }
            score += 1
            positions.append(index)
            index += 1
        }
        return Result(score: score - (positions.last! - positions.first!) / 4, positions: positions)
    }

    private static func contiguous(_ needle: [Character], in hay: [Character]) -> Int? {
        guard needle.count <= hay.count else { return nil }
        for start in 0...(hay.count - needle.count) where hay[start] == needle[0] {
            if hay[start..<start + needle.count].elementsEqual(needle) { return start }
        }
        return nil
    }

    private static func isBoundary(_ character: Character) -> Bool {
        "-_/. :".contains(character)
    }

    /// `text` with the matched positions in `matched` style and the rest in `style`.
    package static func highlighted(_ text: String, positions: [Int], style: Style, matched: Style = .accent) -> StyledLine {
        guard !positions.isEmpty else { return StyledLine(text, style) }
        let marked = Set(positions)
        var line = StyledLine()
        var run = ""
        var runMatched = false
        for (offset, character) in text.enumerated() {
            let isMatched = marked.contains(offset)
            if isMatched != runMatched, !run.isEmpty {
                line.append(run, runMatched ? matched : style)
                run = ""
            }
            runMatched = isMatched
            run.append(character)
        }
        line.append(run, runMatched ? matched : style)
        return line
    }
}
