import Dispatch
import Synchronization
import Testing
@testable import Courier

/// The transport calls its pacer on its own thread and wakes for the time the pacer names, with
/// no transfer running: without the pacing timer the idle loop would sleep a minute in
/// `curl_multi_poll`.
@Suite struct TransportPacerTests {
    /// Asks to be called again 3 ms after each call, `rounds` times, and records when it was.
    private final class RecordingPacer: TransportPacer, @unchecked Sendable {
        private let calls = Mutex<[(now: UInt64, asked: UInt64?)]>([])
        private let rounds: Int
        private let finished: @Sendable ([(now: UInt64, asked: UInt64?)]) -> Void

        init(rounds: Int, finished: @escaping @Sendable ([(now: UInt64, asked: UInt64?)]) -> Void) {
            self.rounds = rounds
            self.finished = finished
        }

        func pace(now: UInt64) -> UInt64? {
            let (asked, done) = calls.withLock { calls -> (UInt64?, [(now: UInt64, asked: UInt64?)]?) in
                let waited = calls.last?.asked.map { now >= $0 } ?? true
                // Passes of the loop between wakes call too: only a call at or after the time asked counts as a round.
                guard waited else { return (calls.last?.asked, nil) }
                let asked: UInt64? = calls.count + 1 < rounds ? now + 3_000_000 : nil
                calls.append((now, asked))
                return (asked, asked == nil ? calls : nil)
            }
            if let done { finished(done) }
            return asked
        }
    }

    @Test func anIdleTransportWakesForItsPacerAtTheTimeAsked() async throws {
        let transport = Transport(completionQueue: DispatchQueue(label: "pacer-test"))
        defer { transport.shutdown() }
        let clock = ContinuousClock()
        let started = clock.now
        let (rounds, finished) = (5, AsyncStream.makeStream(of: [(now: UInt64, asked: UInt64?)].self))
        let pacer = RecordingPacer(rounds: rounds) { finished.continuation.yield($0) }
        transport.setPacer(pacer)
        var iterator = finished.stream.makeAsyncIterator()
        let calls = try #require(await iterator.next())
        // The transport holds its pacer weakly: this test holds it until the last round.
        withExtendedLifetime(pacer) {}
        expectEqual(calls.count, rounds)
        for (earlier, later) in zip(calls, calls.dropFirst()) {
            let asked = try #require(earlier.asked)
            #expect(later.now >= asked, "called before the time it asked for")
        }
        // Four waits of 3 ms each, woken by the timer: far less than the loop's idle minute.
        #expect(started.duration(to: clock.now) < .seconds(30))
    }
}
