import Courier
import Foundation
import Histogram

/// HdrHistogram's standard interchange form — the V2 encoding, zlib-compressed, in base64 —
/// which HdrHistogram's own libraries read and write (Java `Histogram.decodeFromCompressedByteBuffer`,
/// Python `HdrHistogram.decode`, Go `hdrhistogram.Decode`, C `hdr_log_decode`). hdrhistogram-swift
/// has no codec; its counts array is laid out as HdrHistogram's everywhere, so the index of a
/// value is worked out here with the same formulas.
///
/// The compressed form: a 4-byte cookie (`0x1c849314`) and the compressed length, then zlib of
/// the encoding: a 40-byte header (cookie `0x1c849313`, payload length, normalizing offset 0,
/// significant digits, lowest and highest trackable value, the double conversion ratio 1.0)
/// and the counts as ZigZag LEB128 words, a run of zero counts written as its negated length.
/// Big-endian throughout.
package enum HDRInterchange {
    static let encodingCookie: UInt32 = 0x1c84_9303 | 0x10
    static let compressedCookie: UInt32 = 0x1c84_9304 | 0x10
    /// The most an encoding may inflate to: a histogram of 1 µs to an hour at 5 digits is 2.6 MB.
    static let inflateLimit = 64 << 20

    /// Why an interchange string could not be read.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package let description: String
        init(_ description: String) { self.description = description }
    }

    /// `histogram` in the compressed V2 form, as base64.
    package static func encode(_ histogram: Histogram<UInt64>) -> String {
        let layout = Layout(lowest: histogram.lowestDiscernibleValue,
                            digits: Int(histogram.numberOfSignificantValueDigits.rawValue))
        var payload: [UInt8] = []
        var next = 0
        var zeros = 0
        for value in histogram.recordedValues() where value.count > 0 {
            let index = layout.index(of: value.value)
            zeros += index - next
            if zeros > 0 { ZigZag.append(-Int64(zeros), to: &payload) }
            zeros = 0
            ZigZag.append(Int64(clamping: value.count), to: &payload)
            next = index + 1
        }
        var encoding = Data()
        encoding.appendBigEndian(encodingCookie)
        encoding.appendBigEndian(UInt32(payload.count))
        encoding.appendBigEndian(UInt32(0))
        encoding.appendBigEndian(UInt32(histogram.numberOfSignificantValueDigits.rawValue))
        encoding.appendBigEndian(histogram.lowestDiscernibleValue)
        encoding.appendBigEndian(histogram.highestTrackableValue)
        encoding.appendBigEndian(Double(1).bitPattern)
        encoding.append(contentsOf: payload)
        let compressed = GRPCGzip.compressZlib(encoding)
        var whole = Data()
        whole.appendBigEndian(compressedCookie)
        whole.appendBigEndian(UInt32(compressed.count))
        whole.append(compressed)
        return whole.base64EncodedString()
    }

    /// The histogram `text` encodes; a failure says what was wrong with it.
    package static func decode(_ text: String) throws(Failure) -> Histogram<UInt64> {
        guard let whole = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure("not base64")
        }
        var outer = BigEndianReader(whole)
        guard let cookie = outer.uint32(), cookie & ~0xf0 == compressedCookie & ~0xf0 else {
            throw Failure("not a compressed HdrHistogram V2 encoding (its cookie)")
        }
        guard let length = outer.uint32(), Int(length) <= outer.remaining.count else { throw Failure("cut short") }
        let encoding: Data
        do {
            encoding = try GRPCGzip.decompressZlib(Data(outer.remaining.prefix(Int(length))), limit: inflateLimit)
        } catch {
            throw Failure(error.description)
        }
        var reader = BigEndianReader(encoding)
        guard let inner = reader.uint32(), inner & ~0xf0 == encodingCookie & ~0xf0 else {
            throw Failure("not an HdrHistogram V2 encoding (its inner cookie)")
        }
        guard let payloadLength = reader.uint32(), let offset = reader.uint32(), let digits = reader.uint32(),
              let lowest = reader.uint64(), let highest = reader.uint64(), reader.uint64() != nil else {
            throw Failure("its header is cut short")
        }
        guard offset == 0 else { throw Failure("a normalizing index offset (\(offset)) is not supported") }
        guard let significant = SignificantDigits(rawValue: Int8(clamping: digits)), lowest >= 1, highest >= 2 * lowest else {
            throw Failure("its settings are out of range (digits \(digits), lowest \(lowest), highest \(highest))")
        }
        guard Int(payloadLength) <= reader.remaining.count else { throw Failure("its counts are cut short") }
        var histogram = Histogram<UInt64>(lowestDiscernibleValue: lowest, highestTrackableValue: highest,
                                          numberOfSignificantValueDigits: significant)
        let layout = Layout(lowest: lowest, digits: Int(digits))
        var bytes = reader.remaining.prefix(Int(payloadLength))[...]
        var index = 0
        while !bytes.isEmpty {
            guard let word = ZigZag.read(&bytes) else { throw Failure("a count is cut short") }
            if word < 0 {
                index += Int(-word)
                continue
            }
            if word > 0 {
                // The top of the value's bucket, as HdrHistogram's own decoders take it (a max
                // read back is the bucket's highest equivalent value, never below what was recorded).
                let value = layout.value(at: index)
                guard value <= highest, histogram.record(histogram.highestEquivalentForValue(value), count: UInt64(word)) else {
                    throw Failure("a count lies beyond the highest trackable value")
                }
            }
            index += 1
        }
        return histogram
    }

    /// HdrHistogram's counts array layout for a lowest value and significant digits.
    struct Layout {
        let unitMagnitude: Int
        let subBucketHalfCountMagnitude: Int
        let subBucketHalfCount: Int
        let subBucketMask: UInt64
        let leadingZeroCountBase: Int

        init(lowest: UInt64, digits: Int) {
            unitMagnitude = 63 - lowest.leadingZeroBitCount
            var largest = 2
            for _ in 0..<digits { largest *= 10 }
            let subBucketCountMagnitude = Int(Double.log2(Double(largest)).rounded(.up))
            subBucketHalfCountMagnitude = max(1, subBucketCountMagnitude) - 1
            subBucketHalfCount = 1 << subBucketHalfCountMagnitude
            subBucketMask = UInt64((1 << subBucketCountMagnitude) - 1) << unitMagnitude
            leadingZeroCountBase = 64 - unitMagnitude - subBucketCountMagnitude
        }

        func index(of value: UInt64) -> Int {
            let bucket = leadingZeroCountBase - (value | subBucketMask).leadingZeroBitCount
            let subBucket = Int(value >> UInt64(bucket + unitMagnitude))
            return ((bucket + 1) << subBucketHalfCountMagnitude) + (subBucket - subBucketHalfCount)
        }

        func value(at index: Int) -> UInt64 {
            var bucket = (index >> subBucketHalfCountMagnitude) - 1
            var subBucket = (index & (subBucketHalfCount - 1)) + subBucketHalfCount
            if bucket < 0 {
                subBucket -= subBucketHalfCount
                bucket = 0
            }
            return UInt64(subBucket) << UInt64(bucket + unitMagnitude)
        }
    }
}

