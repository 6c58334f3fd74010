import CourierWorkspace
import Courier
import Foundation
import Synchronization

/// What a loading indicator shows: requests, batches and chains in flight, the last event,
/// a spinner frame and the failures waiting to be shown as toasts.
public struct HUDSnapshot: Sendable, Equatable {
    public var requests = 0
    public var batches = 0
    public var chains = 0
    public var lastEvent = ""
    /// The spinner glyph to draw now; advances with every event, blank when idle.
    public var spinner: Character = " "
    /// Failures not yet taken by `takeToasts()`.
    public var pendingToasts = 0

    public var isBusy: Bool { requests + batches + chains > 0 }
}

/// The workbench's HUD: a thread-safe accessory (YTK's official "loading" plugin, with the
/// in-flight counter the CTNetworking write-up recommends) that the status line reads. Installed
/// on the config's `accessories`, it sees everything an agent runs.
public final class HUDAccessory: RequestAccessory, Sendable {
    private struct State {
        var snapshot = HUDSnapshot()
        var frame = 0
        var toasts: [String] = []
    }

    private static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    private let state = Mutex(State())
    /// At most this many toasts wait; older ones are dropped first.
    public let toastLimit: Int

    public init(toastLimit: Int = 50) { self.toastLimit = toastLimit }

    public var snapshot: HUDSnapshot { state.withLock { $0.snapshot } }

    /// The failure messages since the last call, oldest first.
    public func takeToasts() -> [String] {
        state.withLock { state in
            defer {
                state.toasts.removeAll()
                state.snapshot.pendingToasts = 0
            }
            return state.toasts
        }
    }

    public func requestWillStart(_ subject: AnyObject) {
        update(subject, delta: 1, verb: "started", failure: nil)
    }

    public func requestDidStop(_ subject: AnyObject) {
        update(subject, delta: -1, verb: "finished", failure: Self.failureMessage(of: subject))
    }

    private func update(_ subject: AnyObject, delta: Int, verb: String, failure: String?) {
        let name = Self.describe(subject)
        state.withLock { state in
            switch subject {
            case is BatchRequest: state.snapshot.batches = max(0, state.snapshot.batches + delta)
            case is ChainRequest: state.snapshot.chains = max(0, state.snapshot.chains + delta)
            default: state.snapshot.requests = max(0, state.snapshot.requests + delta)
            }
            state.snapshot.lastEvent = failure.map { "✗ \($0)" } ?? "\(name) \(verb)"
            state.frame += 1
            state.snapshot.spinner = state.snapshot.isBusy ? Self.frames[state.frame % Self.frames.count] : " "
            if let failure {
                state.toasts.append(failure)
                if state.toasts.count > toastLimit { state.toasts.removeFirst(state.toasts.count - toastLimit) }
                state.snapshot.pendingToasts = state.toasts.count
            }
        }
    }

    private static func describe(_ subject: AnyObject) -> String {
        switch subject {
        case let request as Request: return "\(request.method.rawValue) \(request.requestURL)"
        case let batch as BatchRequest: return "batch of \(batch.requests.count)"
        case let chain as ChainRequest: return "chain of \(chain.snapshot.steps.count) steps"
        default: return String(describing: type(of: subject))
        }
    }

    /// A failure worth a toast; a stop is not one.
    private static func failureMessage(of subject: AnyObject) -> String? {
        switch subject {
        case let request as Request:
            guard let error = request.error, !request.isCancelled else { return nil }
            return "\(describe(request)): \(error.message)"
        case let batch as BatchRequest:
            guard let failed = batch.failedRequest, let error = failed.error else { return nil }
            return "\(describe(batch)) failed at \(describe(failed)): \(error.message)"
        case let chain as ChainRequest:
            guard let failed = chain.failedRequest, let error = failed.error else { return nil }
            return "\(describe(chain)) failed at \(describe(failed)): \(error.message)"
        default:
            return nil
        }
    }
}
