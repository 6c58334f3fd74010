import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A response body that was too large to keep in memory: written to a file as it arrived
/// (``NetworkSettings/spoolResponseBodiesOver``, 64 MiB by default) in the spool directory,
/// owner-only. The file lives as long as this object: it is removed when the last response
/// holding it goes (the request runs again, or is released).
///
/// Read it in pieces (``read(_:)``, ``forEachChunk(size:_:)``), or map it whole
/// (``mapped()``: the bytes are paged in from the file as they are read, not copied). A
/// mapped `Data` stays valid after the file is removed.
public final class SpooledBody: Sendable, CustomStringConvertible {
    /// The spool file.
    public let url: URL
    /// The body's size in bytes.
    public let count: Int64

    init(url: URL, count: Int64) {
        self.url = url
        self.count = count
    }

    deinit {
        unlink(url.path)
    }

    public var description: String { "\(count) bytes spooled to \(url.path)" }

    /// The bytes in `range` (clamped to the body).
    public func read(_ range: Range<Int64>) throws -> Data {
        let lower = max(0, range.lowerBound), upper = min(count, range.upperBound)
        guard upper > lower else { return Data() }
        let descriptor = try openForReading()
        defer { close(descriptor) }
        var data = Data(count: Int(upper - lower))
        let filled = data.withUnsafeMutableBytes { buffer in
            Self.readFully(descriptor, into: buffer, at: lower)
        }
        guard filled >= 0 else { throw Self.error("reading", errno: errno) }
        data.count = filled
        return data
    }

    /// Calls `body` with the body's bytes in order, `size` bytes at a time (the last piece
    /// may be shorter), until the end or until `body` returns false. One buffer is reused:
    /// copy a piece to keep it.
    public func forEachChunk(size: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) throws -> Bool) throws {
        let descriptor = try openForReading()
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, size), alignment: 16)
        defer { buffer.deallocate() }
        var offset: Int64 = 0
        while offset < count {
            let filled = Self.readFully(descriptor, into: buffer, at: offset)
            guard filled >= 0 else { throw Self.error("reading", errno: errno) }
            guard filled > 0 else { break }
            offset += Int64(filled)
            guard try body(UnsafeRawBufferPointer(rebasing: buffer[..<filled])) else { return }
        }
    }

    /// The whole body mapped into memory, read-only: pages come from the file when touched
    /// (and count in the process's resident memory while they stay mapped).
    public func mapped() throws -> Data {
        guard count > 0 else { return Data() }
        let descriptor = try openForReading()
        defer { close(descriptor) }
        return try Self.map(descriptor, length: Int(count), path: url.path)
    }

    /// What the spool file at `url` holds so far, mapped read-only: a body still arriving
    /// (``TransferProgress/spoolFile``), which only grows, so the mapping stays readable whole.
    public static func mappedPrefix(of url: URL) throws -> Data {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw error("opening", errno: errno, path: url.path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw error("reading the size of", errno: errno, path: url.path) }
        return try map(descriptor, length: Int(status.st_size), path: url.path)
    }

    /// How many bytes the spool file at `url` holds now (0 when it is gone): whether a body
    /// still arriving grew since it was last read.
    public static func currentSize(of url: URL) -> Int64 {
        var status = stat()
        return stat(url.path, &status) == 0 ? Int64(status.st_size) : 0
    }

    /// `length` bytes of the open file `descriptor` mapped read-only and private, unmapped when
    /// the `Data` goes (the mapping outlives the descriptor and the file's name).
    private static func map(_ descriptor: Int32, length: Int, path: String) throws -> Data {
        guard length > 0 else { return Data() }
        guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw error("mapping", errno: errno, path: path)
        }
        return Data(bytesNoCopy: address, count: length, deallocator: .custom { pointer, _ in munmap(pointer, length) })
    }

    /// The body's SHA-256 as 64 lowercase hex digits, read in 1 MiB pieces.
    public func sha256() throws -> String {
        let hasher = DigestHasher(.sha256)
        try forEachChunk { piece in
            hasher.update(piece)
            return true
        }
        return SHA256Hex.hex(hasher.finish())
    }

    private func openForReading() throws -> Int32 {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw Self.error("opening", errno: errno) }
        return descriptor
    }

    /// Reads until `buffer` is full or the file ends; the bytes read, or -1 (errno set).
    private static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Int {
        var filled = 0
        while filled < buffer.count {
            let result = pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset) + off_t(filled))
            if result < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if result == 0 { break }
            filled += result
        }
        return filled
    }

    private static func error(_ doing: String, errno code: Int32, path: String? = nil) -> CocoaError {
        let subject = path.map { "the spool file \($0)" } ?? "the spooled body"
        return CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "\(doing) \(subject) failed: \(String(cString: strerror(code)))"])
    }
}
