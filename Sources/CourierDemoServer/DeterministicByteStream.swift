/// The endless pseudo-random byte stream served by `/bytes`, `/drop` and `/mutable`.
///
/// Byte `i` of the stream for `seed` is byte `i % 8` (little-endian) of the 64-bit word
/// `splitmix64(seed &+ (i / 8 &+ 1) &* 0x9E3779B97F4A7C15)`, where `splitmix64` is the
/// SplitMix64 output finaliser. Every word depends only on the seed and its index, so
/// any range of the stream can be produced without generating the bytes before it.
///
/// Free of SwiftNIO: the engine's tests compile this file too (a link in Tests/CourierTests),
/// to check what they downloaded when the server runs in a process of its own.
enum DeterministicByteStream {
    /// Size of the chunks in which streamed bodies are generated and written.
    static let chunkSize = 64 * 1024

    @inline(__always)
    static func word(seed: UInt64, index: UInt64) -> UInt64 {
        var z = seed &+ (index &+ 1) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Fills `buffer` with the stream bytes starting at stream position `offset`.
    static func fill(_ buffer: UnsafeMutableRawBufferPointer, seed: UInt64, offset: Int) {
        let count = buffer.count
        guard count > 0 else { return }
        var position = 0
        var wordIndex = UInt64(offset / 8)
        // Leading partial word when offset is not 8-aligned.
        let skip = offset % 8
        if skip != 0 {
            let value = word(seed: seed, index: wordIndex)
            for byteIndex in skip..<8 where position < count {
                buffer[position] = UInt8(truncatingIfNeeded: value >> (UInt64(byteIndex) * 8))
                position += 1
            }
            wordIndex += 1
        }
        // Whole words.
        while count - position >= 8 {
            buffer.storeBytes(of: word(seed: seed, index: wordIndex).littleEndian, toByteOffset: position, as: UInt64.self)
            position += 8
            wordIndex += 1
        }
        // Trailing partial word.
        if position < count {
            let value = word(seed: seed, index: wordIndex)
            var shift: UInt64 = 0
            while position < count {
                buffer[position] = UInt8(truncatingIfNeeded: value >> shift)
                shift += 8
                position += 1
            }
        }
    }

    /// Bytes `[offset, offset + count)` of the stream for `seed`.
    static func bytes(count: Int, seed: UInt64, offset: Int) -> [UInt8] {
        precondition(count >= 0 && offset >= 0, "count and offset must not be negative")
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            fill(UnsafeMutableRawBufferPointer(buffer), seed: seed, offset: offset)
            initialized = count
        }
    }
}
