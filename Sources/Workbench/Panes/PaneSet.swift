import CourierWorkspace

/// The panes that are components (``Pane``), each by its id. The shell routes keys, news and
/// drawing to them through ``component(_:)`` and never writes their state.
final class PaneSet {
    let inFlight = InFlightPane()
    let cache = CachePane()
    let runs = RunsPane()
    let events = EventsPane()

    /// The component for `id`; nil for the panes the shell still draws itself.
    func component(_ id: PaneID) -> (any Pane)? {
        switch id {
        case .inFlight: return inFlight
        case .cache: return cache
        case .runs: return runs
        case .events: return events
        case .requests, .exchange: return nil
        }
    }

    var all: [any Pane] { [inFlight, cache, runs, events] }
}
