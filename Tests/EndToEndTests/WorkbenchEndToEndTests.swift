import Foundation
import Testing

extension EndToEndTests {
    /// The real `courier` binary in a real terminal (tmux), on a copy of the demo workspace with
    /// the embedded demo server: what a person sees and does.
    @Suite struct Workbench {
        /// Opens the workbench in tmux on a fresh sandbox, waits for its first screen and runs `body`.
        private func withWorkbench(_ body: (TmuxSession, Sandbox) async throws -> Void) async throws {
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            let session = try TmuxSession(command: "\(EndToEndTests.binary) tui \(sandbox.workspace)", environment: sandbox.environment)
            try await session.waitFor("1 Requests")
            try await body(session, sandbox)
        }

        /// A shell in tmux with a known prompt, for what happens around the workbench.
        private func withShell(_ body: (TmuxSession, Sandbox) async throws -> Void) async throws {
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            let session = try TmuxSession(command: "env PS1='prompt$ ' sh -i", environment: sandbox.environment)
            try await session.waitFor("prompt$")
            try await body(session, sandbox)
        }

        @Test func theTreeAppearsAndEnterShowsTheResponseStatus() async throws {
            try await withWorkbench { session, _ in
                try await session.waitFor(all: ["REQUESTS", "get-args", "2 Exchange", "3 In flight", "6 Events"])
                try session.press("Enter")
                try await session.waitFor(all: ["200 OK", "courier-demo"])
            }
        }

        @Test func aSecondSendOfACachedRequestShowsTheCacheBadge() async throws {
            try await withWorkbench { session, _ in
                try session.select("cities")
                try session.press("R")
                try await session.waitFor("200 OK")
                try session.press("Enter")
                try await session.waitFor("from cache")
            }
        }

        @Test func aFailingRequestShowsItsFamilyAndCode() async throws {
            try await withWorkbench { session, _ in
                try session.select("refused")
                try session.press("Enter")
                try await session.waitFor(all: ["transport error -1004", "Nothing listens on 127.0.0.1:9"])
            }
        }

        @Test func slashFiltersAndQuestionMarkShowsEveryKey() async throws {
            try await withWorkbench { session, _ in
                try session.press("/")
                try session.type("xml")
                try await session.waitUntil("the filtered tree") { $0.contains("/ xml") && !$0.contains("post-json") }
                try session.press("Escape", "Escape", "?")
                let help = try await session.waitUntil("the whole help") { $0.contains("Keys") && $0.contains("Command palette") }
                #expect(help.contains("Send ignoring the cache"))
                #expect(help.contains("Command palette"))
                try session.press("Escape")
                try await session.waitUntil("the help to close") { !$0.contains("Send ignoring the cache") }
            }
        }

        @Test func anInlineURLEditIsSent() async throws {
            try await withWorkbench { session, _ in
                try session.press("2", "u", "C-u")
                try session.type("/anything/from-the-e2e-test")
                try session.press("Enter")
                try await session.waitFor("unsaved")
                try session.press("1", "Enter")
                try await session.waitFor(all: ["200 OK", "/anything/from-the-e2e-test"])
            }
        }

        @Test func wWritesTheEditToTheFileLeavingEveryOtherLineAsItWas() async throws {
            try await withWorkbench { session, sandbox in
                let before = try String(contentsOfFile: sandbox.workspace, encoding: .utf8).components(separatedBy: "\n")
                try session.press("2", "u", "C-u")
                try session.type("/anything/written-by-w")
                try session.press("Enter", "w")
                try await session.waitFor("saved get-args")
                let after = try String(contentsOfFile: sandbox.workspace, encoding: .utf8).components(separatedBy: "\n")
                expectEqual(after.count, before.count)
                let changed = zip(before, after).filter { $0.0 != $0.1 }
                expectEqual(changed.map(\.1), ["    url: /anything/written-by-w"])
            }
        }

