import Foundation

/// Gives the pages of a read-only file mapping back to the kernel once a pass over the file has
/// read past them (`madvise(MADV_DONTNEED)`; they are read from the file again if looked at), so
/// that reading a file larger than memory does not make it resident: a gigabyte indexed or
/// searched costs the pages in hand, not the gigabyte. Never for memory that is not a file
/// mapping, whose contents dropping the pages would lose.
struct PageRelease {
    /// Pages are given back in steps of this many bytes.
    static let step = 32 << 20
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    private let base: UnsafeRawPointer?
    private let isEnabled: Bool
    private var releasedUpTo = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, isEnabled: Bool) {
        base = bytes.baseAddress.map(UnsafeRawPointer.init)
        self.isEnabled = isEnabled
    }

    /// The pass has read up to `offset`: the whole pages before it go, every ``step``.
    mutating func readUpTo(_ offset: Int) {
        guard isEnabled, let base, offset - releasedUpTo >= Self.step else { return }
        let start = (Int(bitPattern: base + releasedUpTo) + Self.pageSize - 1) / Self.pageSize * Self.pageSize
        let end = Int(bitPattern: base + offset) / Self.pageSize * Self.pageSize
        if end > start { madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_DONTNEED) }
        releasedUpTo = offset
    }
}
