import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// The live engine panes against the demo server: In flight, Runs and Events.
@Suite(.serialized) struct AppModelPanesTests {
    @Test func inFlightShowsRequestsWithProgressAndKeepsACancelledOneForAWhile() async throws {
        try await AppHarness.run { app in
            app.select(.request("slow-body"))
            app.press(.enter)
            try await app.settle("slow-body receiving") {
                app.model.tick(now: Date(), force: true)
                return app.model.panes.inFlight.table.live.first?.phase == .receiving && (app.model.panes.inFlight.table.live.first?.received ?? 0) > 0
            }
            app.press(.character("3"))
            var screen = app.screen
            #expect(screen.contains("slow-body"))
            #expect(screen.contains("receiving"))
            #expect(screen.contains("1 receiving"), "the title counts the rows per state")
            app.press(.character("x"))
            try await app.settle("the cancel") { app.model.panes.inFlight.table.recent.first?.outcome == .cancelled }
            screen = app.screen
            #expect(screen.contains("cancelled"))
            #expect(app.model.panes.inFlight.table.live.isEmpty)
            let later = Date().addingTimeInterval(InFlightTable.recentSeconds + 1)
            app.model.tick(now: later, force: true)
            #expect(app.model.panes.inFlight.table.rows.isEmpty, "finished requests leave after a few seconds")
        }
    }

    /// The title's counts come from the rows: a request that finished between two reads of
    /// the record table leaves them at once (it used to say "1 queued" until the next read,
    /// which an idle loop never makes).
    @Test func aFinishedRequestLeavesTheTitlesCountsAtOnce() async throws {
        try await AppHarness.run { app in
            app.select(.request("slow"))
            app.press(.enter)
            let read = Date()
            try await app.settle("slow in the record table") {
                app.model.tick(now: read, force: true)
                return !app.model.panes.inFlight.table.live.isEmpty
            }
            #expect(!app.model.panes.inFlight.table.counts.isEmpty)
            app.press(.character("3"), .character("x"))
            try await app.settle("the cancel") { app.model.panes.inFlight.table.recent.first?.outcome == .cancelled }
            app.model.tick(now: read) // within the refresh interval: the record table is not read again
            var buffer = CellBuffer(size: app.model.size)
            Painter(glyphs: .unicode).paint(app.model.frame(now: read), over: nil, on: &buffer)
            let title = try #require(buffer.text.split(separator: "\n").first { $0.contains("3 In flight") })
            #expect(!["queued", "connecting", "sending", "receiving"].contains { title.contains($0) }, "\(title)")
        }
    }

    /// A finished request leaves In flight after a few seconds, and the loop then sleeps: the
    /// next deadline is not left in the past (which spun the loop at half a core).
    @Test func afterTheLastFinishedRowLeavesTheLoopHasNoDeadlineInThePast() async throws {
        try await AppHarness.run { app in
            app.select(.request("get-args"))
            app.press(.enter)
            try await app.settle("get-args done") { app.model.panes.inFlight.table.recent.count == 1 }
            let later = Date().addingTimeInterval(InFlightTable.recentSeconds + 1)
            app.model.tick(now: later)
            #expect(app.model.panes.inFlight.table.recent.isEmpty)
            let deadline = app.model.nextDeadline(now: later)
            #expect(deadline.map { $0 > later } ?? true, "\(String(describing: deadline)) is not after \(later)")
        }
    }

    @Test func inFlightFiltersAndSorts() async throws {
        try await AppHarness.run { app in
            app.select(.request("slow"))
            app.press(.enter)
            app.select(.request("slow-body"))
            app.press(.enter)
            try await app.settle("both in flight") {
                app.model.tick(now: Date(), force: true)
                return app.model.panes.inFlight.table.live.count == 2
            }
            app.press(.character("3"), .character("f"))
            app.type("body")
            expectEqual(app.model.panes.inFlight.table.rows.map(\.name), ["slow-body"])
            app.press(.escape)
            expectEqual(app.model.panes.inFlight.table.rows.count, 2)
            app.press(.character("o"))
            expectEqual(app.model.panes.inFlight.table.sort, .name)
            expectEqual(app.model.panes.inFlight.table.rows.map(\.name), ["slow", "slow-body"])
            app.press(.character("X"), .character("y"))
            try await app.settle("everything cancelled") { app.model.session.exchanges.values.allSatisfy { !$0.isInFlight } }
        }
    }

    @Test func theInFlightSelectionStaysAtTheTopUnlessMovedAndThenFollowsItsRow() async throws {
        try await AppHarness.run { app in
            app.select(.request("get-args"))
            app.press(.enter)
            try await app.settle("get-args done") { app.model.panes.inFlight.table.recent.count == 1 }
            app.select(.batch("basics"))
            app.press(.enter)
            try await app.settle("basics done") { app.model.session.runs.runs.first?.finishedAt != nil }
            app.model.tick(now: Date(), force: true)
            expectEqual(app.model.panes.inFlight.table.rows.count, 9)
            #expect(app.model.panes.inFlight.table.selection == 0, "at the top, the selection stays there as rows come")
            app.press(.character("3"), .character("G"))
            let followed = app.model.panes.inFlight.table.rows[app.model.panes.inFlight.table.selection].id
            app.select(.request("created"))
            app.press(.enter)
            try await app.settle("created done") { app.model.panes.inFlight.table.recent.count == 10 }
            #expect(app.model.panes.inFlight.table.rows[app.model.panes.inFlight.table.selection].id == followed, "moved, it follows its row")
        }
    }

