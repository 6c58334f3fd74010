import Foundation
import Testing

extension EndToEndTests {
    /// The workbench runs its demo server in a process of its own (`courier serve --child`),
    /// started once the first screen is drawn: a request sent at once waits for it rather than
    /// being refused, and the child ends with the workbench however the workbench ends — here
    /// by SIGKILL, which runs none of its code.
    @Suite struct DemoServerChild {
        @Test func theDemoServerIsAChildProcessThatEndsWithTheWorkbench() async throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let session = try TmuxSession(command: "\(EndToEndTests.binary) tui \(sandbox.workspace)", environment: sandbox.environment)
            try await session.waitFor("1 Requests")
            try session.press("Enter")
            try await session.waitUntil("get-args answered 200 in the tree") { screen in
                screen.split(separator: "\n").contains { $0.contains("get-args") && $0.contains(" 200") }
            }
            let pane = try session.panePID()
            let workbench = try #require(([pane] + Self.children(of: pane)).first { Self.arguments(of: $0).contains("tui") },
                                         "no `courier tui` process under the pane")
            let servers = Self.children(of: workbench).filter { Self.arguments(of: $0).dropFirst().starts(with: ["serve", "--child"]) }
            let server = try #require(servers.first, "the workbench has no `serve --child` process: \(Self.children(of: workbench).map(Self.arguments))")
            expectEqual(kill(workbench, SIGKILL), 0)
            let deadline = Date().addingTimeInterval(15)
            while Self.isRunning(server), Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
            #expect(!Self.isRunning(server), "the demo server outlived its workbench by 15 s")
            // It stops within its one second for connections to finish, not a graceful stop's
            // wait for a connection its dead client left open.
            #expect(Date() < deadline.addingTimeInterval(-10), "the demo server took over 5 s to end")
        }

        /// The processes whose parent is `pid`.
        static func children(of pid: pid_t) -> [pid_t] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap { pid_t($0) }.filter { candidate in
                guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { return false }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                return fields.count > 1 && pid_t(fields[1]) == pid
            }
        }

        /// Its command line's arguments.
        static func arguments(of pid: pid_t) -> [String] {
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return [] }
            return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        }

        /// Whether it exists and is not a zombie (one nobody has reaped yet has exited).
        static func isRunning(_ pid: pid_t) -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
        }
    }
}
