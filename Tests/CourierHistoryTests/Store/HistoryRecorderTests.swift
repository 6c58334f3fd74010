import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierRunner
import Foundation
import Testing

/// The recorder a run writes its exchanges through.
@Suite struct HistoryRecorderTests {
    /// When `finish()` returns, the run's exchanges are in the database file itself and SQLite's
    /// write-ahead log and index are gone: another reader (a test, `courier history`, a backup)
    /// never meets them half-closed, as a test listing the state directory once did when the
    /// recorder's connection closed whenever the recorder happened to be freed.
    @Test func finishLeavesTheDatabaseClosedAndCheckpointed() async throws {
        let state = temporaryDirectory("courier-recorder")
        defer { try? FileManager.default.removeItem(atPath: state) }
        let workspace = try parseWorkspace("requests: {a: {url: \"http://127.0.0.1:9/a\"}}")
        let recorder = HistoryRecorder(context: HistoryRecorder.Context(workspace: workspace, environment: nil),
                                       open: { try HistoryStore(stateDirectory: state) })
        var exchange = HistoryExchange(runID: "run", date: Date(), workspace: "test", workspacePath: "/w/test.yaml",
                                       request: "a", method: "GET", url: "http://127.0.0.1:9/a")
        exchange.status = 200
        recorder.record(exchange)
        await recorder.finish()
        expectEqual(recorder.recordedCount, 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.hasPrefix("history") }
        #expect(files == ["history.sqlite"], "\(files)")
        withExtendedLifetime(recorder) {}
        expectEqual(try HistoryStore(stateDirectory: state).exchangesWithBodies().map(\.request), ["a"])
    }
}
