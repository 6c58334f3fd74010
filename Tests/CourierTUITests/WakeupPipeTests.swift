import Foundation
import Glibc
import Synchronization
import Testing
@testable import CourierTUI

@Suite struct WakeupPipeTests {
    /// The input loop's contract: after `drain()`, everything posted so far is visible, and
    /// whatever is posted later makes the read end readable again. A producer thread posts a
    /// bounded number of times while this thread polls, drains and looks, as the loop does; if
    /// a wake-up is ever swallowed, `poll` times out with posts still unseen.
    @Test func noWakeIsLostWhileTheLoopDrains() throws {
        let pipe = try WakeupPipe()
        let posted = Atomic<Int>(0)
        let total = 200_000
        let producer = Thread {
            for _ in 0..<total {
                posted.add(1, ordering: .releasing)
                pipe.wake()
            }
        }
        producer.start()
        var seen = 0
        var stalls = 0
        while seen < total {
            var fd = pollfd(fd: pipe.readEnd, events: Int16(POLLIN), revents: 0)
            if poll(&fd, 1, 2_000) == 0 {
                stalls += 1
                break
            }
            pipe.drain()
            seen = posted.load(ordering: .acquiring)
        }
        #expect(stalls == 0, "the pipe went quiet with \(total - seen) posts unseen")
        expectEqual(seen, total)
    }
}
