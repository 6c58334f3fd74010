import Courier
import Foundation
import Synchronization

/// The server's messages of one session as the script's expectations read them: each
/// expectation looks at the messages after those the previous one consumed, waiting for new
/// ones up to its timeout.
final class ReceivedMessages: Sendable {
    private struct State {
        var messages: [StreamEvent] = []
        var consumed = 0
        var ended = false
        var waiter: CheckedContinuation<Void, Never>?
        var failure: RequestError?
    }

    private let state = Mutex(State())

    func append(_ message: StreamEvent) {
        state.withLock { state in
            state.messages.append(message)
            return state.waiter.take()
        }?.resume()
    }

    /// Why the script failed (an expectation not met), once it did.
    var failure: RequestError? { state.withLock { $0.failure } }

    /// The first failure stays: a close sent because of it can fail the session again.
    func fail(_ error: RequestError) { state.withLock { $0.failure = $0.failure ?? error } }

    /// The session's inbound side ended: a waiting expectation stops waiting.
    func end() {
        state.withLock { state in
            state.ended = true
            return state.waiter.take()
        }?.resume()
    }

    /// The first new message that meets `expectation`, or nil when none came within its
    /// timeout (or before the end), with the texts of those that came instead.
    func await(_ expectation: WebSocketExpectation) async -> (match: StreamEvent?, others: [String]) {
        let deadline = ContinuousClock.now + .seconds(expectation.timeout)
        var others: [String] = []
        while true {
            let (found, ended) = state.withLock { state -> (StreamEvent?, Bool) in
                while state.consumed < state.messages.count {
                    let message = state.messages[state.consumed]
                    state.consumed += 1
                    if expectation.matches(message) { return (message, false) }
                    others.append(message.text)
                }
                return (nil, state.ended)
            }
            if let found { return (found, others) }
            if ended || ContinuousClock.now >= deadline { return (nil, others) }
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.nextArrival() }
                group.addTask { try? await Task.sleep(until: deadline) }
                await group.next()
                group.cancelAll()
                self.state.withLock { $0.waiter.take() }?.resume()
            }
        }
    }

    private func nextArrival() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if state.consumed < state.messages.count || state.ended { return true }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }
}
