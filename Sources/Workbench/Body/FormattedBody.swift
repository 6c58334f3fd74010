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
    /// False when a line limit cut the formatting short: the lines there are right, more follow.
    package let isComplete: Bool
    let store: LineStore

    init(kind: BodyKind, store: LineStore, notice: String? = nil, byteCount: Int, isComplete: Bool) {
        self.kind = kind
        self.store = store
        self.notice = notice
        self.byteCount = byteCount
        self.isComplete = isComplete
    }

    /// At least one.
    package var lineCount: Int { store.lineCount }

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
        indentation(of: index) + String(decoding: store.text[store.contentRange(of: index)], as: UTF8.self)
    }

    /// For a line opening a JSON object or array or an XML element that spans several lines, the
    /// line closing it; nil for other lines.
    package func foldEnd(of line: Int) -> Int? {
        store.foldEnd(of: line)
    }

    /// How deeply line `index` is nested.
    package func depth(of index: Int) -> Int {
        store.depth(of: index)
    }

    func indentation(of index: Int) -> String {
        String(repeating: " ", count: store.depth(of: index) * Self.indentWidth)
    }

    /// The UTF-8 content of line `index` without indentation, or its first `byteLimit` bytes or
    /// fewer, cut where a character starts.
    func content(of index: Int, byteLimit: Int = Int.max) -> [UInt8] {
        let range = store.contentRange(of: index)
        guard range.count > byteLimit else { return Array(store.text[range]) }
        var end = range.lowerBound + byteLimit
        while end > range.lowerBound, store.text[end] & 0xC0 == 0x80 { end -= 1 }
        return Array(store.text[range.lowerBound..<end])
    }

    /// The styles of `content`, which is line `index`'s (or a prefix of it).
    func runs(of index: Int, content: [UInt8]) -> [StyleRun] {
        let whole = 0..<content.count
        switch store.flavor(of: index) {
        case .json: return JSONLineStyler.runs(content)
        case .markup: return MarkupLineStyler.runs(content)
        case .hex: return HexPreview.runs(content)
        case .text: return whole.isEmpty ? [] : [StyleRun(range: whole, style: .plain)]
        case .comment, .note: return whole.isEmpty ? [] : [StyleRun(range: whole, style: .dim)]
        case .cdata: return whole.isEmpty ? [] : [StyleRun(range: whole, style: .syntaxString)]
        }
    }
}
