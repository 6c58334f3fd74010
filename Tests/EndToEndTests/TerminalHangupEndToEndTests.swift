import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension EndToEndTests {
    /// A terminal that closes while no SIGHUP reaches the workbench — its session's leader
    /// ignores it and lives on, a tracer sits in between, or (here) the terminal is not the
    /// workbench's controlling one — said "hung up" on every poll while every read failed at
    /// once: the input loop spun at full speed until killed (seen under `strace -f`). It quits,
    /// as on SIGHUP, and its demo server child with it.
    @Suite struct TerminalHangup {
        @Test func theWorkbenchQuitsWhenItsTerminalHangsUpWithoutASignal() async throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            try #require(master >= 0, "no pseudo-terminal: \(String(cString: strerror(errno)))")
            var masterOpen = true
            defer { if masterOpen { close(master) } }
            // grantpt, unlockpt and ptsname: Swift's Glibc module leaves them out (_XOPEN_SOURCE).
            typealias Unlock = @convention(c) (Int32) -> Int32
            typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
            let grant = try #require(dlsym(nil, "grantpt").map { unsafeBitCast($0, to: Unlock.self) })
            let unlock = try #require(dlsym(nil, "unlockpt").map { unsafeBitCast($0, to: Unlock.self) })
            let name = try #require(dlsym(nil, "ptsname").map { unsafeBitCast($0, to: Name.self) })
            try #require(grant(master) == 0 && unlock(master) == 0)
            let terminal = String(cString: try #require(name(master)))
            // Opened by the child, which leads no session: the terminal never becomes its
            // controlling one, so closing it sends no signal.
            let environment = sandbox.environment.merging(["COLUMNS": "120", "LINES": "40"]) { $1 }
            let workbench = try ChildProcess.start(["/usr/bin/env", "-i"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                                                   + [EndToEndTests.binary, "tui", sandbox.workspace],
                                                   input: terminal, output: terminal)
            defer { if workbench.isRunning { workbench.stop() } }
            var shown = Data()
            let opened = Date().addingTimeInterval(30)
            while !String(decoding: shown, as: UTF8.self).contains("Requests"), Date() < opened, workbench.isRunning {
                var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 100) > 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 65_536)
                let count = read(master, &buffer, buffer.count)
                if count > 0 { shown.append(contentsOf: buffer[..<count]) }
            }
            try #require(String(decoding: shown, as: UTF8.self).contains("Requests"),
                         "the first screen never came: \(String(decoding: shown.suffix(2000), as: UTF8.self))")
            close(master)
            masterOpen = false
            let deadline = Date().addingTimeInterval(15)
            while workbench.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
            #expect(!workbench.isRunning, "the workbench still runs 15 s after its terminal hung up")
        }
    }
}
