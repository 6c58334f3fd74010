import Foundation

/// Records a checkpoint every ``linesPerCheckpoint`` lines (or ``bytesPerCheckpoint`` of body,
/// for long lines) while a body is laid out, keeping nothing of the lines themselves; and every
/// so often hands what it has so far to `progress`, which can stop it.
///
/// As a ``JSONLineSink`` it follows ``JSONBodyFormatter``; ``recordText(_:)`` splits text.
struct CheckpointRecorder: JSONLineSink {
    static let linesPerCheckpoint = 128
    static let bytesPerCheckpoint = 256 * 1024
    /// A snapshot of the work so far: the checkpoints, the lines started, and how far into the
    /// body they reach. Returns false to stop.
    typealias Progress = (_ checkpoints: LineCheckpoints, _ lineCount: Int) -> Bool

    private let bytes: UnsafeBufferPointer<UInt8>
    private(set) var checkpoints = LineCheckpoints()
    private(set) var lineCount = 0
    private(set) var isStopped = false
    private let progress: Progress?
    /// Drops the pages of a mapped file once read past.
    private var pages: PageRelease
    private var nextReportLine = 256
    private var lastReport = ContinuousClock.now
    private var reportInterval = Duration.milliseconds(100)

    /// A recorder over `bytes`. `releasesPages` (only for a read-only file mapping) gives the
    /// pages read past back to the kernel as it goes, so a body larger than memory can be read.
    init(bytes: UnsafeBufferPointer<UInt8>, releasesPages: Bool = false, progress: Progress? = nil) {
        self.bytes = bytes
        pages = PageRelease(bytes, isEnabled: releasesPages)
        self.progress = progress
    }

    mutating func startLine(depth: Int, at offset: Int) {
        let line = lineCount
        lineCount += 1
        let depth = UInt16(clamping: depth)
        if let last = checkpoints.last, line - last.line < Self.linesPerCheckpoint, offset - last.offset < Self.bytesPerCheckpoint {
            checkpoints.noteDepthOfLastRun(depth)
        } else {
            // A line starting at a closing bracket is read with its container still open.
            let closes = offset < bytes.count && (bytes[offset] == UInt8(ascii: "}") || bytes[offset] == UInt8(ascii: "]"))
            checkpoints.append(LineCheckpoint(offset: offset, line: line, nesting: closes ? depth + 1 : depth, minimumDepth: depth))
        }
        if lineCount >= nextReportLine { report(reachedOffset: offset) }
    }

    func append(_ byte: UInt8) {}
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {}
    func append(_ bytes: StaticString) {}
    func openFold() -> Int { 0 }
    func closeFold(_ slot: Int) {}

    /// Splits text into lines as ``TextBodyFormatter`` does: at line feeds, a final one ending
    /// the last line. True when it reached the end.
    mutating func recordText() -> Bool {
        var start = 0
        while start < bytes.count, !isStopped {
            startLine(depth: 0, at: start)
            start = (bytes.firstIndex(of: UInt8(ascii: "\n"), from: start) ?? bytes.count) + 1
        }
        return start >= bytes.count
    }

    private mutating func report(reachedOffset offset: Int) {
        nextReportLine = lineCount + 8192
        pages.readUpTo(offset)
        guard let progress else { return }
        let now = ContinuousClock.now
        // The first screen goes at once; after that a few times a second, less often as it grows.
        guard lineCount <= 256 || now - lastReport >= reportInterval else { return }
        lastReport = now
        reportInterval = min(reportInterval * 5 / 4, .milliseconds(500))
        if !progress(checkpoints, lineCount) { isStopped = true }
    }
}
