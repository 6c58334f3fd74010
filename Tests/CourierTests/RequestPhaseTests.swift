@testable import Courier
import Dispatch
import Foundation
import Synchronization
import Testing

/// A request's run as a ``RequestPhase``: the legal transitions, the path a run takes
/// (observed through the scripted transport, so every step is where the test put it), the
/// atomic claim of a run, and a stop while queued.
@Suite struct RequestPhaseTests {
    private static let all: [RequestPhase] = [.idle, .preparing, .queued, .inFlight, .processing, .delivering,
                                              .finished, .cancelled]
    private static let active: [RequestPhase] = [.preparing, .queued, .inFlight, .processing, .delivering]

    private struct Move: Hashable, CustomStringConvertible {
        let from: RequestPhase
        let to: RequestPhase
        init(_ from: RequestPhase, _ to: RequestPhase) {
            self.from = from
            self.to = to
        }
        var description: String { "\(from) → \(to)" }
    }

    /// The documented table, written out: a start from rest, the way forward, a retry (or a
    /// 416 restart) back to the queue, an answer without the network, a failure before any
    /// transfer (queued → processing), and a stop from any active phase.
    private static let legal: Set<Move> = {
        var moves: Set<Move> = [
            Move(.idle, .preparing), Move(.finished, .preparing), Move(.cancelled, .preparing),
            Move(.preparing, .queued), Move(.preparing, .delivering),
            Move(.queued, .inFlight), Move(.queued, .processing),
            Move(.inFlight, .processing),
            Move(.processing, .queued), Move(.processing, .delivering),
            Move(.delivering, .finished),
        ]
        for phase in active { moves.insert(Move(phase, .cancelled)) }
        return moves
    }()

    // MARK: - The table

    @Test func everyPairOfPhasesIsLegalExactlyWhenTheTableSaysSo() {
        var checked = 0
        for from in Self.all {
            for to in Self.all {
                let move = Move(from, to)
                #expect(from.canMove(to: to) == Self.legal.contains(move), "\(move)")
                checked += 1
            }
        }
        expectEqual(checked, 64)
        expectEqual(Self.legal.count, 16)
    }

    @Test(arguments: [
        (RequestPhase.idle, RequestPhase.inFlight),      // a run starts by being claimed
        (.idle, .cancelled),                             // nothing to stop
        (.preparing, .preparing),                        // a second start while one prepares
        (.queued, .queued),                              // a second start while queued
        (.inFlight, .preparing),                         // … or in flight
        (.inFlight, .queued),                            // a retry is decided while processing
        (.delivering, .queued),                          // no retry once the outcome is stored
        (.delivering, .processing),
        (.finished, .finished),                          // callbacks run once
        (.finished, .cancelled),                         // a finished run cannot be stopped
        (.cancelled, .cancelled),                        // a stop happens once
        (.cancelled, .delivering),                       // a stopped run delivers nothing
    ])
    func representativeIllegalMovesAreRefused(_ from: RequestPhase, _ to: RequestPhase) {
        #expect(!from.canMove(to: to), "\(from) → \(to)")
    }

    @Test func activePhasesAreTheOnesBetweenTheClaimAndTheEnd() {
        expectEqual(Self.all.filter(\.isActive), Self.active)
        expectEqual(RequestPhase.idle.description, "idle")
        expectEqual(RequestPhase.inFlight.description, "in flight")
    }

    // MARK: - A run's path

    @Test func aRunGoesFromIdleThroughTheQueueAndTheTransferToFinished() async throws {
        let (agent, transport) = ScriptedTransport.agent(config: scriptedConfig { $0.maxConcurrentTransfers = 1 })
        let blocker = ScriptedRequest("/blocker", agent: agent)
        blocker.start()
        let blockerStarted = await transport.started.element(1)
        let blockerJob = try #require(blockerStarted)

        let request = ScriptedRequest("/observed", agent: agent)
        expectEqual(request.phase, .idle)
        #expect(!request.isExecuting)
        request.start()
        #expect(request.phase == .queued, "the only slot is taken")
        #expect(request.isExecuting)
        #expect(request.taskID != nil)

        #expect(transport.answer(blockerJob, status: 200, json: "{}"))
        let started = await transport.started.element(2)
        let job = try #require(started)
        #expect(ScriptedTransport.request(of: job) === request)
        expectEqual(request.phase, .inFlight)

        #expect(transport.answer(job, status: 200, json: #"{"seen":true}"#))
        #expect(await request.callbacks.wait(for: 1))
        await drain(agent.config.callbackQueue)
        expectEqual(request.phase, .finished)
        #expect(!request.isExecuting)
        expectEqual(request.tracedPhases, [.preparing, .queued, .inFlight, .processing, .delivering, .finished])
    }

