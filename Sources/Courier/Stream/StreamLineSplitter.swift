/// Cuts a line-delimited body (NDJSON, JSON Lines, `application/stream+json`), fed in chunks
/// as libcurl delivers them, into its lines: a line ends at LF, a CR before it is dropped,
/// blank lines are skipped, and a line still open when the stream ends is a line too (JSON
/// Lines does not require the last newline).
///
/// One line's size is bounded (``maximumLineBytes``): a longer line is dropped whole and
/// counted in ``droppedLines``.
public struct StreamLineSplitter: Sendable {
    /// The longest line kept, in bytes; longer ones are dropped.
    public var maximumLineBytes: Int
    /// Lines dropped for being longer than ``maximumLineBytes``.
    public private(set) var droppedLines = 0

    private var pending: [UInt8] = []
    private var pendingOversized = false

    /// A splitter for a new stream; `maximumLineBytes` bounds one line (8 MiB by default).
    public init(maximumLineBytes: Int = 8 << 20) {
        self.maximumLineBytes = maximumLineBytes
    }

    /// Reads `chunk`, calling `emit` with each line it completes (without its line end).
    public mutating func consume(_ chunk: UnsafeRawBufferPointer, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        let bytes = chunk.bindMemory(to: UInt8.self)
        var start = 0
        while let end = bytes[start...].firstIndex(of: 0x0A) {
            let tail = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if pending.isEmpty && !pendingOversized {
                deliver(tail, emit)
            } else {
                append(tail)
                let line = pending
                let oversized = pendingOversized
                pending.removeAll(keepingCapacity: true)
                pendingOversized = false
                if oversized { droppedLines += 1 } else { line.withUnsafeBufferPointer { deliver($0, emit) } }
            }
            start = end + 1
        }
        if start < bytes.count { append(UnsafeBufferPointer(rebasing: bytes[start...])) }
    }

    /// Reads `chunk` and returns the lines it completes, decoded as UTF-8.
    public mutating func consume(_ chunk: some Sequence<UInt8>) -> [String] {
        var lines: [String] = []
        Array(chunk).withUnsafeBytes { consume($0) { lines.append(String(decoding: $0, as: UTF8.self)) } }
        return lines
    }

    /// The stream ended: returns the line left open, if any, and resets for a new stream.
    public mutating func finish() -> String? {
        defer {
            pending.removeAll()
            pendingOversized = false
        }
        if pendingOversized { droppedLines += 1 }
        var line: String?
        let rest = pending
        rest.withUnsafeBufferPointer { bytes in deliver(bytes) { line = String(decoding: $0, as: UTF8.self) } }
        return line
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !pendingOversized else { return }
        if pending.count + bytes.count > maximumLineBytes {
            pendingOversized = true
            pending.removeAll()
        } else {
            pending.append(contentsOf: bytes)
        }
    }

    private mutating func deliver(_ line: UnsafeBufferPointer<UInt8>, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var trimmed = line[...]
        if trimmed.last == 0x0D { trimmed = trimmed.dropLast() }
        guard !trimmed.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return }
        if trimmed.count > maximumLineBytes {
            droppedLines += 1
            return
        }
        emit(UnsafeBufferPointer(rebasing: trimmed))
    }
}
