/// Where ``JSONBodyFormatter`` puts the lines it lays out: each line's start (its depth and the
/// body offset its content is read from), the bytes of its content, and the folds.
protocol JSONLineSink {
    /// Lines started so far.
    var lineCount: Int { get }
    /// Set when the formatting should end early (the layout was given up).
    var isStopped: Bool { get }
    /// Starts a line `depth` levels deep whose content is read from `offset` in the body on:
    /// possibly whitespace first, then its tokens.
    mutating func startLine(depth: Int, at offset: Int)
    mutating func append(_ byte: UInt8)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
    mutating func append(_ bytes: StaticString)
    /// Records that the last line opens a fold; returns its slot for `closeFold`.
    mutating func openFold() -> Int
    /// Records that the fold in `slot` ends at the last line.
    mutating func closeFold(_ slot: Int)
}

extension LineStore: JSONLineSink {
    var isStopped: Bool { false }

    /// A store for the JSON lines of a body of `bodyBytes`, with room reserved for all of them
    /// when `isWhole` (not for a first screen's worth).
    init(json bodyBytes: Int, isWhole: Bool) {
        // Formatting drops whitespace and adds a space after each member's colon; a member takes at
        // least five bytes (`"":0,`), so the lines never outgrow this and the buffer never moves.
        let mostBytes = bodyBytes + bodyBytes / 5 + 8
        // Most bodies' lines average eight bytes or more; denser ones grow the arrays once or twice.
        self.init(flavor: .json, tracksDepth: true, expectedBytes: isWhole ? mostBytes : 0, expectedLines: isWhole ? bodyBytes / 8 : 0)
    }

    mutating func startLine(depth: Int, at offset: Int) {
        startLine(depth: depth, flavor: .json)
    }
}
