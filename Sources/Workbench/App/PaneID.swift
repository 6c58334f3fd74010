import CourierWorkspace

/// The workbench's panes, numbered as their titles show and as `1`–`6` jump to them.
public enum PaneID: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case requests = 1, exchange, inFlight, cache, runs, events

    public var title: String {
        switch self {
        case .requests: return "Requests"
        case .exchange: return "Exchange"
        case .inFlight: return "In flight"
        case .cache: return "Cache"
        case .runs: return "Runs"
        case .events: return "Events"
        }
    }

    public var description: String { "\(rawValue) \(title)" }
}
