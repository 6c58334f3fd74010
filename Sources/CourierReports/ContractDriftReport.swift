import Courier
import CourierChecks
import CourierRunner
/// `courier check`'s output: for each request, ✓ and the operation its response matched, or
/// ✗ and each way it drifts from the contract; then a count. A request without a response
/// to check counts as unchecked, and fails the check like drift. A response no contract
/// judges (another host or service, `contract: false`) is listed as not judged, and passes.
public struct ContractDriftReport: Sendable {
    public private(set) var matching = 0
    public private(set) var drifting = 0
    public private(set) var unchecked = 0
    public private(set) var notJudged = 0

    public init() {}

    /// 0 when every response matched the contract, else 1.
    public var exitCode: Int32 { drifting + unchecked == 0 ? 0 : 1 }

    /// The lines for one event (possibly none).
    public mutating func lines(for event: RunEvent) -> [String] {
        switch event {
        case .targetStarted, .step, .streamEvent:
            return []
        case .request(let result):
            let head = "\(result.name)  \(result.method) \(result.url)"
            let verdicts = (result.checks ?? []).filter { $0.check.hasPrefix(Contract.checkPrefix) }
            guard let first = verdicts.first else {
                if result.error == nil, !result.skipped {
                    notJudged += 1
                    return ["· \(head)  not judged: no contract owns it (another base URL or server, or contract: false)"]
                }
                unchecked += 1
                let why = result.skipped ? "skipped" : result.error.map { "no response to check (\($0.family) \($0.code): \($0.message))" }
                return ["✗ \(head)  \(why ?? "no response to check")"]
            }
            let failures = verdicts.filter { !$0.passed }
            guard !failures.isEmpty else {
                matching += 1
                return ["✓ \(head)  \(first.check)"]
            }
            drifting += 1
            return ["✗ \(head)  \(first.check)"] + failures.map { "    ✗ \($0.summary)  (\($0.location))" }
        case .finished:
            let total = matching + drifting + unchecked
            return ["\(total) request\(total == 1 ? "" : "s") checked: \(matching) match the contract, \(drifting) drift"
                + (unchecked > 0 ? ", \(unchecked) unchecked" : "") + (notJudged > 0 ? "; \(notJudged) not judged" : "")]
        }
    }
}
