import Foundation
import Testing

private let python3 = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// `make bench-tui`'s idle CPU figure is a difference of two readings of the workbench's CPU
/// time: it must count the time of threads that ended between them.
@Suite(.enabled(if: python3 != nil, "python3 is not installed: scripts/bench-tui.py cannot be loaded"))
struct BenchCPUFigureTests {

    /// Loads scripts/bench-tui.py and measures, with its `process_cpu_ns`, a child process that
    /// burns CPU in threads that have ended by the second reading; prints what the child says it
    /// burned and what was measured, in nanoseconds.
    static let script = """
        import importlib.util, subprocess, sys
        spec = importlib.util.spec_from_file_location("bench_tui", sys.argv[1])
        bench = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(bench)
        child = subprocess.Popen([sys.executable, "-c", '''
        import sys, threading, time
        def burn():
            start = time.thread_time()
            while time.thread_time() - start < 0.1:
                pass
        print("ready", flush=True)
        sys.stdin.readline()
        start = time.process_time_ns()
        for _ in range(3):
            thread = threading.Thread(target=burn)
            thread.start()
            thread.join()
        print(time.process_time_ns() - start, flush=True)
        sys.stdin.readline()
        '''], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        child.stdout.readline()
        before = bench.process_cpu_ns(child.pid)
        child.stdin.write("go\\n"); child.stdin.flush()
        burned = int(child.stdout.readline())
        measured = bench.process_cpu_ns(child.pid) - before
        child.stdin.write("end\\n"); child.stdin.flush()
        child.wait()
        print(burned, measured)
        """

    @Test("CPU time of threads that ended between the readings is counted, so the figure is never below the work done")
    func endedThreadsAreCounted() async throws {
        let python = try #require(python3)
        let (status, text) = try await offThePool { () throws -> (Int32, String) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = ["-c", Self.script, EndToEndTests.root + "/scripts/bench-tui.py"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
        expectEqual(status, 0)
        let figures = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        try #require(figures.count == 2, "python printed \(text)")
        let (burned, measured) = (figures[0], figures[1])
        #expect(burned >= 300_000_000)
        // The readings bracket the burning, with the child otherwise blocked on its input.
        #expect(measured >= burned - 5_000_000, "measured \(measured) ns of \(burned) ns burned")
        #expect(measured <= burned + 100_000_000, "measured \(measured) ns of \(burned) ns burned")
    }
}
