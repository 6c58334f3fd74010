import NIOCore

extension DeterministicByteStream {
    /// A buffer holding bytes `[offset, offset + count)` of the stream for `seed`.
    static func buffer(count: Int, seed: UInt64, offset: Int, allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: count)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { pointer in
            fill(UnsafeMutableRawBufferPointer(rebasing: pointer[0..<count]), seed: seed, offset: offset)
            return count
        }
        return buffer
    }
}
