@testable import Courier
import Foundation
import Synchronization
import Testing

/// A jar whose file is read on a thread of its own (`CookieJar(file:readingInBackground:)`, what
/// the workbench opens a workspace's saved jar with, so that a jar of millions of lines never
/// holds its first frame): the jar's API waits for the read, and so does a transfer started
/// meanwhile — parked by the transport, not blocking it — which then sends the file's cookies.
@Suite struct CookieJarBackgroundReadTests {
    private static func file(_ lines: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("jar-\(UUID().uuidString).txt").path
        try Data(lines.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aRequestSentWhileTheFileIsReadWaitsForItsCookiesAndOthersGoOn() async throws {
        try await withTestBed { bed in
            let path = try Self.file("127.0.0.1\tFALSE\t/\tFALSE\t0\tsaved\tyes\n")
            defer { unlink(path) }
            let gate = DispatchSemaphore(value: 0)
            let jar = try CookieJar(file: path, readingInBackground: true, onSaveFailure: nil, beforeReading: { gate.wait() })
            #expect(jar.isReadingFile)
            let agent = NetworkAgent(config: bed.config, cookieJar: jar)
            let waiting = ConfigurableRequest("/cookies")
            waiting.agent = agent
            let run = Task { try await waiting.run() }
            // Bounded: the transport parks the transfer and asks to hear when the read ends.
            let deadline = ContinuousClock.now + .seconds(20)
            while jar.readWaiterCount == 0 && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            #expect(jar.readWaiterCount == 1, "the transport parked the transfer")
            // The transport goes on meanwhile: a request of the same agent without cookies is answered.
            let other = ConfigurableRequest("/get")
            other.definition.sendsCookies = false
            other.agent = agent
            _ = try await other.run()
            let served = try await bed.server.requestLog().map(\.path)
            #expect(!served.contains { $0.hasPrefix("/cookies") }, "nothing was sent before the jar was read: \(served)")
            gate.signal()
            let answered = try await run.value
            guard case .object(let members)? = answered.responseJSON?["cookies"] else {
                Issue.record("no cookies object in \(String(describing: answered.responseJSON))")
                return
            }
            expectEqual(members["saved"]?.stringValue, "yes")
            #expect(!jar.isReadingFile)
        }
    }

    @Test func theJarsOwnAPIWaitsForTheReadAndItsProblemsAreTold() throws {
        let path = try Self.file("example.com\tFALSE\t/\tFALSE\t0\tkept\tv\nnot a cookie line\n")
        defer { unlink(path) }
        let told = Mutex<[String]>([])
        let jar = try CookieJar(file: path, readingInBackground: true) { problem in told.withLock { $0.append(problem.description) } }
        expectEqual(jar.cookies.map(\.name), ["kept"])
        #expect(jar.loadProblems.contains { $0.description.contains(":2: the line is not a cookie") })
        #expect(told.withLock { $0 }.contains { $0.contains(":2: the line is not a cookie") }, "a background read tells its problems")
    }

    @Test func aPathThatIsNoFileStillThrowsAtOnce() throws {
        let directory = FileManager.default.temporaryDirectory.path
        #expect(throws: CookieJarError.self) { try CookieJar(file: directory, readingInBackground: true) }
    }
}
