import Foundation
import Testing

extension EndToEndTests {
    /// A terminal that cannot move the cursor gets a clear refusal, not a garbled line.
    @Suite struct DumbTerminal {
        @Test func theWorkbenchRefusesATerminalThatCannotMoveTheCursor() async throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let session = try TmuxSession(command: "env TERM=dumb \(EndToEndTests.binary) tui \(sandbox.workspace); echo exit=$?",
                                          environment: sandbox.environment)
            _ = try await session.waitFor("exit=")
            let screen = try session.screenWithHistory()
            #expect(screen.contains("cannot move the cursor"), "\(screen)")
            #expect(screen.contains("TERM=dumb"))
            #expect(screen.contains("exit=2"), "\(screen)")
            #expect(!screen.contains("Requests"), "nothing of the workbench was drawn")
        }
    }
}
