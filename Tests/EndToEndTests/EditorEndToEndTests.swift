import Foundation
import Testing

extension EndToEndTests {
    /// `e` in the real binary: the editor gets the terminal (its keys, Ctrl-C, Ctrl-Z), and how
    /// it ended decides what the workbench says and reloads.
    @Suite struct Editor {
        /// Debian's vim (`scripts/bootstrap.sh` installs it); the tests that need it are skipped
        /// with this reason when it is missing.
        static let vim = ["/usr/bin/vim", "/usr/local/bin/vim"].first { FileManager.default.isExecutableFile(atPath: $0) }

        /// Opens the workbench in tmux with `editor` as `$VISUAL` and `$EDITOR`, waits for its
        /// first screen and runs `body`.
        private func withWorkbench(editor: String, shell: Bool = false,
                                   _ body: (TmuxSession, Sandbox) async throws -> Void) async throws {
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            var environment = sandbox.environment
            environment["VISUAL"] = editor
            environment["EDITOR"] = editor
            let command = "\(EndToEndTests.binary) tui \(sandbox.workspace)"
            let session = try TmuxSession(command: shell ? "env PS1='prompt$ ' sh -i" : command, environment: environment)
            if shell {
                try await session.waitFor("prompt$")
                try session.type(command)
                try session.press("Enter")
            }
            try await session.waitFor("1 Requests")
            try await body(session, sandbox)
        }

        /// vim with no user configuration, no swap file and no viminfo.
        private static var plainVim: String { "\(vim ?? "vim") -u NONE -N -n -i NONE" }

        /// The demo file as vim shows it: its first comment line, and no workbench pane.
        private func waitForVim(_ session: TmuxSession) async throws {
            try await session.waitUntil("vim showing demo.yaml") { $0.contains("# The demo workspace") && !$0.contains("1 Requests") }
        }

        @Test(.enabled(if: vim != nil, "no vim installed: scripts/bootstrap.sh installs Debian's vim"))
        func vimChangesTheURLAndTheWorkbenchShowsIt() async throws {
            try await withWorkbench(editor: Self.plainVim) { session, sandbox in
                try session.press("e")
                try await waitForVim(session)
                // vim opens at get-args; its url is the next `url:` line.
                try session.press("/url:", "Enter", "C")
                try session.type("url: /anything/from-vim")
                try session.press("Escape")
                try session.type(":wq")
                try session.press("Enter")
                try await session.waitFor(all: ["reloaded demo.yaml", "/anything/from-vim?", "1 Requests"])
                let text = try String(contentsOfFile: sandbox.workspace, encoding: .utf8)
                #expect(text.contains("  get-args:\n    description: Query arguments, a generated header and a URL filter's parameter.\n    url: /anything/from-vim\n"))
            }
        }

        @Test(.enabled(if: vim != nil, "no vim installed: scripts/bootstrap.sh installs Debian's vim"))
        func ctrlZInVimStopsTheWorkbenchAndFgResumesTheEditor() async throws {
            try await withWorkbench(editor: Self.plainVim, shell: true) { session, _ in
                try session.press("e")
                try await waitForVim(session)
                try session.press("C-z")
                try await session.waitUntil("the shell after Ctrl-Z in vim") { $0.contains("Stopped") && !$0.contains("# The demo workspace") }
                try session.type("fg")
                try session.press("Enter")
                try await waitForVim(session)
                try session.type(":q")
                try session.press("Enter")
                try await session.waitFor(all: ["1 Requests", "reloaded demo.yaml"])
            }
        }

        @Test func anEditorThatExits3IsAFailureAndNothingIsReloaded() async throws {
            try await withWorkbench(editor: "sh -c 'exit 3'") { session, sandbox in
                let before = try String(contentsOfFile: sandbox.workspace, encoding: .utf8)
                try session.press("e")
                let screen = try await session.waitFor("the editor exited with status 3: demo.yaml unchanged, nothing reloaded")
                #expect(!screen.contains("reloaded demo.yaml"))
                expectEqual(try String(contentsOfFile: sandbox.workspace, encoding: .utf8), before)
                try session.press("Enter")
                try await session.waitFor("200 OK")
            }
        }

        @Test func ctrlCEndsAnEditorThatNeverReturnsAndNotTheWorkbench() async throws {
            // stty sets the terminal's modes, which stops a background process (SIGTTOU): the
            // line shows once the editor has the terminal, and Ctrl-C is then meant for it.
            let editor = "sh -c 'stty sane; echo the-editor-has-the-terminal; exec sleep 600'"
            try await withWorkbench(editor: editor) { session, sandbox in
                try session.press("e")
                try await session.waitFor("the-editor-has-the-terminal")
                // What a Ctrl-C typed just before the hand-over does: it reaches the workbench.
                let pkill = Process()
                pkill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
                // Anchored: the tmux server was started with the same words in its arguments.
                pkill.arguments = ["-INT", "-f", "^\(EndToEndTests.binary) tui \(sandbox.workspace)$"]
                try pkill.run()
                pkill.waitUntilExit()
                try session.press("C-c")
                try await session.waitFor(all: ["1 Requests", "the editor was ended by SIGINT: demo.yaml unchanged, nothing reloaded"])
                try session.press("Enter")
                try await session.waitFor("200 OK")
            }
        }
    }
}
