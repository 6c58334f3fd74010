@testable import Courier
import Foundation
import Testing

/// The agent's decisions — retry, priority order, the 416 restart of a resumable download —
/// driven through the transport seam by a scripted transport, so that each answer and each
/// start happens exactly when the test says (the loopback tests cover the same behaviour
/// against a real server).
@Suite struct ScriptedTransportTests {
    /// A failure the default retry policy retries.
    enum RetryableFailure: String, CaseIterable, Sendable {
        case serviceUnavailable
        case connectionRefused

        func answer(_ job: TransferJob, _ transport: ScriptedTransport) -> Bool {
            switch self {
            case .serviceUnavailable:
                transport.answer(job, status: 503, json: #"{"busy":true}"#)
            case .connectionRefused:
                transport.answer(job, error: RequestError(family: .transport, code: .cannotConnectToHost,
                                                          message: "Connection refused (scripted)."))
            }
        }
    }

    /// Retries without waiting: the test decides when each attempt ends.
    private static let immediateRetries = RetryPolicy(retryLimit: 2, exponentialBackoffScale: 0)

    // MARK: - Retry

    @Test(arguments: RetryableFailure.allCases)
    func aRetryableFailureIsSentAgainAndTheSecondAttemptSucceeds(_ failure: RetryableFailure) async throws {
        let (agent, transport) = ScriptedTransport.agent(config: scriptedConfig())
        let request = ScriptedRequest("/flaky", agent: agent) { $0.retryPolicy = Self.immediateRetries }
        request.start()
        let firstStarted = await transport.started.element(1)
        let first = try #require(firstStarted)
        #expect(failure.answer(first, transport))

        let secondStarted = await transport.started.element(2)
        let second = try #require(secondStarted, "the retryable failure was not retried")
        #expect(second !== first, "a retry is a new job")
        #expect(second.id == first.id, "of the same record")
        expectEqual(request.phase, .inFlight)
        #expect(transport.answer(second, status: 200, json: #"{"ok":true}"#))

        #expect(await request.callbacks.wait(for: 1))
        await drain(agent.config.callbackQueue)
        expectEqual(transport.submitted.count, 2)
        expectEqual(request.callbacks.entries, ["success"])
        expectEqual(request.retryCount, 1)
        expectEqual(request.error, nil)
        expectEqual(request.responseStatusCode, 200)
        expectEqual(request.responseJSON?["ok"], .bool(true))
        expectEqual(agent.inFlightCount, 0)
        var expected: [RequestPhase] = [.preparing, .queued, .inFlight]
        // A transport error is decided before any status check, so that attempt shows no
        // processing step of its own; a 503 goes through the status validator.
        if failure == .serviceUnavailable { expected.append(.processing) }
        expected += [.queued, .inFlight, .processing, .delivering, .finished]
        expectEqual(request.tracedPhases, expected)
        expectEqual(request.phase, .finished)
    }

    @Test(arguments: RetryableFailure.allCases)
    func retriesStopAtTheLimitAndTheLastFailureIsReported(_ failure: RetryableFailure) async throws {
        let (agent, transport) = ScriptedTransport.agent(config: scriptedConfig())
        let request = ScriptedRequest("/down", agent: agent) { $0.retryPolicy = Self.immediateRetries }
        request.start()
        for attempt in 1...3 {
            let started = await transport.started.element(attempt)
            let job = try #require(started, "attempt \(attempt) was not sent")
            #expect(failure.answer(job, transport))
        }
        #expect(await request.callbacks.wait(for: 1))
        await drain(agent.config.callbackQueue)
        // The decision to give up is made before the callbacks are queued: a fourth attempt
        // would have been submitted by now.
        #expect(transport.submitted.count == 3, "the first attempt and two retries, no more")
        expectEqual(request.callbacks.entries, ["failure"])
        expectEqual(request.retryCount, 2)
        switch failure {
        case .serviceUnavailable:
            expectEqual(request.error?.code, .invalidStatusCode)
            expectEqual(request.responseStatusCode, 503)
        case .connectionRefused:
            expectEqual(request.error?.code, .cannotConnectToHost)
        }
        expectEqual(request.phase, .finished)
        expectEqual(request.tracedPhases.last, .finished)
    }

    @Test func aFailureThePolicyDoesNotNameIsNotRetried() async throws {
        let (agent, transport) = ScriptedTransport.agent(config: scriptedConfig())
        let request = ScriptedRequest("/missing", agent: agent) { $0.retryPolicy = Self.immediateRetries }
        request.start()
        let started = await transport.started.element(1)
        #expect(transport.answer(try #require(started), status: 404, json: "{}"))
        #expect(await request.callbacks.wait(for: 1))
        await drain(agent.config.callbackQueue)
        expectEqual(transport.submitted.count, 1)
        expectEqual(request.callbacks.entries, ["failure"])
        expectEqual(request.retryCount, 0)
        expectEqual(request.error?.statusCode, 404)
    }

    // MARK: - Priority

