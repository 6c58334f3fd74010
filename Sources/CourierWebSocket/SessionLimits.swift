import Courier
import Foundation
import Synchronization

/// The time limits of one session, which the session itself cannot overrun: the request's
/// deadline over the whole of it (connecting and the close handshake included), and the close
/// timeout once a close is sent and the server has not answered it. When one passes, the
/// request is finished at once with an error that says which, and the session is cancelled,
/// which drops the connection — however the session is waiting.
final class SessionLimits: Sendable {
    private struct State {
        var timers: [Task<Void, Never>] = []
        var closeTimerStarted = false
        var finished = false
        var limitPassed = false
        var task: Task<Void, Never>?
    }

    private let state = Mutex(State())
    private let transfer: ExternalTransfer

    init(transfer: ExternalTransfer) {
        self.transfer = transfer
    }

    /// The session's task, cancelled when a limit passes; and the deadline (nil: none) starts.
    func attach(_ task: Task<Void, Never>, deadline: Double?) {
        let passed = state.withLock { state -> Bool in
            state.task = task
            return state.limitPassed
        }
        if passed { task.cancel() }
        guard let deadline else { return }
        add(after: deadline) {
            RequestError(family: .transport, code: .timedOut,
                         message: "Not finished within \(Self.seconds(deadline)) (the request's deadline): the WebSocket session "
                             + "was ended and its connection dropped.")
        }
    }

    /// A close went out: the server has `timeout` seconds to answer it (only the first close counts).
    func closeSent(code: UInt16, timeout: Double) {
        let first = state.withLock { state -> Bool in
            defer { state.closeTimerStarted = true }
            return !state.closeTimerStarted
        }
        guard first else { return }
        add(after: timeout) {
            RequestError(family: .transport, code: .timedOut,
                         message: "The server did not answer the close (\(code)) within \(Self.seconds(timeout)): the connection "
                             + "was dropped.")
        }
    }

    /// The session ended on its own: the limits stop.
    func sessionEnded() {
        let timers = state.withLock { state -> [Task<Void, Never>] in
            state.finished = true
            defer { state.timers = [] }
            return state.timers
        }
        for timer in timers { timer.cancel() }
    }

    private func add(after seconds: Double, error: @escaping @Sendable () -> RequestError) {
        let timer = Task { [self] in
            guard (try? await Task.sleep(for: .seconds(seconds))) != nil else { return }
            let passed = state.withLock { state -> (Bool, Task<Void, Never>?) in
                guard !state.finished else { return (false, nil) }
                state.finished = true
                state.limitPassed = true
                return (true, state.task)
            }
            guard passed.0 else { return }
            transfer.finish(head: nil, error: error())
            passed.1?.cancel()
        }
        let late = state.withLock { state -> Bool in
            if state.finished { return true }
            state.timers.append(timer)
            return false
        }
        if late { timer.cancel() }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
