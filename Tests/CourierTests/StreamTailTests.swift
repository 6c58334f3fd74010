@testable import Courier
import Foundation
import Testing

/// The newest bytes of a stream kept in a ring: whatever the chunk sizes, what it holds is
/// exactly the last `limit` bytes of everything appended.
@Suite struct StreamTailTests {
    private func appended(_ chunks: [[UInt8]], limit: Int) -> (kept: [UInt8], all: [UInt8]) {
        var tail = StreamTail(limit: limit)
        var all: [UInt8] = []
        for chunk in chunks {
            chunk.withUnsafeBytes { tail.append($0) }
            all += chunk
            expectEqual(tail.count, min(all.count, limit))
        }
        return ([UInt8](tail.data), all)
    }

    @Test func keepsEverythingUntilTheLimit() {
        let (kept, all) = appended([[1, 2, 3], [4], [], [5, 6]], limit: 10)
        expectEqual(kept, all)
    }

    @Test func keepsTheNewestBytesAcrossWrapsOfEverySize() {
        var generator = SystemRandomNumberGenerator()
        for limit in [1, 7, 64] {
            var chunks: [[UInt8]] = []
            var next: UInt8 = 0
            for _ in 0..<200 {
                let size = Int.random(in: 0...(limit * 2), using: &generator)
                chunks.append((0..<size).map { _ in
                    next &+= 1
                    return next
                })
            }
            let (kept, all) = appended(chunks, limit: limit)
            #expect(kept == Array(all.suffix(limit)), "limit \(limit)")
        }
    }

    @Test func aChunkPastTheLimitLeavesOnlyItsEnd() {
        let (kept, _) = appended([[1, 2, 3], Array(10..<30)], limit: 4)
        expectEqual(kept, [26, 27, 28, 29])
        // The growing ring filled mid-chunk: the rest wraps over the oldest bytes.
        let (wrapped, all) = appended([[1, 2, 3], [4, 5, 6, 7]], limit: 5)
        expectEqual(wrapped, Array(all.suffix(5)))
    }
}