    @Test func theRunsPaneDrivesAChainStepByStepAndSaysWhyAKeyDoesNotApply() async throws {
        try await AppHarness.run { app in
            app.select(.chain("checkout"))
            app.press(.character("S"))
            try await app.settle("paused before step 1") { app.model.session.runs.runs.first?.pausedStep?.index == 0 }
            app.press(.character("5"), .character("z"))
            #expect(app.screen.contains("paused before step 1"))
            #expect(app.screen.contains("next: POST"), "the pane says what the next step will send")
            app.press(.character("r"))
            #expect(app.model.statusLine(now: Date()).text.contains("nothing to retry"))
            app.press(.character(" "))
            try await app.settle("paused before step 2") { app.model.session.runs.runs.first?.pausedStep?.index == 1 }
            #expect(app.screen.contains("token=‹redacted›"), "a secret capture is masked")
            app.press(.character("s"))
            try await app.settle("paused before step 3") { app.model.session.runs.runs.first?.pausedStep?.index == 2 }
            let screen = app.screen
            #expect(screen.contains("┬"))
            #expect(screen.contains("└"))
            #expect(screen.contains("orderId=101"))
            #expect(screen.contains("when orderId exists"))
            app.press(.character(">"))
            // Step 4's condition is false: it is skipped without a pause, and the chain ends.
            try await app.settle("the end") { app.model.session.runs.runs.first?.isRunning == false }
            let states = app.model.session.runs.runs.first?.chainSnapshot?.steps.map(\.state)
            expectEqual(states, [.succeeded, .succeeded, .skipped, .skipped])
            #expect(app.screen.contains("when tier == \"platinum\" → false"))
            app.press(.character(" "))
            #expect(app.model.statusLine(now: Date()).text.contains("has ended"))
        }
    }

    @Test func continueRunsTheRestWithoutPausing() async throws {
        try await AppHarness.run { app in
            app.select(.chain("checkout"))
            app.press(.character("S"))
            try await app.settle("paused before step 1") { app.model.session.runs.runs.first?.pausedStep?.index == 0 }
            app.press(.character("5"), .character("c"))
            try await app.settle("the end") { app.model.session.runs.runs.first?.isRunning == false }
            let states = app.model.session.runs.runs.first?.chainSnapshot?.steps.map(\.state)
            expectEqual(states, [.succeeded, .succeeded, .succeeded, .skipped])
        }
    }

    @Test func aRunningChainIsStoppedFromTheRunsPane() async throws {
        try await AppHarness.run { app in
            app.select(.chain("checkout"))
            app.press(.character("S"))
            try await app.settle("paused") { app.model.session.runs.runs.first?.pausedStep != nil }
            app.press(.character("5"), .character("x"))
            try await app.settle("stopped") { app.model.session.runs.runs.first?.isRunning == false }
            expectEqual(app.model.session.runs.runs.first?.chainSnapshot?.steps.first?.state, .cancelled)
            app.press(.character("x"))
            #expect(app.model.statusLine(now: Date()).text.contains("is not running"))
        }
    }

    @Test func batchesShowTheirRequestsAndStepKeysSayTheyAreForChains() async throws {
        try await AppHarness.run { app in
            app.select(.batch("basics"))
            app.press(.enter)
            try await app.settle("basics done") { app.model.session.runs.runs.first?.finishedAt != nil }
            app.press(.character("5"), .character("z"))
            let screen = app.screen
            #expect(screen.contains("basics"))
            #expect(screen.contains("batch 8/8"))
            #expect(screen.contains("continues on failure"))
            app.press(.character(" "))
            #expect(app.model.statusLine(now: Date()).text.contains("step keys drive chains"))
            app.press(.character("z"), .down, .enter)
            expectEqual(app.model.focus, .exchange)
            expectEqual(app.model.tree.selectedNode, .request("get-args"))
        }
    }

    @Test func aBatchShowsLikeRequestsAsOneRowWithTheirCounts() async throws {
        try await AppHarness.run { app in
            app.select(.batch("load"))
            app.press(.enter)
            try await app.settle("the 60 tiny requests") {
                guard case .batch(let batch, _)? = app.model.session.runs.runs.first?.kind else { return false }
                return batch.snapshot.states.prefix(60).allSatisfy { $0 == .succeeded }
            }
            app.press(.character("5"), .character("z"))
            let rows = app.screen.split(separator: "\n")
            #expect(rows.contains { $0.contains("load-tiny ×60") && $0.contains("60 ✓ 200") })
            #expect(rows.contains { $0.contains("load-slow-drip ×16") && $0.contains("16 queued") })
            #expect(rows.count { $0.contains("load-") } < 30, "292 requests in a couple of dozen rows")
            #expect(app.model.statusLine(now: Date()).text.contains("x stop"))
            #expect(!app.model.statusLine(now: Date()).text.contains("continue"), "no step keys for a batch")
            app.press(.character("x"))
            try await app.settle("stopped") { app.model.session.runs.runs.first?.isRunning == false }
            #expect(app.screen.contains("16 stopped"))
        }
    }

