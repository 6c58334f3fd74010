import Foundation

/// Debian's headless Chromium (`chromium-headless-shell`, or `chromium` in its headless
/// mode), which scripts/test-servers-bootstrap.sh installs: renders a page to its DOM or to a
/// PNG, each run bounded in time (`timeout`) and in a profile directory of its own.
struct HeadlessChromium {
    let executable: String
    /// The full browser needs `--headless`; the headless shell is headless already.
    private var isShell: Bool { executable.hasSuffix("headless-shell") }

    /// The first one found on PATH; nil when none is installed.
    static let installed: HeadlessChromium? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map(String.init)
        for name in ["chromium-headless-shell", "chromium", "chromium-browser"] {
            for directory in directories where FileManager.default.isExecutableFile(atPath: directory + "/" + name) {
                return HeadlessChromium(executable: directory + "/" + name)
            }
        }
        return nil
    }()

    /// The DOM after the page loaded and its scripts ran. (With scripts disabled by
    /// `--blink-settings=scriptEnabled=false` it prints nothing, and `--disable-javascript`
    /// does not stop a page's scripts: a page's own Content-Security-Policy can.)
    func dumpDOM(_ file: String) async throws -> String {
        try await run(["--dump-dom"], file)
    }

    /// A PNG of the page's first `width`×`height` pixels, written to `output`.
    func screenshot(_ file: String, to output: String, width: Int = 1200, height: Int = 900) async throws {
        _ = try await run(["--screenshot=\(output)", "--window-size=\(width),\(height)", "--hide-scrollbars"], file)
    }

    private func run(_ arguments: [String], _ file: String) async throws -> String {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-profile-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: profile) }
        // A container has no user namespaces for the sandbox and no GPU.
        let flags = (isShell ? [] : ["--headless=new"]) + ["--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile)"]
        let result = try await ChildProcess.finish(["timeout", "60", executable] + flags + arguments + [URL(fileURLWithPath: file).absoluteString],
                                          discardingErrors: true)
        guard result.status == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey:
                "\(executable) \(arguments.joined(separator: " ")) ended with status \(result.status)\(result.status == 124 ? " (timed out after 60 s)" : "")"])
        }
        return result.output
    }
}
