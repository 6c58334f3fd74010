import Foundation

/// The newest `limit` bytes of a stream, in a ring that is allocated once (growing with the
/// stream until it holds `limit`) and then written over in place: keeping the tail of a
/// stream that never ends costs a copy of each chunk, never a copy of the whole tail (which,
/// at a few MiB, would page in a fresh allocation every time it was trimmed).
struct StreamTail: Sendable {
    let limit: Int
    private var ring: [UInt8] = []
    /// Where the oldest byte is, once the ring is full (before that, at 0).
    private var start = 0

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// How many bytes are kept.
    var count: Int { ring.count }

    /// Keeps `chunk`, letting the oldest bytes go past `limit`.
    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        guard !chunk.isEmpty else { return }
        if chunk.count >= limit {
            ring = Array(chunk[(chunk.count - limit)...])
            start = 0
            return
        }
        let room = limit - ring.count
        if room > 0 {
            // Still growing: the bytes that fit go at the end, the rest wrap to the start.
            let fits = min(room, chunk.count)
            ring.append(contentsOf: chunk[..<fits])
            if fits < chunk.count { overwrite(with: UnsafeRawBufferPointer(rebasing: chunk[fits...])) }
            return
        }
        overwrite(with: chunk)
    }

    /// The bytes kept, oldest first.
    var data: Data {
        guard start > 0 else { return Data(ring) }
        var data = Data(capacity: ring.count)
        data.append(contentsOf: ring[start...])
        data.append(contentsOf: ring[..<start])
        return data
    }

    /// Writes `chunk` (shorter than `limit`) over the oldest bytes of a full ring.
    private mutating func overwrite(with chunk: UnsafeRawBufferPointer) {
        ring.withUnsafeMutableBytes { ring in
            let first = min(chunk.count, limit - start)
            ring.baseAddress!.advanced(by: start).copyMemory(from: chunk.baseAddress!, byteCount: first)
            if first < chunk.count {
                ring.baseAddress!.copyMemory(from: chunk.baseAddress!.advanced(by: first), byteCount: chunk.count - first)
            }
        }
        start = (start + chunk.count) % limit
    }
}