        @Test func resizingTo80x24ShowsOnePaneAndBackShowsAll() async throws {
            try await withWorkbench { session, _ in
                try session.resize(columns: 80, rows: 24)
                let narrow = try await session.waitUntil("the one-pane layout") { $0.contains("2 Exchange") && !$0.contains("╭─ 2 Exchange") }
                #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 80 })
                try session.resize(columns: 40, rows: 12)
                try await session.waitFor("2 Exchange")
                try session.resize(columns: 20, rows: 6)
                try await session.waitFor("Courier needs")
                try session.resize(columns: 200, rows: 60)
                try await session.waitFor("╭─ 3 In flight")
                try session.resize(columns: 120, rows: 40)
                let back = try await session.waitUntil("the full layout again") { screen in
                    let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
                    return rows.count >= 40 && rows[0].hasPrefix("╭─ 1 Requests") && rows[0].hasSuffix("╮")
                        && rows[1].contains("REQUESTS") && rows[38].hasSuffix("╯")
                }
                #expect(back.split(separator: "\n").allSatisfy { $0.count <= 120 }, "nothing of the wider screen is left")
            }
        }

        @Test func quittingRestoresTheTerminalForTheShell() async throws {
            try await withShell { session, sandbox in
                try session.type("\(EndToEndTests.binary) tui \(sandbox.workspace)")
                try session.press("Enter")
                try await session.waitFor("1 Requests")
                try session.press("2", "m", "q")
                try await session.waitFor("Quit anyway?")
                try session.press("y")
                try await session.waitFor("prompt$")
                try session.type("stty -a | tr ' ' '\\n' | grep -E '^-?(icanon|echo)$'; echo done-$((40+2))")
                try session.press("Enter")
                let screen = try await session.waitFor("done-42")
                #expect(screen.contains("\nicanon") || screen.contains("icanon\n"), "canonical mode is back")
                #expect(!screen.contains("-icanon"))
                #expect(!screen.contains("-echo\n"))
            }
        }

        @Test func sigtermRestoresTheTerminalToo() async throws {
            try await withShell { session, sandbox in
                try session.type("\(EndToEndTests.binary) tui \(sandbox.workspace)")
                try session.press("Enter")
                try await session.waitFor(all: ["1 Requests", "get-args"])
                try session.press("2", "m")
                let pattern = "tui \(sandbox.workspace)"
                let before = ProcessSnapshot.describe(matching: pattern, stacks: false)
                #expect(try ChildProcess.run(["pkill", "-TERM", "-f", pattern]).status == 0, "pkill found the workbench")
                // What the processes were doing when the workbench did not end, or the shell did
                // not come back (once in CI in 15 s, not reproduced here): the failure says where.
                let screen: String
                do {
                    // The old prompt line is back as soon as the alternate screen is left, before the
                    // process has ended: wait for its end, so that what is typed next goes to the shell.
                    try await Self.waitUntilGone(pattern, seconds: 15)
                    try await session.waitFor("prompt$")
                    try session.type("stty -a | tr ' ' '\\n' | grep -E '^-?icanon$'; echo done-$((40+2))")
                    try session.press("Enter")
                    screen = try await session.waitFor("done-42")
                } catch {
                    throw ProcessSnapshot.Described(error: error, details: "before SIGTERM:\n\(before)\nafter:\n\(ProcessSnapshot.describe(matching: pattern))")
                }
                #expect(!screen.contains("-icanon"), "SIGTERM left the terminal raw")
                #expect(!screen.contains("1 Requests"), "the alternate screen is gone")
            }
        }

