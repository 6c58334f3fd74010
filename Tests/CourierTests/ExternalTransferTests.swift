import Courier
import Foundation
import HTTPTypes
import Synchronization
import Testing

/// A request carried by an ``ExternalTransport`` (a WebSocket client, in the workbench) is a
/// request like the others: prepared as usual, in the record table while it runs, its messages
/// a stream delivered to the handler and kept, its end decided by the same pipeline, and a stop
/// reaches the transport. A scripted transport here; the real one is tested against servers.
@Suite struct ExternalTransferTests {
    /// Connects, sends what the test says, and finishes when told.
    final class ScriptedSession: ExternalTransport, @unchecked Sendable {
        let schemes: Set<String> = ["ws", "wss"]
        let transfers = AwaitableLog<ExternalTransfer>()
        let cancels = AwaitableLog<Int>()

        func begin(_ transfer: ExternalTransfer) {
            transfer.onCancel { self.cancels.append(transfer.id) }
            var headers = HTTPFields()
            headers[.upgrade] = "websocket"
            transfer.connected(head: ResponseHead(url: transfer.prepared.url, statusCode: 101, headers: headers, httpVersion: "HTTP/1.1"))
            transfers.append(transfer)
        }
    }

    private func handshake(_ url: String) -> ResponseHead {
        var headers = HTTPFields()
        headers[.upgrade] = "websocket"
        return ResponseHead(url: url, statusCode: 101, headers: headers, httpVersion: "HTTP/1.1")
    }

    /// A request to `url` carried by a new scripted session, started: the session, agent,
    /// request, its run and the transfer the session was given.
    private func started(_ url: String, headers: [String: String]? = nil,
                         _ prepare: (ConfigurableRequest) -> Void = { _ in }) async throws
        -> (session: ScriptedSession, agent: NetworkAgent, request: ConfigurableRequest, run: Task<ConfigurableRequest, any Error>,
            transfer: ExternalTransfer) {
        let session = ScriptedSession()
        let agent = NetworkAgent(config: NetworkConfig())
        let request = ConfigurableRequest(url, headers: headers)
        request.definition.externalTransport = session
        request.agent = agent
        prepare(request)
        let run = Task { try await request.run() }
        let transfer = try #require(await session.transfers.element(1))
        return (session, agent, request, run, transfer)
    }

    @Test func aSessionIsARequestWithAStreamOfMessages() async throws {
        let log = AwaitableLog<StreamEvent>()
        let (_, agent, request, run, transfer) = try await started("ws://127.0.0.1:9/ws", headers: ["Authorization": "Bearer t0ken"]) {
            $0.streamEventHandler = { _, event in log.append(event) }
        }
        expectEqual(transfer.prepared.url, "ws://127.0.0.1:9/ws")
        expectEqual(transfer.prepared.header("Authorization"), "Bearer t0ken")
        expectEqual(request.phase, .inFlight)
        transfer.deliver([.message(Data("hello".utf8), direction: .sent, name: "text"),
                          .message(Data("{\"type\":\"ack\"}".utf8), direction: .received, name: "text")])
        transfer.moved(sent: 5, received: 14)
        #expect(await log.wait(for: 2))
        let record = try #require(agent.records().first)
        #expect(record.stream?.description.hasPrefix("streaming 2 messages") == true, "\(record)")
        expectEqual(record.bytesReceived, 14)
        transfer.finish(head: handshake(transfer.prepared.url), error: nil)
        _ = try await run.value
        expectEqual(log.entries.map(\.sequence), [1, 2])
        expectEqual(log.entries.map(\.direction), [.sent, .received])
        #expect(request.error == nil, "101 is a session's success")
        expectEqual(request.responseStatusCode, 101)
        expectEqual(request.streamEvents.last?.json?["type"], "ack")
        #expect(request.responseString == "> text hello\n< text {\"type\":\"ack\"}\n", "the transcript is the body")
        expectEqual(request.streamState?.description, "streamed 2 messages")
    }

    /// A session delivers from two tasks at once (what it sends, what it receives): the handler
    /// hears every event in the order it was numbered. Numbering and queueing were two steps,
    /// and a WebSocket transcript once read 1, 2, 4, 5, 6, 3 on a loaded machine (#41).
    @Test func eventsDeliveredFromTwoThreadsArriveInTheirNumbersOrder() async throws {
        let log = AwaitableLog<StreamEvent>()
        let (_, _, _, run, transfer) = try await started("ws://127.0.0.1:9/ws") {
            $0.streamEventHandler = { _, event in log.append(event) }
        }
        let perThread = 10_000
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for index in 0..<perThread {
                transfer.deliver([.message(Data("\(thread)-\(index)".utf8), direction: thread == 0 ? .sent : .received, name: "text")])
            }
        }
        #expect(await log.wait(for: 2 * perThread))
        let numbers = log.entries.map(\.sequence)
        #expect(numbers == Array(1...(2 * perThread)), "first out of order at \(zip(numbers, 1...).first { $0 != $1 }.map { "\($0)" } ?? "-")")
        transfer.finish(head: handshake(transfer.prepared.url), error: nil)
        _ = try await run.value
    }

    @Test func aStopReachesTheTransportAndLaterReportsAreIgnored() async throws {
        let (session, agent, request, run, transfer) = try await started("wss://127.0.0.1:9/ws")
        request.stop()
        expectEqual(session.cancels.entries, [transfer.id])
        #expect(transfer.isCancelled)
        transfer.deliver([.message(Data("late".utf8), direction: .received, name: "text")])
        transfer.finish(head: nil, error: nil)
        await #expect(throws: RequestError.cancelled) { try await run.value }
        #expect(request.streamEvents.isEmpty)
        expectEqual(agent.inFlightCount, 0)
    }

    @Test func aFailedSessionFailsTheRequestWithItsError() async throws {
        let (_, _, request, run, transfer) = try await started("ws://127.0.0.1:9/ws")
        transfer.finish(head: nil, error: RequestError(family: .transport, code: .networkConnectionLost, message: "The connection was dropped."))
        await #expect(throws: RequestError.self) { try await run.value }
        expectEqual(request.error?.code, .networkConnectionLost)
    }

    @Test func withoutAnExternalTransportAWebSocketURLIsRefused() async throws {
        let request = ConfigurableRequest("ws://127.0.0.1:9/ws")
        request.agent = NetworkAgent(config: NetworkConfig())
        await #expect(throws: RequestError.self) { try await request.run() }
        expectEqual(request.error?.code, .unsupportedURL)
    }

    @Test func endStreamFinishesASessionWithItsHandshake() async throws {
        let (session, _, request, run, transfer) = try await started("ws://127.0.0.1:9/ws")
        transfer.deliver([.message(Data("hi".utf8), direction: .received, name: "text")])
        #expect(request.endStream())
        _ = try await run.value
        #expect(session.cancels.entries == [transfer.id], "no clean close offered: the session is dropped")
        expectEqual(request.error, nil)
        expectEqual(request.streamEvents.map(\.text), ["hi"])
    }
}