    @Test func theEventsPaneLogsRunsFiltersAndPauses() async throws {
        try await AppHarness.run { app in
            app.select(.request("refused"))
            app.press(.enter)
            app.select(.request("xml"))
            app.press(.enter)
            try await app.settle("both done") { ["refused", "xml"].allSatisfy { app.model.session.exchanges[$0]?.stoppedAt != nil } }
            let kinds = app.model.panes.events.log.entries.map { "\($0.subject) \($0.kind.rawValue)" }
            #expect(kinds.contains("refused failed"))
            #expect(kinds.contains("xml finished"))
            #expect(kinds.contains("xml started"))
            app.press(.character("6"), .character("f"))
            app.type("failed")
            expectEqual(app.model.panes.events.log.list.shown.map(\.subject), ["refused"])
            #expect(app.buffer.cells.contains { $0.style == .failure })
            app.press(.enter, .character("p"))
            app.select(.request("created"))
            app.press(.enter)
            try await app.settle("created done") { app.model.session.exchanges["created"]?.stoppedAt != nil }
            #expect(!app.model.panes.events.log.entries.contains { $0.subject == "created" }, "a paused log holds new events back")
            app.press(.character("6"), .character("p"))
            #expect(app.model.panes.events.log.entries.contains { $0.subject == "created" })
        }
    }

    @Test func aFailureToastLeadsToItsEvent() async throws {
        // In the one-pane layout the response is not on screen while Events is: a toast says so.
        try await AppHarness.run(size: Size(columns: 80, rows: 24)) { app in
            app.select(.request("refused"))
            app.press(.character("6"))
            app.model.perform(.send)
            try await app.settle("refused") { app.model.session.exchanges["refused"]?.stoppedAt != nil }
            #expect(app.model.statusLine(now: Date()).text.contains("! shows it in Events"))
            app.press(.character("1"), .character("!"))
            expectEqual(app.model.focus, .events)
            let selected = app.model.panes.events.log.list.selected!
            #expect(selected.subject == "refused" && selected.kind == .failed)
        }
    }
}

/// What a long session keeps: one layout per request, and a bounded number of old exchanges.
@Suite struct AppModelRetentionTests {
    @Test func onlyTheLatestExchangeKeepsALayoutAndOldOnesAreLetGo() async throws {
        try await AppHarness.run { app in
            app.model.session.keptFinishedExchanges = 2
            app.select(.request("get-args"))
            var sent: [Exchange] = []
            for round in 1...5 {
                app.press(.enter)
                let exchange = try #require(app.model.session.exchanges["get-args"])
                try await app.settle("send \(round)") { exchange.stoppedAt != nil }
                #expect(exchange.body != nil, "the latest is laid out")
                sent.append(exchange)
            }
            #expect(sent.dropLast().allSatisfy { $0.body == nil && $0.viewer == nil }, "a replaced exchange gives up its layout")
            #expect(app.model.session.exchangesByRequest.count == 3, "the latest and the two newest before it")
            #expect(app.model.session.exchangesByRequest[ObjectIdentifier(sent[0].request)] == nil)
            #expect(app.model.session.exchangesByRequest[ObjectIdentifier(sent[2].request)] === sent[2])

            app.model.showResponse(of: "get-args", exchange: sent[2])
            #expect(app.model.session.exchanges["get-args"] === sent[2])
            #expect(sent[2].body != nil, "an older exchange opened again is laid out again")
            #expect(sent[4].body == nil)
            #expect(app.screen.contains("200 OK"))
        }
    }

    @Test func finishedRunsAreLetGoOnceTheirResponsesPassTheBudget() async throws {
        try await AppHarness.run { app in
            app.model.session.runs.keptResponseBytes = 1
            for round in 1...3 {
                app.select(.batch("routing"))
                app.press(.enter)
                try await app.settle("run \(round)") { app.model.session.runs.runs.first?.finishedAt != nil }
            }
            let runs = app.model.session.runs.runs
            #expect(runs.count == 1, "only the newest run stays when the older ones hold more than the budget")
            expectEqual(runs.first?.id, 3)
            #expect((runs.first?.responseBytes ?? 0) > 0)
            app.model.session.runs.keptResponseBytes = 256 << 20
            app.press(.enter)
            try await app.settle("run 4") { app.model.session.runs.runs.first?.finishedAt != nil }
            #expect(app.model.session.runs.runs.map(\.id) == [4, 3], "within the budget, runs stay")
        }
    }
}