        /// `fg` continues a job that drew its screen in the background; the shell writes the
        /// job's command line over that screen first (on a long path, several rows, which scroll
        /// the top off), and the workbench must repaint all of it, not only what changed. The
        /// shell waits for a file the test makes once the background screen is up, so the order
        /// is certain; the keys typed meanwhile wait in the terminal until the workbench is in
        /// the foreground, so their effect on the screen comes after the job line.
        @Test func fgAfterDrawingInTheBackgroundRepaintsTheWholeScreen() async throws {
            try await withShell { session, sandbox in
                let ready = sandbox.directory + "/drawn"
                // dash prints the job as typed, `${c} tui ${w}`: short and unique.
                try session.type("c=\(EndToEndTests.binary); w=\(sandbox.workspace); $c tui $w & until [ -e \(ready) ]; do sleep 0.05; done; fg")
                try session.press("Enter")
                try await session.waitFor(all: ["1 Requests", "get-args"])
                #expect(FileManager.default.createFile(atPath: ready, contents: nil))
                try session.press("/")
                try session.type("xml")
                let screen = try await session.waitUntil("the filtered tree") { $0.contains("/ xml") && !$0.contains("post-json") }
                #expect(screen.hasPrefix("╭─ 1 Requests"), "the top of the screen is back")
                #expect(!screen.contains("tui ${w}") && !screen.contains("tui $w"), "the shell's job line is painted over")
                try session.press("Escape", "Escape", "q")
                try await session.waitFor("prompt$")
            }
        }

        /// In the background with a key waiting that the foreground job does not read, the
        /// workbench sleeps instead of polling the terminal again and again; `fg` gives it the key.
        @Test func inTheBackgroundAWaitingKeyDoesNotSpin() async throws {
            try await withShell { session, sandbox in
                let pidFile = sandbox.directory + "/pid", go = sandbox.directory + "/go"
                try session.type("c=\(EndToEndTests.binary); w=\(sandbox.workspace); $c tui $w & echo $! > \(pidFile); until [ -e \(go) ]; do sleep 0.05; done; fg")
                try session.press("Enter")
                try await session.waitFor(all: ["1 Requests", "get-args"])
                let pid = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
                try session.press("/")  // waits in the terminal: the shell's loop reads nothing
                // A window of wall time to measure the CPU it takes, not a wait for an event.
                let before = try Self.cpuSeconds(of: pid)
                try await Task.sleep(for: .seconds(1.5))
                let spent = try Self.cpuSeconds(of: pid) - before
                #expect(spent < 0.3, "\(spent) s of CPU in 1.5 s in the background")
                #expect(FileManager.default.createFile(atPath: go, contents: nil))
                try session.type("xml")
                _ = try await session.waitUntil("the key typed in the background, then the rest") { $0.contains("/ xml") && !$0.contains("post-json") }
                try session.press("Escape", "Escape", "q")
                try await session.waitFor("prompt$")
            }
        }

        /// User and system CPU time of `pid` so far, from `/proc/PID/stat`.
        private static func cpuSeconds(of pid: Int32) throws -> Double {
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            // Fields after the command's closing parenthesis: state is the 3rd, utime the 14th, stime the 15th.
            let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
            let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
            return (Double(fields[11])! + Double(fields[12])!) / ticks
        }

        /// Waits until no process's command line matches `pattern` (`pgrep -f`), checking every
        /// 50 ms; throws saying so when one still runs after `seconds`.
        private static func waitUntilGone(_ pattern: String, seconds: Double) async throws {
            let deadline = Date().addingTimeInterval(seconds)
            while try ChildProcess.run(["pgrep", "-f", pattern]).status == 0 {
                guard Date() < deadline else { throw StillRunning(pattern: pattern, seconds: seconds) }
                try await Task.sleep(for: .milliseconds(50))
            }
        }

        struct StillRunning: Error, CustomStringConvertible {
            let pattern: String
            let seconds: Double
            var description: String { "a process matching \"\(pattern)\" still ran \(seconds) s after SIGTERM" }
        }

        @Test func ctrlZSuspendsToTheShellAndFgBringsItBack() async throws {
            try await withShell { session, sandbox in
                try session.type("\(EndToEndTests.binary) tui \(sandbox.workspace)")
                try session.press("Enter")
                try await session.waitFor("1 Requests")
                try session.press("C-z")
                let suspended = try await session.waitUntil("the shell after Ctrl-Z") { $0.contains("Stopped") && !$0.contains("1 Requests") }
                #expect(suspended.contains("prompt$"))
                try session.type("fg")
                try session.press("Enter")
                try await session.waitFor("1 Requests")
                try session.press("q")
                try await session.waitUntil("the shell after q") { $0.contains("prompt$") && !$0.contains("1 Requests") }
            }
        }
    }
}
