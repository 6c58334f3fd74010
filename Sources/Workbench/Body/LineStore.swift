import CourierWorkspace

/// What a stored line is, for styling it when it is drawn.
enum LineFlavor: UInt8, Sendable {
    /// JSON tokens: keys, strings, numbers, literals, punctuation.
    case json
    /// Tags with attributes, possibly with text between them.
    case markup
    /// Text as it is.
    case text
    /// A line of an XML or HTML comment.
    case comment
    /// A line of a CDATA section.
    case cdata
    /// A line of the hex preview: offset, bytes, characters.
    case hex
    /// A remark about the body rather than its content (its size, that it is empty).
    case note
}

/// The lines of a formatted body in a compact form: their contents back to back in one byte
/// buffer, without indentation or line breaks, with each line's start offset, its depth (the
/// indentation is drawn from it) and its flavor, and the folds: lines opening an object, array or
/// element that spans several lines, with the line closing it.
///
/// Depths and flavors take no room when every line has depth 0 or the same flavor. Offsets are
/// 32-bit: bodies are kept under 4 GiB (larger ones are previewed as binary).
struct LineStore: Sendable {
    /// The contents of the lines, back to back.
    private(set) var text: [UInt8] = []
    /// Where each line's content starts in `text`; it ends where the next one starts.
    private(set) var starts: [UInt32] = []
    /// Each line's depth, or empty when `tracksDepth` is false.
    private var depths: [UInt16] = []
    /// Each line's flavor, or empty when every line has `uniformFlavor`.
    private var flavors: [LineFlavor] = []
    /// Lines that open a fold, ascending, and beside each the line closing it (`UInt32.max` while
    /// it is open, the opener itself when it turned out to close on its own line).
    private(set) var foldOpeners: [UInt32] = []
    private var foldEnds: [UInt32] = []
    private let tracksDepth: Bool
    private let uniformFlavor: LineFlavor?

    /// An empty store. `flavor` nil means each line says its own. Reserving room for what is
    /// expected spares the copies (and the memory they leave behind) of growing a large buffer.
    init(flavor: LineFlavor?, tracksDepth: Bool, expectedBytes: Int = 0, expectedLines: Int = 0) {
        uniformFlavor = flavor
        self.tracksDepth = tracksDepth
        text.reserveCapacity(expectedBytes)
        starts.reserveCapacity(expectedLines)
        if tracksDepth { depths.reserveCapacity(expectedLines) }
    }

    /// The largest body the 32-bit offsets can index.
    static let maximumBytes = Int(UInt32.max) - 1

    var lineCount: Int { starts.count }

    /// Where line `index`'s content lies in `text`.
    func contentRange(of index: Int) -> Range<Int> {
        let start = Int(starts[index])
        let end = index + 1 < starts.count ? Int(starts[index + 1]) : text.count
        return start..<end
    }

    /// The line whose content holds the byte at `offset` in `text`.
    func line(containing offset: Int) -> Int {
        max(starts.partitioningIndex { Int($0) > offset } - 1, 0)
    }

    func depth(of index: Int) -> Int {
        tracksDepth ? Int(depths[index]) : 0
    }

    func flavor(of index: Int) -> LineFlavor {
        uniformFlavor ?? flavors[index]
    }

    /// The line closing the fold that `line` opens, or nil when it opens none (or its end is not
    /// known yet, in a partial body).
    func foldEnd(of line: Int) -> Int? {
        guard let slot = foldSlot(openedAt: line) else { return nil }
        let end = foldEnds[slot]
        return end == UInt32.max || Int(end) <= line ? nil : Int(end)
    }

    /// The innermost fold around `line`: the one it closes, or the one whose contents it is
    /// part of. Nil when `line` is at the top level.
    func enclosingFold(of line: Int) -> Int? {
        guard !foldOpeners.isEmpty, tracksDepth, line > 0 else { return nil }
        return depths.withUnsafeBufferPointer { depths in
            let depth = depths[line]
            var candidate = line - 1
            // Between an opener and its closer every line is deeper than both.
            while candidate >= 0, depths[candidate] > depth { candidate -= 1 }
            if candidate >= 0, depths[candidate] == depth, foldEnd(of: candidate) == line { return candidate }
            while candidate >= 0, depths[candidate] >= depth { candidate -= 1 }
            guard candidate >= 0, let end = foldEnd(of: candidate), end >= line else { return nil }
            return candidate
        }
    }

    /// Every line that opens a fold whose end is known, ascending.
    var foldableLines: [Int] {
        var lines: [Int] = []
        for (opener, end) in zip(foldOpeners, foldEnds) where end != UInt32.max && end > opener {
            lines.append(Int(opener))
        }
        return lines
    }

    private func foldSlot(openedAt line: Int) -> Int? {
        guard line >= 0, line < starts.count else { return nil }
        let slot = foldOpeners.partitioningIndex { $0 >= UInt32(line) }
        return slot < foldOpeners.count && foldOpeners[slot] == UInt32(line) ? slot : nil
    }

    // MARK: Building

    /// Starts a new, empty line.
    mutating func startLine(depth: Int = 0, flavor: LineFlavor = .text) {
        splitLastLine(at: text.count, depth: depth, flavor: flavor)
    }

    /// Makes the tail of the last line, from `offset` in `text` on, a line of its own.
    mutating func splitLastLine(at offset: Int, depth: Int, flavor: LineFlavor) {
        starts.append(UInt32(offset))
        if tracksDepth { depths.append(UInt16(clamping: depth)) }
        if uniformFlavor == nil { flavors.append(flavor) }
    }

    mutating func append(_ byte: UInt8) {
        text.append(byte)
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        text.append(contentsOf: bytes)
    }

    mutating func append(_ bytes: [UInt8]) {
        text.append(contentsOf: bytes)
    }

    mutating func append(_ bytes: StaticString) {
        bytes.withUTF8Buffer { text.append(contentsOf: $0) }
    }

    /// Records that the last line opens a fold; returns its slot for `closeFold`.
    mutating func openFold() -> Int {
        foldOpeners.append(UInt32(starts.count - 1))
        foldEnds.append(UInt32.max)
        return foldOpeners.count - 1
    }

    /// Records that the fold in `slot` ends at the last line.
    mutating func closeFold(_ slot: Int) {
        foldEnds[slot] = UInt32(starts.count - 1)
    }

    /// Forgets the last fold opened, when its opener turns out to close on the same line.
    mutating func dropLastFold() {
        foldOpeners.removeLast()
        foldEnds.removeLast()
    }
}
