import Courier
import CourierFormat
import Foundation
import Synchronization

/// A chain step with `repeat:` (``StepRepeat``), as the one engine request the chain waits
/// for: each try sends the step's workspace request and records its captures and status on
/// the chain (`record`), then reads the condition; it finishes after the try where the
/// condition held, or fails (validation, -13) after the last try. Between tries it waits
/// the delay. When the chain stops, the tries stop. Each try but the last is told to
/// `recordTry` as it ends (the chain reports the last, as the step's).
final class RepeatedStep: Request, @unchecked Sendable {
    let request: WorkspaceRequest
    let repetition: StepRepeat
    private let record: @Sendable (ChainRequest) -> Void
    private let holds: @Sendable (ChainRequest) -> Bool
    private let recordTry: @Sendable (Int) -> Void
    private let state = Mutex<(chain: WeakChain, tries: Int, running: Bool)>((WeakChain(), 0, false))

    private struct WeakChain { weak var chain: ChainRequest? }

    /// - Parameters:
    ///   - record: puts the request's captures and `status.NAME` on the chain after a try.
    ///   - holds: the `until` condition over the chain's values and the scope.
    ///   - recordTry: keeps a try that another follows, by its number (from 1), while its
    ///     response is still the request's.
    init(_ request: WorkspaceRequest, repetition: StepRepeat, record: @escaping @Sendable (ChainRequest) -> Void,
         holds: @escaping @Sendable (ChainRequest) -> Bool, recordTry: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.request = request
        self.repetition = repetition
        self.record = record
        self.holds = holds
        self.recordTry = recordTry
        super.init()
        agent = request.agent
    }

    /// The chain whose step this is (held weakly: the chain holds the step).
    func attach(to chain: ChainRequest) { state.withLock { $0.chain.chain = chain } }

    /// How many tries the last run made.
    var tries: Int { state.withLock { $0.tries } }

    override var method: HTTPMethod { request.method }
    override var requestURL: String { request.requestURL }

    override func start() {
        let claimed = state.withLock { state -> Bool in
            guard !state.running else { return false }
            state.running = true
            state.tries = 0
            return true
        }
        guard claimed else { return }
        Task { await self.poll() }
    }

    private func poll() async {
        var lastError: RequestError?
        var tries = 0
        while true {
            do {
                try await request.run()
                lastError = nil
            } catch {
                lastError = error as? RequestError ?? RequestError(family: .transport, code: .unknown, message: "\(error)")
            }
            tries += 1
            let chain = state.withLock { state in
                state.tries = tries
                return state.chain.chain
            }
            // The chain stopped: so do the tries.
            guard let chain, chain.isRunning else { return finish(error: .cancelled) }
            record(chain)
            if lastError == nil, holds(chain) { return finish(error: nil) }
            if tries >= repetition.maxTries { break }
            recordTry(tries)
            try? await Task.sleep(for: .seconds(repetition.delay))
        }
        let message = repetition.failure(tries: tries, lastError: lastError.map { request.scope.redact($0.message) })
        finish(error: RequestError(family: .validation, code: .responseRejected, message: message, cause: lastError))
    }

    private func finish(error: RequestError?) {
        state.withLock { $0.running = false }
        completeWithoutNetwork(content: ResponseContent(), error: error)
    }
}

extension WorkspaceRunner {
    /// Records a try of a repeated step that another try followed, named `NAME [try N]` so
    /// that the history tells the tries apart; the step's last try is recorded with the
    /// chain's report, under the request's name.
    func recordTry(_ number: Int, of request: WorkspaceRequest, chain: String, step: Int) {
        guard let history = options.history else { return }
        var result = result(of: request)
        result.name += " [try \(number)]"
        result.chain = chain
        result.step = step
        history.record(request, result: result)
    }
}
