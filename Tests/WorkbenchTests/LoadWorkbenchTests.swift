import Courier
import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

/// `L` and the Load view through the app model — keys in, screen out — with real load runs
/// against the in-process demo server: the settings prompt, the live figures read once a
/// second, `x` keeping a partial result, the history's past runs shown and compared.
@Suite struct LoadWorkbenchTests {
    /// The demo workspace with two quick requests and a batch of both.
    private func withTargets(size: Size = Size(columns: 120, rows: 40), _ body: (AppHarness) async throws -> Void) async throws {
        try await AppHarness.run(size: size, editing: { text in
            text.replacingOccurrences(of: "\nrequests:\n", with: """

                requests:
                  load-target:
                    url: /get?load=1
                  load-other:
                    url: /json

                """).replacingOccurrences(of: "\nbatches:\n", with: """

                batches:
                  load-pair:
                    requests: [load-target, load-other]

                """)
        }, body)
    }

    /// `L` on `node`, the settings typed over the default, Enter.
    private func start(_ app: AppHarness, _ node: RequestTree.Node, settings: String) {
        app.select(node)
        app.press(.character("L"))
        app.press(.control("u"))
        app.type(settings)
        app.press(.enter)
    }

    private func finished(_ app: AppHarness) async throws -> LoadResult {
        try await app.settle("the load run to end", seconds: 30) { app.model.panes.load.active?.final != nil }
        return try #require(app.model.panes.load.active?.final)
    }

    /// The latency table's request row: its six numbers or more.
    private func latencyRow(_ screen: String) -> [Double]? {
        let line = screen.split(separator: "\n").first { $0.contains("│ request ") }
        return line.map { $0.split(separator: " ").compactMap { Double($0) } }
    }

