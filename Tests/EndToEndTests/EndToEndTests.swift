import Foundation
import Testing

/// Every test that drives the real binary, one at a time: each starts a terminal, the
/// workbench and its demo server, and together they would crowd two cores.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed (make test installs it)"))
enum EndToEndTests {
    /// The repository, for the binary and `workspaces/`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The `courier` built beside this test bundle.
    static var binary: String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("courier").path
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : root + "/.build/debug/courier"
    }

    /// A copy of the demo workspace in a fresh directory, with state, cache and config inside it.
    struct Sandbox {
        let directory: String
        var workspace: String { directory + "/demo.yaml" }
        /// Where `courier tui` looks for the user config: none there unless a test writes one.
        var config: String { directory + "/config/courier/config.yaml" }
        /// `COURIER_DEMO_PORT=0`: the demo server takes a free port, never the fixed one a
        /// person's workbench or a parallel test may hold.
        var environment: [String: String] {
            ["LANG": "C.UTF-8", "TERM": "xterm-256color", "HOME": directory, "XDG_STATE_HOME": directory + "/state",
             "XDG_CACHE_HOME": directory + "/cache", "XDG_CONFIG_HOME": directory + "/config", "COURIER_CONFIG": "",
             "NO_COLOR": "", "COURIER_DEMO_PORT": "0"]
        }

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-e2e-\(UUID().uuidString.prefix(8))").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: root + "/workspaces/demo.yaml", toPath: workspace)
            try FileManager.default.copyItem(atPath: root + "/workspaces/files", toPath: directory + "/files")
            try FileManager.default.copyItem(atPath: root + "/workspaces/schemas", toPath: directory + "/schemas")
        }

        func remove() { try? FileManager.default.removeItem(atPath: directory) }
    }
}