/// HdrHistogram's ZigZag LEB128: seven bits a byte, the ninth byte (if any) whole.
enum ZigZag {
    static func append(_ value: Int64, to bytes: inout [UInt8]) {
        var rest = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        for _ in 0..<8 {
            if rest >> 7 == 0 {
                bytes.append(UInt8(rest))
                return
            }
            bytes.append(UInt8(rest & 0x7f) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: rest))
    }

    static func read(_ bytes: inout Data.SubSequence) -> Int64? {
        var result: UInt64 = 0
        for position in 0..<9 {
            guard let byte = bytes.popFirst() else { return nil }
            if position == 8 {
                result |= UInt64(byte) << 56
                break
            }
            result |= UInt64(byte & 0x7f) << UInt64(7 * position)
            if byte & 0x80 == 0 { break }
        }
        return Int64(bitPattern: result >> 1) ^ -Int64(bitPattern: result & 1)
    }
}

private struct BigEndianReader {
    private(set) var remaining: Data.SubSequence

    init(_ data: Data) { remaining = data[...] }

    mutating func uint32() -> UInt32? { read(4).map { UInt32(truncatingIfNeeded: $0) } }

    mutating func uint64() -> UInt64? { read(8) }

    private mutating func read(_ count: Int) -> UInt64? {
        guard remaining.count >= count else { return nil }
        let value = remaining.prefix(count).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        remaining = remaining.dropFirst(count)
        return value
    }
}

private extension Data {
    mutating func appendBigEndian<Value: FixedWidthInteger>(_ value: Value) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }
}

extension Histogram where Count == UInt64 {
    /// The value at `percentile` as HdrHistogram's own libraries give it: the highest value
    /// equivalent to the recorded one at that rank. hdrhistogram-swift's `valueAtPercentile`
    /// clamps a rank in the top bucket to the exact maximum recorded, which an exported (and
    /// so a merged) histogram no longer knows: the same figures either way.
    func percentileValue(_ percentile: Double) -> UInt64 {
        guard totalCount > 0 else { return 0 }
        return highestEquivalentForValue(valueAtPercentile(percentile))
    }
}
