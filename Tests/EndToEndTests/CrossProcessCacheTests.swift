import Foundation
import Testing

extension EndToEndTests {
    /// Two `courier` processes writing the same cache entry at once, over and over, each time
    /// with a different body (a counter): the two files of an entry are renamed under
    /// `flock(2)` on the directory's `.lock`, so the entry left is whole — its body is the one
    /// its metadata describes.
    @Suite struct CrossProcessCache {
        @Test func twoProcessesWritingOneEntryLeaveItWhole() throws {
            let sandbox = try EndToEndTests.Sandbox()
            defer { sandbox.remove() }
            let server = try DemoServerProcess()
            defer { server.stop() }
            let path = sandbox.directory + "/shared.yaml"
            try """
            config: {baseUrl: "\(server.url)", cacheDirectory: cache, maxConcurrent: 4}
            requests:
              doc: {url: /counter/shared, cache: 600}
            batches:
              writes: {requests: [{request: doc, times: 600}]}
            """.write(toFile: path, atomically: true, encoding: .utf8)
            let runs = try (0..<2).map { _ in
                try EndToEndTests.start(["run", path, "writes", "--ignore-cache", "--no-history", "--quiet"], environment: sandbox.environment)
            }
            // Meanwhile a third process reads the entry again and again, as `cache list` does:
            // under the shared lock it must never see a body that is not its metadata's.
            var seen: [String] = []
            while runs.contains(where: \.isRunning), seen.count < 500 {
                let list = try EndToEndTests.capture(["cache", "list", path, "--json"], environment: sandbox.environment)
                let entries = (try? JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]]) ?? []
                seen += entries.compactMap { $0["freshness"] as? String }
            }
            for run in runs {
                run.waitUntilExit()
                expectEqual(run.terminationStatus, 0)
            }
            #expect(seen.count >= 3, "the reader ran while the writers wrote")
            // Never "corrupt" (a body that is not its metadata's). "expired" may be seen: an
            // entry that lands after the reader took the time has a negative age, which YTK's
            // rule counts as expired.
            #expect(!seen.contains("corrupt"), "\(Set(seen))")
            #expect(seen.contains("fresh"))
            let list = try EndToEndTests.capture(["cache", "list", path, "--json"], environment: sandbox.environment)
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]])
            #expect(entries.count == 1, "one entry, written 1,200 times by two processes")
            #expect(entries.first?["freshness"] as? String == "fresh", "whole: its body matches its metadata")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory + "/cache").filter { $0.hasSuffix(".tmp") }
            #expect(leftovers.isEmpty, "no temporary file left behind")
        }
    }

    /// Starts the binary with `arguments`, standard input from /dev/null, output discarded,
    /// standard error too unless `errors` is given.
    static func start(_ arguments: [String], environment: [String: String], errors: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors ?? FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs the binary with `arguments` and returns what it printed on standard output.
    static func capture(_ arguments: [String], environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// `courier serve --port 0` in a process of its own, for tests that need one server shared by
/// several `courier` processes.
final class DemoServerProcess {
    let url: String
    private let process = Process()

    init() throws {
        process.executableURL = URL(fileURLWithPath: EndToEndTests.binary)
        process.arguments = ["serve", "--port", "0"]
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Its first line names the URL: "Courier demo server listening on http://127.0.0.1:N".
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "http://") else {
            process.terminate()
            throw CocoaError(.fileReadUnknown)
        }
        url = String(text[range.lowerBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