    @Test func anAnswerWithoutTheNetworkGoesStraightToDelivering() async throws {
        final class Answered: Request, PhaseTracing, @unchecked Sendable {
            let phases = AwaitableLog<RequestPhase>()
            func tracePhase() { phases.append(phase) }
            override func start() {
                var content = ResponseContent()
                content.data = Data("{}".utf8)
                completeWithoutNetwork(content: content)
            }
            override func requestCompletePreprocessor() { tracePhase() }
            override func requestCompleteFilter() { tracePhase() }
        }
        let (agent, transport) = ScriptedTransport.agent(config: scriptedConfig())
        let request = Answered()
        request.agent = agent
        request.start()
        // willStart, preprocessor, willStop, filter, didStop.
        #expect(await request.phases.wait(for: 5))
        expectEqual(transport.submitted.count, 0)
        expectEqual(request.phases.entries, [.delivering, .delivering, .finished, .finished, .finished])
        expectEqual(request.phase, .finished)
    }

    // MARK: - Claiming a run

    @Test func concurrentStartsOfOneRequestMakeOneRunEachTime() async throws {
        let (agent, transport) = ScriptedTransport.agent(config: scriptedConfig())
        let request = ScriptedRequest("/once", agent: agent)
        // concurrentPerform runs its iterations on one thread per core; each thread's first
        // iteration waits at a gate until every thread has arrived (or briefly, should fewer
        // take part), so that the first starts of a round really do race.
        let threads = max(2, ProcessInfo.processInfo.activeProcessorCount)
        for round in 1...10 {
            request.listen()
            let arrived = Mutex(0)
            DispatchQueue.concurrentPerform(iterations: 100) { _ in
                let arrival = arrived.withLock { count -> Int in
                    count += 1
                    return count
                }
                if arrival <= threads {
                    let giveUp = DispatchTime.now().uptimeNanoseconds + 50_000_000
                    while arrived.withLock({ $0 }) < threads, DispatchTime.now().uptimeNanoseconds < giveUp {}
                }
                request.start()
            }
            // Starting is synchronous up to the transport: every start has returned, so every
            // run that was claimed has submitted its job.
            #expect(transport.submitted.count == round, "round \(round): one job for 100 starts")
            let started = await transport.started.element(round)
            let job = try #require(started)
            #expect(transport.answer(job, status: 200, json: "{}"))
            #expect(await request.callbacks.wait(for: round))
            await drain(agent.config.callbackQueue)
            #expect(request.callbacks.count == round, "round \(round): one callback")
            expectEqual(request.phase, .finished)
        }
        expectEqual(request.callbacks.entries, Array(repeating: "success", count: 10))
        expectEqual(transport.submitted.count, 10)
    }

    // MARK: - Stopping

    @Test func stoppingAQueuedRequestCancelsItsJobAndNoCallbackFollows() async throws {
        let (agent, transport) = ScriptedTransport.agent(config: scriptedConfig { $0.maxConcurrentTransfers = 1 })
        let blocker = ScriptedRequest("/blocker", agent: agent)
        blocker.start()
        let blockerStarted = await transport.started.element(1)
        let blockerJob = try #require(blockerStarted)

        let request = ScriptedRequest("/stopped", agent: agent)
        request.start()
        expectEqual(request.phase, .queued)
        let id = try #require(request.taskID)
        request.stop()
        expectEqual(request.phase, .cancelled)
        #expect(request.isCancelled)
        #expect(!request.isExecuting)
        #expect(transport.cancelled.entries == [id], "the agent took the job back")

        // The freed slot goes to nobody: the stopped job left the queue.
        #expect(transport.answer(blockerJob, status: 200, json: "{}"))
        #expect(await blocker.callbacks.wait(for: 1))
        await drain(agent.config.callbackQueue)
        expectEqual(transport.started.count, 1)
        #expect(transport.runningIDs.isEmpty)
        #expect(request.callbacks.count == 0, "no callback after a stop")
        expectEqual(request.phase, .cancelled)
        expectEqual(agent.inFlightCount, 0)
        expectEqual(request.tracedPhases, [.preparing, .queued, .cancelled])

        // A stopped request may run again.
        request.listen()
        request.start()
        let restarted = await transport.started.element(2)
        let job = try #require(restarted)
        #expect(ScriptedTransport.request(of: job) === request)
        #expect(transport.answer(job, status: 200, json: "{}"))
        #expect(await request.callbacks.wait(for: 1))
        expectEqual(request.callbacks.entries, ["success"])
        await drain(agent.config.callbackQueue)
        expectEqual(request.phase, .finished)
    }

    @Test func stoppingARequestInFlightDropsItsTransferAndRunThrowsCancelled() async throws {
        let (agent, transport) = ScriptedTransport.agent(config: scriptedConfig())
        let request = ScriptedRequest("/in-flight", agent: agent)
        let run = Task { try await request.run() }
        let started = await transport.started.element(1)
        let job = try #require(started)
        expectEqual(request.phase, .inFlight)
        request.stop()
        expectEqual(request.phase, .cancelled)
        expectEqual(transport.cancelled.entries, [job.id])
        #expect(!transport.answer(job, status: 200, json: "{}"), "the transport no longer runs it")
        await #expect(throws: RequestError.cancelled) { try await run.value }
        await drain(agent.config.callbackQueue)
        expectEqual(request.callbacks.count, 0)
        expectEqual(request.phase, .cancelled)
    }
}
