import Foundation
import Testing

extension EndToEndTests {
    /// The user config read by the real binary from `$XDG_CONFIG_HOME/courier/config.yaml`: its
    /// keys and theme change what the workbench does and shows; a broken one is reported and
    /// the defaults apply.
    @Suite struct Config {
        /// Opens the workbench in tmux on a fresh sandbox whose config file says `config`.
        private func withWorkbench(config: String, _ body: (TmuxSession) async throws -> Void) async throws {
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: sandbox.config).deletingLastPathComponent().path,
                                                    withIntermediateDirectories: true)
            try config.write(toFile: sandbox.config, atomically: true, encoding: .utf8)
            let session = try TmuxSession(command: "\(EndToEndTests.binary) tui \(sandbox.workspace)", environment: sandbox.environment)
            try await session.waitFor("1 Requests")
            try await body(session)
        }

        @Test func aReboundSendKeyAndTheLightThemeChangeWhatTheWorkbenchDoesAndShows() async throws {
            try await withWorkbench(config: "theme: light\nkeys:\n  requests.activate: ctrl-r\n") { session in
                let colours = try session.screenWithColours()
                #expect(colours.contains("48;5;231"), "light paints a white screen")
                #expect(colours.contains("38;5;28"), "light's GET badge is dark green")
                #expect(!colours.contains("38;5;114"), "dark's GET green is gone")
                try await session.waitFor("Ctrl-R send/run")
                // Keys are handled in order: once help has opened and closed, Enter was handled
                // too, and a send would have logged "started" at once.
                try session.press("Enter", "?")
                let help = try await session.waitFor("Send, or run the batch or chain")
                #expect(help.contains("Ctrl-R      Send, or run the batch or chain"))
                try session.press("Escape")
                let after = try await session.waitUntil("the help to close") { !$0.contains("Send, or run the batch") }
                #expect(!after.contains("started") && !after.contains("200 OK"), "Enter no longer sends:\n\(after)")
                try session.press("C-r")
                try await session.waitFor(all: ["200 OK", "courier-demo"])
            }
        }

        @Test func aBrokenConfigIsReportedAtItsLineAndTheDefaultsApply() async throws {
            try await withWorkbench(config: "theme: light\nkeys:\n  requests.sned: ctrl-r\n") { session in
                // The notice is longer than the line: the path gives way first (DisplayWidth.fittedShorteningPath).
                try await session.waitFor("courier/config.yaml:3:3: error: keys: unknown action \"sned\"")
                let colours = try session.screenWithColours()
                #expect(colours.contains("38;5;114") && !colours.contains("48;5;231"), "the dark theme, not the file's light")
                try session.press("Enter")
                try await session.waitFor(all: ["200 OK", "courier-demo"])
            }
        }
    }
}
