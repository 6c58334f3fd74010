import Courier
import CourierFormatCore
import Foundation
import Synchronization

/// A load run's sample exchanges: the first ``LoadExchangeSampling``-many of each outcome
/// (a status, an error, a failed check), kept raw as they come — a lock and an append, on the
/// transport thread — and redacted once, when a snapshot first lists them
/// (``LoadSampleExchange``), through the scope of the request that sent them.
package final class LoadExchangeKeeper: Sendable {
    /// Exchanges kept of each outcome.
    static let perOutcome = 3

    private struct Kept {
        var outcome: String
        var raw: (exchange: LoadExchange, sample: LoadSample, second: Double)?
        var redacted: LoadSampleExchange?
    }

    private let kept = Mutex<[Kept]>([])
    private let steps: [String]
    /// The scope each target's request was rendered in (by target), for redaction.
    private let scopes: [VariableScope]

    /// When the measured time starts (``LoadDriver/now()``'s clock), for the seconds of the
    /// exchanges kept redacted already.
    private let measuredStart: UInt64

    package init(steps: [String], scopes: [VariableScope], plan: LoadPlan) {
        self.steps = steps
        self.scopes = scopes
        measuredStart = LoadDriver.now() + LoadNanoseconds.from(plan.warmup)
    }

    /// Seconds from the end of the warm-up to `now`.
    func second(at now: UInt64) -> Double {
        (Double(now) - Double(measuredStart)) / 1e9
    }

    /// Whether an exchange of this outcome would be kept (a chain's step asks before it
    /// builds one).
    func wants(status: Int, error: RequestError?) -> Bool {
        let outcome = LoadSampleExchange.outcome(status: status, error: error)
        return kept.withLock { kept in kept.count { $0.outcome == outcome } < Self.perOutcome }
    }

    /// Keeps `sample`'s exchange, ended `second` seconds after the warm-up, unless its outcome
    /// has enough.
    func keep(_ sample: LoadSample, second: Double) {
        guard let exchange = sample.exchange else { return }
        let outcome = LoadSampleExchange.outcome(status: sample.status, error: sample.error)
        kept.withLock { kept in
            guard kept.count(where: { $0.outcome == outcome }) < Self.perOutcome else { return }
            kept.append(Kept(outcome: outcome, raw: (exchange, sample, second)))
        }
    }

    /// Keeps an exchange redacted already (a chain step's, through its own scope).
    func keep(_ exchange: LoadSampleExchange) {
        kept.withLock { kept in
            guard kept.count(where: { $0.outcome == exchange.outcome }) < Self.perOutcome else { return }
            kept.append(Kept(outcome: exchange.outcome, redacted: exchange))
        }
    }

    /// The exchanges kept, redacted, by outcome and then in the order they came.
    func exchanges() -> [LoadSampleExchange] {
        let snapshot = kept.withLock { $0 }
        var redacted: [Int: LoadSampleExchange] = [:]
        for (index, entry) in snapshot.enumerated() where entry.redacted == nil {
            guard let raw = entry.raw else { continue }
            let target = raw.sample.target
            let scope = scopes.indices.contains(target) ? scopes[target] : scopes.last ?? VariableScope(variables: [:])
            redacted[index] = LoadSampleExchange(raw.exchange, sample: raw.sample,
                                                 step: steps.indices.contains(target) ? steps[target] : "",
                                                 second: raw.second, scope: scope)
        }
        if !redacted.isEmpty {
            kept.withLock { kept in
                for (index, exchange) in redacted where kept.indices.contains(index) {
                    kept[index].redacted = exchange
                    kept[index].raw = nil
                }
            }
        }
        let all = snapshot.indices.compactMap { redacted[$0] ?? snapshot[$0].redacted }
        let order = Dictionary(all.map(\.outcome).enumerated().map { ($1, $0) }, uniquingKeysWith: min)
        return all.enumerated().sorted { (order[$0.element.outcome]!, $0.offset) < (order[$1.element.outcome]!, $1.offset) }.map(\.element)
    }
}
