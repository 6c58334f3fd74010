import Foundation
import Testing

extension EndToEndTests {
    /// `courier` in a folder with no workspace: the start screen, never an error; `d` opens the
    /// demo in the same terminal, and the next start lists it as a recent workspace.
    @Suite struct StartScreen {
        @Test func courierAloneInAnEmptyFolderShowsTheStartScreenAndOpensTheDemo() async throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let empty = sandbox.directory + "/empty"
            try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
            var environment = sandbox.environment
            environment["XDG_DATA_HOME"] = sandbox.directory + "/data"
            let command = "cd \(empty) && \(EndToEndTests.binary); echo exit=$?"
            let first = try TmuxSession(command: command, environment: environment)
            let start = try await first.waitFor(all: ["Recent workspaces", "none yet", "d        open the demo"])
            #expect(start.contains("i        start a workspace here"))
            #expect(start.contains("No workspace in "))
            #expect(!start.contains("error"), "\(start)")
            try first.press("d")
            try await first.waitFor(all: ["1 Requests", "get-args"])
            try first.press("q")
            try await Self.ended(first)

            let second = try TmuxSession(command: command, environment: environment)
            let listed = try await second.waitFor("Recent workspaces")
            try await second.waitFor("demo.yaml")
            let screen = try second.screen()
            #expect(screen.contains("> ") && screen.contains("workspaces/demo.yaml") && screen.contains("just now"), "\(listed)\n\(screen)")
            try second.press("q")
            try await Self.ended(second)
        }

        @Test func iWritesAStarterWorkspaceHereAndOpensIt() async throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let empty = sandbox.directory + "/shop"
            try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
            let session = try TmuxSession(command: "cd \(empty) && \(EndToEndTests.binary); echo exit=$?", environment: sandbox.environment)
            try await session.waitFor("Recent workspaces")
            try session.press("i")
            try await session.waitFor("Base URL of your API:")
            try session.press("C-u")
            try session.type("http://127.0.0.1:9")
            try session.press("Enter")
            try await session.waitFor(all: ["1 Requests", "health"])
            let written = try String(contentsOfFile: empty + "/courier.yaml", encoding: .utf8)
            #expect(written.contains("baseUrl: http://127.0.0.1:9"))
            #expect(FileManager.default.fileExists(atPath: empty + "/.gitignore"))
            try session.press("q")
            try await Self.ended(session)
        }

        /// Waits for the shell to end and checks that courier exited 0 (its line may have
        /// scrolled off when the workbench left the alternate screen).
        private static func ended(_ session: TmuxSession) async throws {
            try await session.waitForExit()
            let all = try session.screenWithHistory()
            #expect(all.contains("exit=0"), "\(all)")
        }
    }
}
