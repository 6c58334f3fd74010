/// Where a run of a body's lines starts, for laying them out again from the body's bytes: the
/// lines of a large body are not kept, only one of these every hundred or so.
struct LineCheckpoint: Sendable, Equatable {
    /// The body offset the run's first line is read from (whitespace may come first).
    var offset: Int
    /// The run's first line.
    var line: Int
    /// For JSON, the arrays and objects open before the run's first line (a closing line is one
    /// level shallower than this); 0 for text.
    var nesting: UInt16
    /// The smallest depth of a line in the run, which ends where the next checkpoint starts: a
    /// fold's end is the first line after its opener that is no deeper than it, found by
    /// skipping the runs that are all deeper.
    var minimumDepth: UInt16
}

/// A body's checkpoints in order, in chunks of fixed size: a copy shares all the chunks, and
/// appending to it copies only the last one, so the growing index of a body still being read
/// can be handed to the screen every few hundred milliseconds for the cost of a few kilobytes.
struct LineCheckpoints: Sendable {
    static let chunkSize = 4096
    private var chunks: [[LineCheckpoint]] = []
    private(set) var count = 0

    init() {}

    var isEmpty: Bool { count == 0 }
    var last: LineCheckpoint? { count == 0 ? nil : self[count - 1] }

    subscript(index: Int) -> LineCheckpoint {
        chunks[index / Self.chunkSize][index % Self.chunkSize]
    }

    mutating func append(_ checkpoint: LineCheckpoint) {
        if count % Self.chunkSize == 0 {
            var chunk: [LineCheckpoint] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(checkpoint)
        count += 1
    }

    /// Lowers the last run's smallest depth to `depth` if it is smaller.
    mutating func noteDepthOfLastRun(_ depth: UInt16) {
        let chunk = chunks.count - 1, slot = chunks[chunk].count - 1
        if depth < chunks[chunk][slot].minimumDepth { chunks[chunk][slot].minimumDepth = depth }
    }

    /// The last checkpoint at or before `line` (0 when there is none).
    func index(before line: Int) -> Int {
        lastIndex { $0.line <= line }
    }

    /// The last checkpoint whose run starts at or before body offset `offset`.
    func index(atOrBeforeOffset offset: Int) -> Int {
        lastIndex { $0.offset <= offset }
    }

    /// The last index whose checkpoint satisfies `isAtOrBefore`, which holds for a prefix.
    private func lastIndex(where isAtOrBefore: (LineCheckpoint) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrBefore(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return max(low - 1, 0)
    }
}
