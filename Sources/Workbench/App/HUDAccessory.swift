import CourierWorkspace
import Courier
import Foundation
import Synchronization

/// What a loading indicator shows: requests, batches and chains in flight, the HUD texts of
/// those that carry one, the last event and a spinner frame.
package struct HUDSnapshot: Sendable, Equatable {
    package var requests = 0
    package var batches = 0
    package var chains = 0
    package var lastEvent = ""
    /// The spinner glyph to draw now; advances with every event, blank when idle.
    package var spinner: Character = " "
    /// The `hudText` of each request, batch or chain in flight that has one, in the order
    /// they started: the last is the newest.
    package var texts: [HUDText] = []

    package var isBusy: Bool { requests + batches + chains > 0 }
}

/// A request's, batch's or chain's `hudText`, shown while it runs.
package struct HUDText: Sendable, Equatable {
    /// The request, batch or chain.
    package let subject: ObjectIdentifier
    package let text: String
}

/// The workbench's HUD: a thread-safe accessory (YTK's official "loading" plugin, with the
/// in-flight counter the CTNetworking write-up recommends) that the status line reads. Installed
/// on the config's `accessories`, it sees everything an agent runs. It raises no toasts: the
/// workbench's one path for them is `AppModel.say`, which hears stops through the mailbox and
/// leaves out failures whose subject has `quietErrors`.
package final class HUDAccessory: RequestAccessory, Sendable {
    private struct State {
        var snapshot = HUDSnapshot()
        var frame = 0
    }

    private static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    private let state = Mutex(State())

    package init() {}

    package var snapshot: HUDSnapshot { state.withLock { $0.snapshot } }

    package func requestWillStart(_ subject: AnyObject) {
        update(subject, delta: 1, verb: "started", failure: nil, text: (subject as? any HUDSubject)?.hudText)
    }

    package func requestDidStop(_ subject: AnyObject) {
        update(subject, delta: -1, verb: "finished", failure: Self.failureMessage(of: subject), text: nil)
    }

    /// Counts a start (`delta` 1, showing `text` until the stop) or a stop (-1).
    private func update(_ subject: AnyObject, delta: Int, verb: String, failure: String?, text: String?) {
        let name = Self.describe(subject)
        let id = ObjectIdentifier(subject)
        state.withLock { state in
            state.snapshot.texts.removeAll { $0.subject == id }
            if let text { state.snapshot.texts.append(HUDText(subject: id, text: text)) }
            switch subject {
            case is BatchRequest: state.snapshot.batches = max(0, state.snapshot.batches + delta)
            case is ChainRequest: state.snapshot.chains = max(0, state.snapshot.chains + delta)
            default: state.snapshot.requests = max(0, state.snapshot.requests + delta)
            }
            state.snapshot.lastEvent = failure.map { "✗ \($0)" } ?? "\(name) \(verb)"
            state.frame += 1
            state.snapshot.spinner = state.snapshot.isBusy ? Self.frames[state.frame % Self.frames.count] : " "
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

    /// A failure for the last event; a stop is not one.
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
