import Courier
import CourierFormat
import CourierRunner
import Foundation
import Synchronization

/// A chain as a load run's iterations: each iteration runs the whole chain through the
/// workspace runner (its steps depend on captures), on the `each:` rows in turn; every request
/// it sent becomes a sample of its step, and the last ends the iteration.
final class ChainLoadIterations: LoadIterations {
    private let runner: WorkspaceRunner
    private let definition: ChainDefinition
    private let rows: [DataRows.Row?]
    private let running = Mutex<[Int: ChainRequest]>([:])
    /// Where a few exchanges of each outcome go, redacted through their own request's scope.
    private let exchanges: LoadExchangeKeeper

    init(runner: WorkspaceRunner, chain definition: ChainDefinition, exchanges: LoadExchangeKeeper) {
        self.runner = runner
        self.definition = definition
        self.exchanges = exchanges
        rows = definition.each?.rows.map(Optional.some) ?? [nil]
    }

    /// The steps' titles, as the chain names them.
    var stepNames: [String] {
        definition.steps.map { $0.title ?? $0.items.map(\.request.name).joined(separator: $0.isParallel ? " ∥ " : " ") }
    }

    func start(index: Int, due: UInt64, warmup: Bool, done: @escaping @Sendable ([LoadSample]) -> Void) {
        let run = ChainRun(runner: runner, chain: definition, row: rows[index % rows.count])
        let chain = run.chain
        running.withLock { $0[index] = chain }
        let stepRequests = run.stepRequests
        let started = LoadDriver.now()
        Task { [self] in
            _ = try? await chain.run()
            self.running.withLock { _ = $0.removeValue(forKey: index) }
            var samples = self.samples(of: stepRequests, due: due, warmup: warmup)
            for index in samples.indices {
                samples[index].sentAt = started
                samples[index].sendDelay = started > due ? started - due : 0
            }
            done(samples)
        }
    }

    func cancelAll() {
        let chains = running.withLock { running in
            defer { running.removeAll() }
            return Array(running.values)
        }
        chains.forEach { $0.stop() }
    }

    /// A sample for each request the chain sent (a step it skipped sent none).
    private func samples(of steps: [[WorkspaceRequest]], due: UInt64, warmup: Bool) -> [LoadSample] {
        var samples: [LoadSample] = []
        for (index, requests) in steps.enumerated() {
            for request in requests {
                let metrics = request.metrics
                let status = request.responseStatusCode
                guard metrics != nil || request.error != nil || status > 0 else { continue }
                var sample = LoadSample(target: index, latency: 0)
                if let metrics { sample.take(metrics, responded: status > 0) }
                // A step's own latency is its transfer's.
                sample.latency = sample.total
                sample.iterationLatency = sample.total
                sample.status = status
                // A bad status counts once, as its status (``LoadRecorder``).
                sample.error = request.error.flatMap { status >= 400 && $0.code == .invalidStatusCode ? nil : Self.named($0, request) }
                sample.warmup = warmup
                sample.endsIteration = false
                samples.append(sample)
                keepExchange(of: request, sample: sample, step: index)
            }
        }
        let now = LoadDriver.now()
        if samples.isEmpty {
            var sample = LoadSample(target: 0, latency: now > due ? now - due : 0)
            sample.warmup = warmup
            sample.error = RequestError(family: .parameter, code: .invalidParameters, message: "the chain sent no request")
            samples.append(sample)
        }
        samples[samples.count - 1].endsIteration = true
        samples[samples.count - 1].iterationLatency = now > due ? now - due : 0
        return samples
    }

    /// A failed check as the fast path names it: by the first check that failed, so that each
    /// check is its own outcome (the request's error joins all of their summaries).
    private static func named(_ error: RequestError, _ request: WorkspaceRequest) -> RequestError {
        guard error.family == .validation, error.code == .responseRejected,
              let failed = request.checkResults?.first(where: { !$0.passed }) else { return error }
        return LoadCheckFailure(check: failed.check.text, detail: failed.summary).error
    }

    /// Keeps the step's exchange as a sample when its outcome has too few, redacted now.
    private func keepExchange(of request: WorkspaceRequest, sample: LoadSample, step: Int) {
        guard exchanges.wants(status: sample.status, error: sample.error), let prepared = try? request.preparedRequest() else { return }
        let data = request.responseData ?? Data()
        let failed = request.checkResults?.first { !$0.passed }
        let exchange = LoadExchange(request: prepared, response: request.response, body: data, bodyBytes: Int64(data.count),
                                    checkDetail: sample.error?.family == .validation ? failed?.summary : nil)
        let names = stepNames
        exchanges.keep(LoadSampleExchange(exchange, sample: sample, step: names.indices.contains(step) ? names[step] : "",
                                          second: exchanges.second(at: LoadDriver.now()), scope: request.scope))
    }
}