    @Test func lAsksForTheSettingsAndTheViewShowsTheRunsFigures() async throws {
        try await withTargets { app in
            app.select(.request("load-target"))
            app.press(.character("L"))
            let asked = app.screen
            #expect(asked.contains("Load run of request load-target"), "\(asked)")
            #expect(asked.contains("c=16 d=10s"), "the default line")
            app.press(.control("u"))
            app.type("c=2 n=50")
            app.press(.enter)
            #expect(app.model.focus == .load, "the view is shown when the run starts")
            let result = try await finished(app)
            #expect(result.requests == 50 && !result.stopped)
            #expect(result.statuses == ["200": 50], "errors: \(result.errors)")
            let screen = app.screen
            #expect(screen.contains("8 Load · load-target · done"), "\(screen)")
            #expect(screen.contains("done  load-target · request · c=2 n=50"))
            #expect(screen.contains("50 requests"))
            #expect(screen.contains("latency ms") && screen.contains("p50") && screen.contains("p99.9") && screen.contains("max"))
            let row = try #require(latencyRow(screen), "the request's latency row: \(screen)")
            #expect(row.count >= 6 && row.allSatisfy { $0 > 0 }, "p50 … max in milliseconds: \(row)")
            #expect(screen.contains("latency histogram") && screen.contains("█"))
            #expect(screen.split(separator: "\n").contains { $0.contains(" 200 ") && $0.replacingOccurrences(of: "│", with: " ").contains(" 50 ") },
                    "the status count: \(screen)")
            #expect(screen.contains("load run of load-target done: 50 requests"), "the end is told")
            try await app.settle("the run saved and listed") { app.model.panes.load.past.count == 1 }
            let listed = app.screen
            #expect(listed.contains("past load runs of load-target"))
            #expect(listed.contains("#1") && listed.contains("c=2 n=50"), "\(listed)")
            #expect(app.model.panes.load.shown?.id == app.model.panes.load.past.first?.id, "the run shown is the one saved")
        }
    }

    @Test func aWorkbenchOpenedLaterListsThePastRunsOfTheRequestSelectedAtItsStart() async throws {
        try await withTargets { app in
            // The request selected when a workbench opens, before any move of the cursor.
            let first = try #require(app.model.tree.selectedNode?.requestName)
            start(app, .request(first), settings: "c=2 n=20")
            _ = try await finished(app)
            try await app.settle("the run saved") { app.model.panes.load.past.count == 1 }
            let later = try app.reopened(overrides: [:])
            expectEqual(later.tree.selectedNode?.requestName, first)
            try await app.settle("the past run listed without a move", in: later) { later.panes.load.past.count == 1 }
            expectEqual(later.panes.load.pastTarget, first)
        }
    }

    @Test func theViewUpdatesOnceASecondAndXStopsTheRunKeepingWhatCompleted() async throws {
        try await withTargets { app in
            // A modest open-model rate, not as fast as the in-process server answers: a run at
            // full speed takes both cores from every test beside it, this one's own settle loop
            // included, and then nothing stops it before its thirty seconds.
            start(app, .request("load-target"), settings: "r=50 d=30s")
            let load = app.model.panes.load
            try await app.settle("a second's figures") {
                app.model.tick()
                return (load.shown?.requests ?? 0) > 0
            }
            let first = try #require(load.shown?.requests)
            let live = app.screen
            #expect(live.contains("8 Load · load-target · running"), "\(live)")
            #expect(live.contains(" s of 30 s") && live.contains("in flight"))
            let samples = load.samples
            for _ in 0..<20 { _ = app.screen }
            #expect(load.samples <= samples + 1, "drawing does not read the run: \(load.samples - samples) reads in 20 frames")
            try await app.settle("the figures to move on") {
                app.model.tick()
                return (load.shown?.requests ?? 0) > first
            }
            #expect(app.model.nextDeadline(now: Date()) != nil, "the loop wakes for the next second")
            // The figures are worked out off the input loop: a due tick asks for them and
            // leaves the shown ones as they are until they come back through the mailbox.
            let run = try #require(load.active?.run)
            try await app.settle("no read pending, and the run past the figures shown") {
                !load.reading && run.snapshot(headline: true).requests > (load.shown?.requests ?? 0)
            }
            let shownBefore = try #require(load.shown?.requests)
            _ = load.tick(PaneTick(isBusy: true, force: false, agents: { [] }, requestName: { _ in "" }),
                          context: app.model.context(for: .load, now: Date().addingTimeInterval(5)))
            #expect(load.shown?.requests == shownBefore, "the tick itself does not read the run")
            try await app.settle("the figures read off the loop") {
                app.model.tick()
                return (load.shown?.requests ?? 0) > shownBefore
            }
            app.press(.character("x"))
            let result = try await finished(app)
            #expect(result.stopped && result.requests > first)
            #expect(result.seconds < 30)
            let stopped = app.screen
            #expect(stopped.contains("8 Load · load-target · stopped"), "\(stopped)")
            #expect(stopped.contains("stopped  load-target"))
            #expect(stopped.contains("\(result.requests.groupedDigits) requests"), "the partial result stays on screen")
            #expect(app.model.panes.load.nextWake == nil, "nothing to read once it ended")
        }
    }

    @Test func aRunIsLoggedInEventsAndCountedInInFlightAndTheStatusLineWhileItRuns() async throws {
        try await withTargets { app in
            start(app, .request("load-target"), settings: "r=50 d=30s")
            try await app.settle("the start logged") {
                app.model.panes.events.log.entries.contains { $0.subjectKind == "load" && $0.kind == .started }
            }
            let started = try #require(app.model.panes.events.log.entries.last)
            #expect(started.subject == "load-target" && started.note == "request · r=50 d=30s", "\(started)")
            let status = app.model.statusLine(now: Date()).text
            #expect(status.contains("load run of load-target:") && status.contains("in flight"), "\(status)")
            #expect(app.model.isBusy, "the spinner turns while it runs")
            let screen = app.screen
            #expect(screen.contains("3 In flight · load load-target:"), "its requests are counted in the title: \(screen)")

            app.press(.character("x"))
            let result = try await finished(app)
            let ended = try #require(app.model.panes.events.log.entries.last)
            #expect(ended.subjectKind == "load" && ended.kind == .cancelled, "a stopped run: \(ended)")
            #expect(ended.note?.hasPrefix("\(result.requests.groupedDigits) requests · ") == true && ended.note?.contains("p99") == true)
            #expect(!app.model.isBusy)
            #expect(!app.screen.contains("In flight · load"), "not once it ended")
            // Enter on the entry goes to the Load view, not to a response.
            app.press(.character("6"), .enter)
            expectEqual(app.model.focus, .load)
        }
    }

    @Test func aFindMaxRunIsLoggedInEventsByItsSLO() async throws {
        try await withTargets { app in
            start(app, .request("load-target"), settings: "r=50 step=2s slo=p99<20ms")
            try await app.settle("the start logged") {
                app.model.panes.events.log.entries.contains { $0.subjectKind == "load" && $0.kind == .started }
            }
            let started = try #require(app.model.panes.events.log.entries.last)
            #expect(started.note == "request · slo=p99<20ms", "not the rate the search begins at: \(started)")
            app.press(.character("x"))
            _ = try await finished(app)
        }
    }

    @Test func aLineThatCannotRunIsRefusedInThePromptAndKept() async throws {
        try await withTargets { app in
            start(app, .request("load-target"), settings: "c=2 r=5")
            let screen = app.screen
            #expect(screen.contains("exclude each other"), "\(screen)")
            #expect(screen.contains("c=2 r=5"), "the line is kept to correct")
            #expect(app.model.panes.load.active == nil)
            app.press(.escape)
            #expect(!app.screen.contains("exclude each other"))
        }
    }

    @Test func aBatchShowsItsItemsAndPastRunsCompare() async throws {
        try await withTargets { app in
            start(app, .batch("load-pair"), settings: "c=2 n=20")
            var result = try await finished(app)
            #expect(result.kind == "batch" && result.steps.map(\.name) == ["load-target", "load-other"])
            #expect(app.screen.contains(" item ") && app.screen.contains(" load-other "), "\(app.screen)")
            try await app.settle("the first run listed") { app.model.panes.load.past.count == 1 }
            start(app, .batch("load-pair"), settings: "c=1 n=20")
            result = try await finished(app)
            try await app.settle("both runs listed") { app.model.panes.load.past.count == 2 }
            app.press(.character("8"), .character("j"), .character("c"))
            try await app.settle("the comparison") { app.model.panes.load.baseline != nil }
            let compared = app.screen
            #expect(compared.split(separator: "\n").contains { $0.contains("compared with") && $0.contains("#1 c=2 n=20") && $0.contains("#2 c=1 n=20") },
                    "\(compared)")
            #expect(compared.split(separator: "\n").contains { $0.contains(" throughput ") && $0.contains("req/s") && $0.contains("%") })
            app.press(.escape)
            #expect(app.model.panes.load.baseline == nil, "Esc leaves the comparison")
            app.press(.enter)
            try await app.settle("the past run shown") { app.model.panes.load.showsLive == false }
            #expect(app.screen.contains("8 Load · load-pair · past run #1"))
            #expect(app.screen.contains("c=2 n=20"))
        }
    }

    @Test func at80x24TheViewIsATabAndKeepsItsFiguresAligned() async throws {
        try await withTargets(size: Size(columns: 80, rows: 24)) { app in
            start(app, .request("load-target"), settings: "c=2 n=50")
            _ = try await finished(app)
            let screen = app.screen
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines[0].contains("8 Load"), "the tab bar fits eight panes: \(lines[0])")
            #expect(screen.contains("8 Load · load-target · done"))
            #expect(lines.contains { $0.contains("p50") && $0.contains("p99.9") && $0.contains("max") }, "\(screen)")
            #expect((latencyRow(screen)?.count ?? 0) >= 6)
            #expect(screen.contains("latency histogram"))
        }
    }

    @Test func lAnywhereIsTheKeyTablesAndClashesWithNoOtherBinding() {
        let table = KeyMap.standard
        let l = table.filter { $0.keys.contains(.character("L")) }
        #expect(l.map(\.action) == [.loadTest] && l.first?.scope == .global)
        #expect(KeyMap.action(for: .character("x"), in: .load) == .stopLoad, "x in Load stops the load run, not a request")
        #expect(PaneID.allCases.last == .mock && PaneID.load.rawValue == 8 && PaneID.mock.rawValue == 9)
    }
}
