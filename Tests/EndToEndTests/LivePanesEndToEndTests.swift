import Foundation
import Testing

extension EndToEndTests {
    /// The live engine panes of the real binary in tmux: In flight, Cache, Runs and Events.
    @Suite struct LivePanes {
        private func withWorkbench(environment extra: [String: String] = [:],
                                   _ body: (TmuxSession) async throws -> Void) async throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let session = try TmuxSession(command: "\(EndToEndTests.binary) tui \(sandbox.workspace)",
                                          environment: sandbox.environment.merging(extra) { $1 })
            try await session.waitFor("1 Requests")
            try await body(session)
        }

        @Test func aRequestInFlightShowsWithProgressAndLeavesAsCancelled() async throws {
            try await withWorkbench { session in
                try session.select("slow-body")
                try session.press("Enter", "3", "z")
                try await session.waitFor(all: ["receiving", "slow-body", "/drip"])
                try session.press("x")
                try await session.waitFor("cancelled")
            }
        }

        @Test func aLargeBatchQueuesInFlightAndIsCancelledAllAtOnce() async throws {
            try await withWorkbench { session in
                try session.select("load")
                try session.press("Enter", "3")
                let busy = try await session.waitFor(all: ["queued", "load-", "receiving"])
                #expect(busy.contains("3 In flight · "), "the title counts the states")
                try session.press("X")
                try await session.waitFor("in flight?")
                try session.press("y")
                try session.press("5", "z")
                try await session.waitUntil("the batch stopped in Runs") { screen in
                    screen.contains("10 stopped") && screen.contains("\u{2298} load") && !screen.contains(" queued")
                }
            }
        }

        @Test func aTakenDemoPortIsSaidWhenTheWorkbenchOpens() async throws {
            let occupant = try LoopbackListener()
            defer { occupant.close() }
            try await withWorkbench(environment: ["COURIER_DEMO_PORT": "\(occupant.port)"]) { session in
                try await session.waitFor("not \(occupant.port)")
            }
        }

        @Test func aCachedResponseAppearsInTheCachePaneAndIsDeletedWithD() async throws {
            try await withWorkbench { session in
                try session.select("cities")
                try session.press("R")
                try await session.waitFor("200 OK")
                try session.press("4", "z")
                try await session.waitFor(all: ["v2", "fresh", "cities"])
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
                try await session.waitFor(all: ["paused before step 3", "orderId=101"])
                try session.press("Space")
                let ended = try await session.waitFor(all: ["chain 4/4", "when tier == \"platinum\" → false"])
                #expect(!ended.contains("paused before"))
                try session.press("6")
                try await session.waitUntil("the chain's end in Events") { screen in
                    screen.split(separator: "\n").contains { $0.contains("finished") && $0.contains("checkout") }
                }
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
}
