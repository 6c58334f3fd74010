/// One replacement in a text: the scalars in `range` (offsets into a ``YAMLSourceText``)
/// give way to `replacement`. An empty range inserts.
struct TextSplice {
    var range: Range<Int>
    var replacement: String

    init(_ range: Range<Int>, _ replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    /// Inserts `text` at `offset`.
    static func insert(_ text: String, at offset: Int) -> TextSplice { TextSplice(offset..<offset, text) }
}

extension YAMLSourceText {
    /// The text with the splices made; everything outside their ranges stays as it was.
    /// Splices must not overlap; insertions at the same offset keep their order, and an
    /// insertion at the start of a replaced range goes before the replacement.
    func applying(_ splices: [TextSplice]) -> String {
        let ordered = splices.enumerated().sorted {
            ($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset)
                < ($1.element.range.lowerBound, $1.element.range.upperBound, $1.offset)
        }.map(\.element)
        var result = String.UnicodeScalarView()
        var cursor = 0
        for splice in ordered {
            assert(splice.range.lowerBound >= cursor, "overlapping splices")
            result.append(contentsOf: scalars[cursor..<splice.range.lowerBound])
            result.append(contentsOf: splice.replacement.unicodeScalars)
            cursor = splice.range.upperBound
        }
        result.append(contentsOf: scalars[cursor...])
        return String(result)
    }
}
