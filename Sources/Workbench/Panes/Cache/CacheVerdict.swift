import CourierWorkspace
import Courier

/// Whether the request selected in Requests would be answered from the cache now, and if
/// not, why — the Cache pane's first line. Judged when the selection, its definition, the
/// cache or the time of an entry's expiry changes; the frame only reads it.
enum CacheVerdict: Equatable {
    /// The request has no cache policy: always sent.
    case noPolicy(request: String)
    /// Cache time 0: YTK neither writes nor reads an entry.
    case zeroTime(request: String)
    case hit(request: String)
    /// To the network: `reason` says why (no entry yet, the cache error, a bypass); `isError`
    /// when an entry exists and fails a check.
    case miss(request: String, reason: String, isError: Bool)

    /// How `explanation` judges `request`'s entry now.
    init(request: String, explanation: CacheExplanation) {
        if explanation.startUsesCache {
            self = .hit(request: request)
        } else if let error = explanation.error {
            self = .miss(request: request, reason: explanation.entryExists ? "\(error.code.rawValue) \(error.message)" : "no entry yet",
                         isError: true)
        } else {
            self = .miss(request: request, reason: explanation.bypassReason ?? "", isError: false)
        }
    }

    /// The line the pane shows.
    func line(width: Int) -> StyledLine {
        StyledLine.build { line in
            switch self {
            case .noPolicy(let name):
                line.append(" \(name)", .strong)
                line.append(": no cache policy — always sent", .dim)
            case .zeroTime(let name):
                line.append(" \(name)", .strong)
                line.append(": to the network", .warning)
                line.append(" — cache time 0: responses are neither written nor read", .dim)
            case .hit(let name):
                line.append(" \(name)", .strong)
                line.append(": from the cache now", .success)
            case .miss(let name, let reason, let isError):
                line.append(" \(name)", .strong)
                line.append(isError ? ": miss" : ": to the network", .warning)
                line.append(" — \(reason)", .dim)
            }
        }.truncated(to: width)
    }
}
