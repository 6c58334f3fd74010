@testable import CourierLoadRuns
import Foundation
import Histogram
import Testing

@Suite("HdrHistogram's compressed V2 interchange")
struct HDRInterchangeTests {
    private static func histogram() -> Histogram<UInt64> {
        Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: .three)
    }

    @Test("a histogram Python's hdrhistogram encoded reads back with its counts and percentiles")
    func readsPythonsEncoding() throws {
        // HdrHistogram(1, 3600000000, 3) with 1×1, 10×150, 3×2047, 2×2048, 5×123456,
        // 1×3599999999, encoded by hdrh 0.10 (`h.encode()`): 22 values, p50 150, p90 123519,
        // max 3600809983 (the highest equivalent of its bucket).
        let text = "HISTFAAAAC94nJNpmSzMwMAgwAABzFCaEURcm7yEwf4DVIBpOZPIeVk2lv44rstvGJkAvXQJBg=="
        let decoded = try HDRInterchange.decode(text)
        #expect(decoded.totalCount == 22)
        #expect(decoded.valueAtPercentile(50) == 150)
        #expect(decoded.valueAtPercentile(90) == 123_519)
        #expect(decoded.max == 3_600_809_983)
        #expect(decoded.min == 1)
        #expect(decoded.countForValue(2047) == 3 && decoded.countForValue(2048) == 2)
    }

    @Test("what it encodes decodes to the same counts, run after run of zeros and large counts included")
    func roundTrip() throws {
        var original = Self.histogram()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            _ = original.record(UInt64.random(in: 1...2_000_000, using: &generator))
        }
        _ = original.record(7, count: 1 << 40)
        _ = original.record(3_599_999_999)
        let decoded = try HDRInterchange.decode(HDRInterchange.encode(original))
        #expect(decoded.totalCount == original.totalCount)
        for value in original.recordedValues() {
            #expect(decoded.countForValue(value.value) == value.count, "at \(value.value)")
        }
        for percentile in [50.0, 90, 99, 99.9] {
            #expect(decoded.valueAtPercentile(percentile) == original.valueAtPercentile(percentile))
        }
        // The exact maximum is not in the encoding: its bucket's top is.
        #expect(decoded.valueAtPercentile(100) == original.max && original.valuesAreEquivalent(decoded.max, 3_599_999_999))
    }

    @Test("an empty histogram encodes and decodes to an empty one")
    func empty() throws {
        let decoded = try HDRInterchange.decode(HDRInterchange.encode(Self.histogram()))
        #expect(decoded.totalCount == 0)
        #expect(decoded.highestTrackableValue >= 3_600_000_000)
    }

    @Test("ZigZag words of every size read back, the nine-byte ones too", arguments: [
        Int64(0), 1, -1, 63, -64, 64, 8191, -8192, 1 << 40, -(1 << 40), Int64.max, Int64.min,
    ])
    func zigZag(value: Int64) {
        var bytes: [UInt8] = []
        ZigZag.append(value, to: &bytes)
        #expect(bytes.count <= 9)
        var data = Data(bytes)[...]
        #expect(ZigZag.read(&data) == value)
        #expect(data.isEmpty)
    }

    @Test("what is not an encoding is refused with a reason", arguments: [
        ("not base64 at all!", "base64"),
        (Data([1, 2, 3, 4, 0, 0, 0, 0]).base64EncodedString(), "cookie"),
        (Data([0x1c, 0x84, 0x93, 0x14, 0, 0, 0, 9, 1, 2, 3]).base64EncodedString(), "cut short"),
        (Data([0x1c, 0x84, 0x93, 0x14, 0, 0, 0, 3, 1, 2, 3]).base64EncodedString(), "zlib"),
    ])
    func refusesGarbage(text: String, reason: String) {
        #expect {
            _ = try HDRInterchange.decode(text)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }
}
