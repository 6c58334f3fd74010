import CourierWorkspace

/// What a response body is shown as.
package enum BodyKind: String, Sendable, Hashable {
    case json, xml, html, text, binary, empty
}

/// A response body laid out in lines for the Exchange pane's Body tab: JSON pretty-printed with
/// its keys in source order, XML and HTML indented by nesting, text as it is, binary as a hex
/// preview. Immutable, so it can be made off the input loop and handed over.
///
/// The lines are kept compactly (``LineStore``: one byte buffer, offsets, depths) so that a body
/// of tens of megabytes costs little more than its size; a line is styled only when asked for,
/// which the screen does for the few lines it shows. Make one with
/// ``format(_:mimeType:lineLimit:)``.
package final class FormattedBody: Sendable {
    /// Columns of indentation per level of nesting.
    static let indentWidth = 2

    package let kind: BodyKind
    /// Why the body is shown otherwise than its type says, e.g. `not valid JSON at byte 1234
    /// (line 3): expected ',' or '}'; shown as text`.
    package let notice: String?
    /// The size of the body as received.
    package let byteCount: Int
    /// False when a line limit cut the formatting short, or the body is still being indexed:
    /// the lines there are right, more follow.
    package let isComplete: Bool
    let lines: Lines

    /// Where the lines are: kept (``LineStore``), or read from the body's bytes as they are
    /// drawn (``IndexedLines``, for bodies too large to keep twice).
    enum Lines: Sendable {
        case stored(LineStore)
        case indexed(IndexedLines)
    }

    convenience init(kind: BodyKind, store: LineStore, notice: String? = nil, byteCount: Int, isComplete: Bool) {
        self.init(kind: kind, lines: .stored(store), notice: notice, byteCount: byteCount, isComplete: isComplete)
    }

    init(kind: BodyKind, lines: Lines, notice: String? = nil, byteCount: Int, isComplete: Bool) {
        self.kind = kind
        self.lines = lines
        self.notice = notice
        self.byteCount = byteCount
        self.isComplete = isComplete
    }

    /// The lines read from the body's bytes, for a body laid out that way.
    var indexed: IndexedLines? {
        if case .indexed(let indexed) = lines { return indexed }
        return nil
    }

    /// At least one.
    package var lineCount: Int {
        switch lines {
        case .stored(let store): store.lineCount
        case .indexed(let indexed): indexed.lineCount
        }
    }

    /// Line `index`, indented and coloured. Cost grows with the line's length: the viewer asks
    /// for only what fits on the screen.
    package func line(_ index: Int) -> StyledLine {
        let content = self.content(of: index)
        var line = StyledLine()
        line.append(indentation(of: index))
        line.spans.append(contentsOf: runs(of: index, content: content).spans(of: content))
        return line
    }

    /// Line `index` as text, indented, its bytes as they are (not sanitized for the screen).
    package func plainText(_ index: Int) -> String {
        indentation(of: index) + String(decoding: content(of: index), as: UTF8.self)
    }

    /// For a line opening a JSON object or array or an XML element that spans several lines, the
    /// line closing it; nil for other lines.
    package func foldEnd(of line: Int) -> Int? {
        switch lines {
        case .stored(let store): store.foldEnd(of: line)
        case .indexed(let indexed): indexed.foldEnd(of: line)
        }
    }

    /// Whether `line` opens a fold: cheaper than ``foldEnd(of:)`` for a body read from its bytes.
    func opensFold(_ line: Int) -> Bool {
        switch lines {
        case .stored(let store): store.foldEnd(of: line) != nil
        case .indexed(let indexed): indexed.opensFold(line)
        }
    }

    /// The innermost fold around `line`: the one it closes, or the one whose contents it is
    /// part of. Nil when `line` is at the top level.
    func enclosingFold(of line: Int) -> Int? {
        switch lines {
        case .stored(let store): store.enclosingFold(of: line)
        case .indexed(let indexed): indexed.enclosingFold(of: line)
        }
    }

    /// The folds around `line`, innermost first: the lines whose folds hide it.
    func enclosingFolds(of line: Int) -> [Int] {
        var folds: [Int] = []
        var inner = line
        while let opener = enclosingFold(of: inner) {
            folds.append(opener)
            inner = opener
        }
        return folds
    }

    /// The lines that "fold all" closes. Every fold of a kept body; of one read from its bytes,
    /// the top-level value's and its members' or elements' (at most ``foldAllLimit`` of them):
    /// closing every fold of a gigabyte would read it all.
    var foldableLines: [Int] {
        switch lines {
        case .stored(let store):
            return store.foldableLines
        case .indexed(let indexed):
            guard let rootEnd = indexed.foldEnd(of: 0) else { return [] }
            var folds = [0]
            var line = 1
            while line < rootEnd, folds.count < Self.foldAllLimit {
                if let end = indexed.foldEnd(of: line) {
                    folds.append(line)
                    line = end + 1
                } else {
                    line += 1
                }
            }
            return folds
        }
    }

    /// How many folds "fold all" closes at most in a body read from its bytes.
    static let foldAllLimit = 100_000

    /// How deeply line `index` is nested.
    package func depth(of index: Int) -> Int {
        switch lines {
        case .stored(let store): store.depth(of: index)
        case .indexed(let indexed): indexed.depth(of: index)
        }
    }

    func indentation(of index: Int) -> String {
        String(repeating: " ", count: depth(of: index) * Self.indentWidth)
    }

    /// The UTF-8 content of line `index` without indentation, or its first `byteLimit` bytes or
    /// fewer, cut where a character starts.
    func content(of index: Int, byteLimit: Int = Int.max) -> [UInt8] {
        switch lines {
        case .indexed(let indexed):
            return indexed.content(of: index, byteLimit: byteLimit)
        case .stored(let store):
            let range = store.contentRange(of: index)
            guard range.count > byteLimit else { return Array(store.text[range]) }
            var end = range.lowerBound + byteLimit
            while end > range.lowerBound, store.text[end] & 0xC0 == 0x80 { end -= 1 }
            return Array(store.text[range.lowerBound..<end])
        }
    }

    /// The styles of `content`, which is line `index`'s (or a prefix of it).
    func runs(of index: Int, content: [UInt8]) -> [StyleRun] {
        let whole = 0..<content.count
        switch flavor(of: index) {
        case .json: return JSONLineStyler.runs(content)
        case .markup: return MarkupLineStyler.runs(content)
        case .hex: return HexPreview.runs(content)
        case .text: return whole.isEmpty ? [] : [StyleRun(range: whole, style: .plain)]
        case .comment, .note: return whole.isEmpty ? [] : [StyleRun(range: whole, style: .dim)]
        case .cdata: return whole.isEmpty ? [] : [StyleRun(range: whole, style: .syntaxString)]
        }
    }

    private func flavor(of index: Int) -> LineFlavor {
        switch lines {
        case .stored(let store): store.flavor(of: index)
        case .indexed(let indexed): indexed.grammar == .json ? .json : .text
        }
    }
}
