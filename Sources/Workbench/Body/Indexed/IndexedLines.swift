import Foundation
import Synchronization

/// The lines of a body read from the body's own bytes whenever they are drawn, instead of being
/// kept: a few checkpoints (one per ``CheckpointRecorder/linesPerCheckpoint`` lines) say where
/// runs of lines start, and a line is found by reading on from the checkpoint before it. A body
/// mapped from a file of a gigabyte costs its checkpoints, a few megabytes, and the pages the
/// screen looks at.
///
/// Made while the body is still being indexed, it holds the lines indexed so far (its lines are
/// a prefix of the finished body's: they never change as more are found).
final class IndexedLines: Sendable {
    enum Grammar: Sendable { case json, text }

    /// The body's bytes (a byte-order mark already dropped), in memory or mapped from a file.
    let source: Data
    let grammar: Grammar
    let checkpoints: LineCheckpoints
    let lineCount: Int
    /// Whether `source` is a file mapping whose pages a pass over it (a search) gives back.
    let releasesPages: Bool

    /// Where reading line `line` starts, with `nesting` containers open.
    fileprivate struct ReadState {
        var line: Int
        var position: Int
        var nesting: Int
    }

    /// The last line read: the screen reads lines in order, each from the one before.
    private let lastRead = Mutex<ReadState?>(nil)
    /// Fold ends found, by opener; forgotten when many.
    private let foldEnds = Mutex<[Int: Int]>([:])

    init(source: Data, grammar: Grammar, checkpoints: LineCheckpoints, lineCount: Int, releasesPages: Bool = false) {
        self.source = source
        self.releasesPages = releasesPages
        self.grammar = grammar
        self.checkpoints = checkpoints
        self.lineCount = lineCount
    }

    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        source.withUnsafeBytes { body($0.bindMemory(to: UInt8.self)) }
    }

    /// Line `index` (which must be below ``lineCount``).
    func line(_ index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLine {
        var state = startState(for: index)
        var line = read(state, in: bytes)
        while state.line < index {
            state = ReadState(line: state.line + 1, position: line.end, nesting: line.nesting)
            line = read(state, in: bytes)
        }
        let reached = state
        lastRead.withLock { $0 = reached }
        return line
    }

    func line(_ index: Int) -> SourceLine {
        withBytes { line(index, in: $0) }
    }

    /// Line `index`'s content as the formatter would have written it, or its first `byteLimit`
    /// bytes or fewer, cut where a character starts.
    func content(of index: Int, byteLimit: Int = Int.max) -> [UInt8] {
        withBytes { bytes in JSONLineLexer.content(of: line(index, in: bytes), in: bytes, byteLimit: byteLimit) }
    }

    func depth(of index: Int) -> Int {
        grammar == .text ? 0 : line(index).depth
    }

    /// Whether line `index` opens an array or object whose contents follow on lines of their own.
    func opensFold(_ index: Int) -> Bool {
        grammar == .json && line(index).opensFold
    }

    /// The line closing the fold `opener` opens; nil when it opens none, or when its end has not
    /// been indexed yet. Runs of lines all deeper than the opener are skipped by their
    /// checkpoints' ``LineCheckpoint/minimumDepth``.
    func foldEnd(of opener: Int) -> Int? {
        guard grammar == .json, opener >= 0, opener < lineCount else { return nil }
        if let known = foldEnds.withLock({ $0[opener] }) { return known }
        let end: Int? = withBytes { bytes -> Int? in
            let first = line(opener, in: bytes)
            guard first.opensFold else { return nil }
            let depth = first.depth
            let run = checkpoints.index(before: opener)
            let runEnd = run + 1 < checkpoints.count ? checkpoints[run + 1].line : lineCount
            var state = ReadState(line: opener + 1, position: first.end, nesting: first.nesting)
            if let found = firstLine(from: &state, before: runEnd, in: bytes, where: { $0.depth <= depth }) { return found }
            var next = run + 1
            while next < checkpoints.count, Int(checkpoints[next].minimumDepth) > depth { next += 1 }
            guard next < checkpoints.count else { return nil }
            state = ReadState(checkpoints[next])
            let limit = next + 1 < checkpoints.count ? checkpoints[next + 1].line : lineCount
            return firstLine(from: &state, before: limit, in: bytes, where: { $0.depth <= depth })
        }
        if let end {
            foldEnds.withLock { known in
                if known.count >= 4096 { known.removeAll(keepingCapacity: true) }
                known[opener] = end
            }
        }
        return end
    }

    /// The innermost fold around `index`: the one it closes, or the one whose contents it is
    /// part of. Nil at the top level.
    func enclosingFold(of index: Int) -> Int? {
        guard grammar == .json, index > 0, index < lineCount else { return nil }
        return withBytes { bytes -> Int? in
            let target = line(index, in: bytes)
            // The opener of a closing line is as deep as it; of another line, one level shallower.
            guard target.closes || target.depth > 0 else { return nil }
            let bound = target.closes ? target.depth : target.depth - 1
            var run = checkpoints.index(before: index)
            var runEnd = index
            while run >= 0 {
                if Int(checkpoints[run].minimumDepth) <= bound || runEnd == index {
                    var state = ReadState(checkpoints[run])
                    var last: Int?
                    while state.line < runEnd {
                        let line = read(state, in: bytes)
                        if line.depth <= bound { last = state.line }
                        state = ReadState(line: state.line + 1, position: line.end, nesting: line.nesting)
                    }
                    if let last { return last }
                }
                runEnd = checkpoints[run].line
                run -= 1
            }
            return nil
        }
    }

    /// The line whose bytes hold body offset `offset`, and where that byte is in its content
    /// (nil when it is not shown: whitespace between tokens, a line feed); nil past the lines
    /// indexed.
    func line(containing offset: Int) -> (line: Int, contentOffset: Int?)? {
        withBytes { bytes in
            var state = ReadState(checkpoints[checkpoints.index(atOrBeforeOffset: offset)])
            while state.line < lineCount {
                let line = read(state, in: bytes)
                if offset < line.end || line.end >= bytes.count {
                    return (state.line, JSONLineLexer.contentOffset(of: offset, in: line, bytes: bytes))
                }
                state = ReadState(line: state.line + 1, position: line.end, nesting: line.nesting)
            }
            return nil
        }
    }

    // MARK: Reading

    private func read(_ state: ReadState, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLine {
        switch grammar {
        case .json: JSONLineLexer.line(in: bytes, at: state.position, nesting: state.nesting)
        case .text: TextLineLexer.line(in: bytes, at: state.position)
        }
    }

    /// The nearest known place at or before line `index` to read from: the last line read, or
    /// the checkpoint before it.
    private func startState(for index: Int) -> ReadState {
        let checkpoint = ReadState(checkpoints[checkpoints.index(before: index)])
        guard let last = lastRead.withLock({ $0 }), last.line <= index, last.line >= checkpoint.line else { return checkpoint }
        return last
    }

    /// Reads on from `state` to the first line before line `limit` that `matches`.
    private func firstLine(
        from state: inout ReadState, before limit: Int, in bytes: UnsafeBufferPointer<UInt8>, where matches: (SourceLine) -> Bool
    ) -> Int? {
        while state.line < min(limit, lineCount) {
            let line = read(state, in: bytes)
            if matches(line) { return state.line }
            state = ReadState(line: state.line + 1, position: line.end, nesting: line.nesting)
        }
        return nil
    }
}

fileprivate extension IndexedLines.ReadState {
    init(_ checkpoint: LineCheckpoint) {
        self.init(line: checkpoint.line, position: checkpoint.offset, nesting: Int(checkpoint.nesting))
    }
}
