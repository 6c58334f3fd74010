/// "Did you mean …?" for misspelt keys and names.
package enum Suggestion {
    /// The candidate closest to `word` when it is close enough to be a likely typo.
    package static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let candidates = Array(candidates)
        if let prefixed = candidates.first(where: { word.count >= 3 && $0.lowercased().hasPrefix(word.lowercased()) }) {
            return prefixed
        }
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, word.count / 3) ? best.0 : nil
    }

    /// ` ; did you mean "x"?` or nothing.
    package static func clause(for word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
