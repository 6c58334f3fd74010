import Foundation
import Testing

/// The live engine panes of the real binary in tmux: In flight, Cache, Runs and Events.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed (make test installs it)"))
struct LivePanesEndToEndTests {
    private func withWorkbench(_ body: (TmuxSession) async throws -> Void) async throws {
        let sandbox = try WorkbenchEndToEndTests.Sandbox()
        defer { sandbox.remove() }
        let session = try TmuxSession(command: "\(WorkbenchEndToEndTests.binary) tui \(sandbox.workspace)",
                                      environment: sandbox.environment)
        try await session.waitFor("1 Requests")
        try await body(session)
    }

    @Test func aRequestInFlightShowsWithProgressAndLeavesAsCancelled() async throws {
        try await withWorkbench { session in
            try session.select("slow-body")
            try session.press("Enter", "3", "z")
            let receiving = try await session.waitFor("receiving")
            #expect(receiving.contains("slow-body"))
            #expect(receiving.contains("/drip"), "the zoomed table shows the URL")
            try session.press("x")
            try await session.waitFor("cancelled")
        }
    }

    @Test func aCachedResponseAppearsInTheCachePaneAndIsDeletedWithD() async throws {
        try await withWorkbench { session in
            try session.select("cities")
            try session.press("R")
            try await session.waitFor("200 OK")
            try session.press("4", "z")
            let cache = try await session.waitFor("v2")
            #expect(cache.contains("fresh"))
            #expect(cache.contains("cities"))
            try session.press("d")
            try await session.waitFor("No entries in")
        }
    }

    @Test func aChainInStepModeAdvancesWithSpaceUntilItEnds() async throws {
        try await withWorkbench { session in
            try session.select("checkout")
            try session.press("S", "5", "z")
            try await session.waitFor("paused before step 1")
            try session.press("Space")
            try await session.waitFor("paused before step 2")
            try session.press("Space")
            try await session.waitFor("paused before step 3")
            let third = try session.screen()
            #expect(third.contains("orderId=101"))
            try session.press("Space")
            let ended = try await session.waitUntil("the chain's end") { $0.contains("chain 4/4") }
            #expect(ended.contains("when tier == \"platinum\" → false"))
            #expect(!ended.contains("paused before"))
            try session.press("6")
            let events = try await session.waitFor("checkout")
            #expect(events.contains("finished"))
        }
    }

    @Test func aRunningChainStopsWithX() async throws {
        try await withWorkbench { session in
            try session.select("checkout")
            try session.press("S", "5")
            try await session.waitFor("paused before step 1")
            try session.press("x")
            try await session.waitFor("stopped checkout")
            try session.press("z")
            try await session.waitFor("stopped")
        }
    }
}