    @Test func queuedRequestsTakeAFreedSlotHighestPriorityFirstThenInArrivalOrder() async throws {
        let (agent, transport) = ScriptedTransport.agent(config: scriptedConfig { $0.maxConcurrentTransfers = 1 })
        let blocker = ScriptedRequest("/blocker", agent: agent)
        blocker.start()
        let blockerStarted = await transport.started.element(1)
        var running = try #require(blockerStarted)
        expectEqual(blocker.phase, .inFlight)

        let waiting: [(String, RequestPriority)] = [
            ("/low-1", .low), ("/default-1", .default), ("/high-1", .high),
            ("/low-2", .low), ("/high-2", .high), ("/default-2", .default),
        ]
        let requests = waiting.map { ScriptedRequest($0.0, agent: agent, priority: $0.1) }
        requests.forEach { $0.start() }
        #expect(transport.submitted.count == 7, "every request reached the transport")
        #expect(transport.started.count == 1, "one slot: the others wait")
        #expect(requests.allSatisfy { $0.phase == .queued })
        expectEqual(transport.submitted.entries.dropFirst().map(\.priority), waiting.map(\.1))

        for next in 2...7 {
            #expect(transport.answer(running, status: 200, json: "{}"))
            let nextStarted = await transport.started.element(next)
            running = try #require(nextStarted)
            #expect(transport.runningIDs == [running.id], "never more than the limit at once")
        }
        #expect(transport.answer(running, status: 200, json: "{}"))

        let order = transport.started.entries.map { ScriptedTransport.request(of: $0)?.requestURL ?? "?" }
        expectEqual(order, ["/blocker", "/high-1", "/high-2", "/default-1", "/default-2", "/low-1", "/low-2"])
        for request in [blocker] + requests {
            #expect(await request.callbacks.wait(for: 1))
        }
        await drain(agent.config.callbackQueue)
        #expect(([blocker] + requests).allSatisfy { $0.callbacks.entries == ["success"] })
    }

    // MARK: - The 416 restart

    /// A partial body of 2000 bytes and a resume record with a strong ETag, as an earlier
    /// attempt of `request` would have left them.
    private func leavePartialDownload(of request: ScriptedRequest, config: NetworkConfig,
                                      directories: DownloadDirectories) throws -> DownloadPlan {
        let url = try RequestBuilder.prepare(request, snapshot: config.snapshot).url
        let path = try #require(request.resumableDownloadPath)
        let plan = try ResumableDownloads.plan(url: url, path: path, incompleteDirectory: directories.incomplete)
        try Data(repeating: 0xAB, count: 2000).write(to: plan.partialFile)
        ResumableDownloads.saveRecord(for: plan, url: url, etag: "\"v1\"", lastModified: nil)
        return plan
    }

    @Test func aRefusedResumeDiscardsThePartialBodyAndDownloadsOnceMoreFromTheStart() async throws {
        let directories = try DownloadDirectories()
        defer { directories.remove() }
        let config = scriptedConfig { $0.incompleteDownloadsDirectory = directories.incomplete.path }
        let (agent, transport) = ScriptedTransport.agent(config: config)
        let destination = directories.target.appendingPathComponent("archive.bin")
        let request = ScriptedRequest("/files/archive.bin", agent: agent) { $0.downloadPath = destination.path }
        let leftover = try leavePartialDownload(of: request, config: config, directories: directories)

        request.start()
        let firstStarted = await transport.started.element(1)
        let resume = try #require(firstStarted)
        expectEqual(resume.request.header("Range"), "bytes=2000-")
        expectEqual(resume.request.header("If-Range"), "\"v1\"")
        expectEqual(resume.request.download?.resumeOffset, 2000)
        expectEqual(resume.request.download?.partialFile, leftover.partialFile)
        #expect(transport.answer(resume, status: 416, headers: ["Content-Range": "bytes */1500"]))

        let secondStarted = await transport.started.element(2)
        let fresh = try #require(secondStarted, "the refused resume was not sent again")
        expectEqual(fresh.request.header("Range"), nil)
        expectEqual(fresh.request.header("If-Range"), nil)
        expectEqual(fresh.request.download?.resumeOffset, 0)
        #expect(!FileManager.default.fileExists(atPath: leftover.partialFile.path), "the partial body is discarded")
        #expect(!FileManager.default.fileExists(atPath: leftover.recordFile.path), "and its record")

        let body = Data((0..<1500).map { UInt8($0 % 251) })
        #expect(try transport.answerDownload(fresh, body: body, etag: "\"v2\""))
        #expect(await request.callbacks.wait(for: 1))
        await drain(agent.config.callbackQueue)

        expectEqual(transport.submitted.count, 2)
        expectEqual(request.callbacks.entries, ["success"])
        expectEqual(request.error, nil)
        #expect(request.retryCount == 0, "a restart is not a retry")
        expectEqual(request.downloadedFileURL, destination)
        expectEqual(try Data(contentsOf: destination), body)
        #expect(directories.incompleteFiles().isEmpty, "nothing left in Incomplete")
    }

    @Test func aFreshAttemptRefusedWith416FailsInsteadOfRestartingAgain() async throws {
        let directories = try DownloadDirectories()
        defer { directories.remove() }
        let config = scriptedConfig { $0.incompleteDownloadsDirectory = directories.incomplete.path }
        let (agent, transport) = ScriptedTransport.agent(config: config)
        let destination = directories.target.appendingPathComponent("archive.bin")
        let request = ScriptedRequest("/files/archive.bin", agent: agent) { $0.downloadPath = destination.path }
        _ = try leavePartialDownload(of: request, config: config, directories: directories)

        request.start()
        for attempt in 1...2 {
            let started = await transport.started.element(attempt)
            #expect(transport.answer(try #require(started), status: 416))
        }
        #expect(await request.callbacks.wait(for: 1))
        await drain(agent.config.callbackQueue)
        #expect(transport.submitted.count == 2, "one restart, not a loop")
        expectEqual(request.callbacks.entries, ["failure"])
        expectEqual(request.error?.statusCode, 416)
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        #expect(directories.incompleteFiles().isEmpty)
    }
}
