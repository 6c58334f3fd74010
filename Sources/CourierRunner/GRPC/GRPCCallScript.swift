import Courier
import CourierChecks
import CourierFormat
import Foundation
import Synchronization

/// A streaming call's `messages:` after its first sends (which go as the call starts),
/// played on the running call: a message sent, the server's next messages awaited until one
/// meets a condition, a pause, the half-close — and after the last step the half-close. An
/// `expect:` that no message meets in time ends the call and says why
/// (``WorkspaceRequest/scriptProblem``), which fails it; so does a call the server ends before
/// the script is through (``unfinished(received:)``).
final class GRPCCallScript: Sendable {
    enum Step: Sendable, Hashable {
        case send(Data)
        /// `step`: its place in `messages:`.
        case expect(Condition, timeout: Double, step: Int)
        case wait(Double)
        case close
    }

    private struct Inbox {
        var events: [StreamEvent] = []
        var waiter: (id: Int, continuation: CheckedContinuation<StreamEvent?, Never>)?
        var waits = 0
        /// The step being played (steps.count: all played).
        var position = 0
        /// The sequence number of the last message an `expect:` looked at.
        var looked = 0
    }

    private let steps: [Step]
    private let request: WorkspaceRequest
    /// Whether the last step is followed by the half-close (not for a call kept open for a reader).
    private let halfClosesAtEnd: Bool
    private let inbox = Mutex(Inbox())

    /// Hears `request`'s messages from now on (call it before the request starts, so that no
    /// answer is missed).
    init(_ steps: [Step], on request: WorkspaceRequest, halfClosesAtEnd: Bool = true) {
        self.steps = steps
        self.request = request
        self.halfClosesAtEnd = halfClosesAtEnd
        let previous = request.streamEventHandler
        self.previous = previous
        request.streamEventHandler = { [self] request, event in
            previous?(request, event)
            if event.kind == .message, event.direction == .received { receive(event) }
        }
    }

    private let previous: (@Sendable (Request, StreamEvent) -> Void)?

    /// Plays the steps on the started request, then gives its event handler back.
    func play() async {
        defer { request.streamEventHandler = previous }
        for (position, step) in steps.enumerated() {
            inbox.withLock { $0.position = position }
            guard request.isExecuting else { return }
            switch step {
            case .send(let message):
                guard request.send(.binary(message)) else { return }
                inbox.withLock { $0.position = position + 1 }
            case .wait(let seconds):
                try? await Task.sleep(for: .seconds(seconds))
            case .close:
                request.finishSending()
            case .expect(let condition, let timeout, let index):
                guard await firstMessage(meeting: condition, within: timeout) else {
                    // A call that ended meanwhile (the server closed it, or it was stopped) is not ended again.
                    guard request.isExecuting else { return }
                    request.scriptProblem = "messages[\(index)]: expect \(condition.text): no message from the server met it within "
                        + "\(timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)) s"
                    if !request.endStream() { request.stop() }
                    return
                }
            }
        }
        inbox.withLock { $0.position = steps.count }
        if halfClosesAtEnd { request.finishSending() }
    }

    /// Why the script is not through now that the call ended (nil when it is): the step it
    /// was at — an `expect:` that none of the messages `received` since the last one met, or
    /// a step the call ended before. Asked as the call's response is judged, which may come
    /// before the last messages reached the script, so they are looked at here too.
    func unfinished(received: [StreamEvent]) -> String? {
        let (position, looked) = inbox.withLock { ($0.position, $0.looked) }
        guard position < steps.count else { return nil }
        if case .expect(let condition, _, let index) = steps[position] {
            let met = received.contains { $0.sequence > looked && meets(condition, $0) }
            if !met { return "messages[\(index)]: expect \(condition.text): the call ended before a message met it" }
            // Met by the last messages: what follows it could not run on an ended call.
            return Self.left(steps[(position + 1)...])
        }
        return Self.left(steps[position...])
    }

    /// What is wrong with a script that ended with `steps` not played: nothing when they only
    /// wait or half-close.
    private static func left(_ steps: ArraySlice<Step>) -> String? {
        let count = steps.count { step in
            switch step {
            case .send, .expect: true
            case .wait, .close: false
            }
        }
        return count == 0 ? nil : "the call ended with \(count) of its messages: steps not played"
    }

    /// Whether a message the server sends within `timeout` seconds (or one it sent since the
    /// last `expect:`) meets `condition`.
    private func firstMessage(meeting condition: Condition, within timeout: Double) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while let event = await next(before: deadline) {
            inbox.withLock { $0.looked = max($0.looked, event.sequence) }
            if meets(condition, event) { return true }
        }
        return false
    }

    /// Whether the server's message `event`, read as JSON by the call's schema, meets `condition`.
    private func meets(_ condition: Condition, _ event: StreamEvent) -> Bool {
        let readable = request.readable(event)
        return condition.holds { StreamDefinition.value(of: $0, in: readable) }
    }

    private func receive(_ event: StreamEvent) {
        let waiter = inbox.withLock { inbox -> CheckedContinuation<StreamEvent?, Never>? in
            guard let waiter = inbox.waiter else {
                inbox.events.append(event)
                return nil
            }
            inbox.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: event)
    }

    /// The next message received, or nil once `deadline` passed first.
    private func next(before deadline: ContinuousClock.Instant) async -> StreamEvent? {
        await withCheckedContinuation { continuation in
            let (queued, id) = inbox.withLock { inbox -> (StreamEvent?, Int) in
                if !inbox.events.isEmpty { return (inbox.events.removeFirst(), 0) }
                inbox.waits += 1
                inbox.waiter = (inbox.waits, continuation)
                return (nil, inbox.waits)
            }
            if let queued { return continuation.resume(returning: queued) }
            Task { [self] in
                try? await Task.sleep(until: deadline)
                // Only this wait's own continuation, if no message came for it.
                let expired = self.inbox.withLock { inbox -> CheckedContinuation<StreamEvent?, Never>? in
                    guard let waiter = inbox.waiter, waiter.id == id else { return nil }
                    inbox.waiter = nil
                    return waiter.continuation
                }
                expired?.resume(returning: nil)
            }
        }
    }
}
