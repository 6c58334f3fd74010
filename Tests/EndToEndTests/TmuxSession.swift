import Foundation

/// A program running in tmux on a private socket, driven like a person at a terminal:
/// keys in with `send-keys`, the screen out with `capture-pane`, waits bounded by deadlines.
final class TmuxSession {
    static let isAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
        || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")

    let socket = "courier-e2e-\(UUID().uuidString.prefix(8))"
    private let target = "e2e"

    /// Starts `command` (run by `sh -c`) in a detached session of `columns`×`rows`.
    init(command: String, columns: Int = 120, rows: Int = 40, environment: [String: String] = [:]) throws {
        var arguments = ["-u", "-f", "/dev/null", "new-session", "-d", "-s", target, "-x", "\(columns)", "-y", "\(rows)"]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(name)=\(value)"] }
        arguments.append(command)
        try tmux(arguments)
        try tmux(["set-option", "-t", target, "remain-on-exit", "on"])
    }

    deinit { try? tmux(["kill-server"]) }

    /// Sends keys by tmux's names (`Enter`, `Escape`, `C-u`, `Down`) or literal text.
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", target] + keys)
    }

    /// Types text literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", text])
    }

    /// Selects a request of the workbench by filtering the tree for its name.
    func select(_ name: String) throws {
        try press("/")
        try type(name)
        try press("Enter")
    }

    /// The pid of the pane's process (the shell running the command, or the command itself).
    func panePID() throws -> pid_t {
        let text = try tmux(["display-message", "-p", "-t", target, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = pid_t(text) else { throw TmuxFailure(arguments: ["display-message", "#{pane_pid}"], output: text) }
        return pid
    }

    /// The screen as text.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", target])
    }

    /// The screen with its colours and attributes as SGR escape sequences.
    func screenWithColours() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", target])
    }

    /// The screen and the lines scrolled off above it, as text.
    func screenWithHistory() throws -> String {
        try tmux(["capture-pane", "-p", "-S", "-", "-t", target])
    }

    /// Waits until the screen shows `text`; throws with the last screen after `seconds`.
    @discardableResult
    func waitFor(_ text: String, seconds: Double = 15) async throws -> String {
        try await waitUntil("\"\(text)\"", seconds: seconds) { $0.contains(text) }
    }

    /// Waits until the screen shows every one of `texts` (a screen is drawn top to bottom:
    /// one text on it does not mean the rest of that frame is there yet).
    @discardableResult
    func waitFor(all texts: [String], seconds: Double = 15) async throws -> String {
        try await waitUntil(texts.map { "\"\($0)\"" }.joined(separator: " and "), seconds: seconds) { screen in
            texts.allSatisfy { screen.contains($0) }
        }
    }

    /// Waits until the screen satisfies `condition`, checking every 50 ms up to a deadline —
    /// and once more after a sleep that woke past it (a busy test process can be late).
    @discardableResult
    func waitUntil(_ what: String, seconds: Double = 15, _ condition: (String) -> Bool) async throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let last = try screen()
            if condition(last) { return last }
            guard Date() < deadline else { throw ScreenTimeout(what: what, screen: last) }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Waits until the program has ended (tmux keeps the dead pane: `remain-on-exit`), asked
    /// of tmux (`pane_dead`) rather than read off the screen: tmux draws its "Pane is dead" line
    /// and knows `pane_dead_status` only when it reaped the status itself, which it does not
    /// always report (tmux 3.3a here, after the workbench has run) — so a test that needs the
    /// status has the command echo it.
    func waitForExit(seconds: Double = 15) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while try tmux(["display-message", "-p", "-t", target, "#{pane_dead}"]).trimmingCharacters(in: .whitespacesAndNewlines) != "1" {
            guard Date() < deadline else { throw ScreenTimeout(what: "the program's end", screen: try screen()) }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Resizes the window, as a terminal emulator's window resize does.
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(rows)"])
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let (status, output) = try Self.run(["tmux", "-L", socket] + arguments)
        guard status == 0 else { throw TmuxFailure(arguments: arguments, output: output) }
        return output
    }

    /// Runs a program found on PATH and waits for it: not Foundation's `Process`, which notices
    /// the end of a child by a pipe that the tmux server, forked from the client, would inherit
    /// and hold open for ever.
    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try ChildProcess.run(arguments)
    }
}

struct ScreenTimeout: Error, CustomStringConvertible {
    let what: String
    let screen: String
    var description: String { "the screen never showed \(what); it was:\n\(screen)" }
}

struct TmuxFailure: Error, CustomStringConvertible {
    let arguments: [String]
    let output: String
    var description: String { "tmux \(arguments.joined(separator: " ")) failed: \(output)" }
}
