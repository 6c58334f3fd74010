import Foundation
import Testing
@testable import Courier

/// `progress()` streams of batches and chains (`SnapshotWatchers`): one opened after a run ended
/// gets the end and finishes, even when a late publish of that run came after its end — the
/// race behind a chain test that hung under load (a step's launch publishing after its quick
/// request had already finished the chain).
@Suite(.timeLimit(.minutes(1))) struct SnapshotWatchersTests {
    @Test func aStreamOpenedAfterTheEndGetsItThoughALatePublishFollowed() async {
        let watchers = SnapshotWatchers<Int>()
        watchers.beginRun()
        watchers.publish(1, final: false)
        watchers.publish(2, final: true)
        watchers.publish(3, final: false)  // late, from the run that ended
        var got: [Int] = []
        for await value in watchers.stream(startingWith: 9) { got.append(value) }
        expectEqual(got, [2])
    }

    @Test func aNewRunsStreamsFollowIt() async {
        let watchers = SnapshotWatchers<Int>()
        watchers.beginRun()
        watchers.publish(1, final: true)
        watchers.beginRun()
        let stream = watchers.stream(startingWith: 10)
        watchers.publish(11, final: false)
        watchers.publish(12, final: true)
        var got: [Int] = []
        for await value in stream { got.append(value) }
        expectEqual(got, [10, 11, 12])
    }
}
