import CourierWorkspace

/// The panes that are components (``Pane``), each by its id. The shell routes keys, news and
/// drawing to them through ``component(_:)`` and never writes their state.
final class PaneSet {
    let requests: RequestsPane
    let inFlight = InFlightPane()
    let cache = CachePane()
    let runs = RunsPane()
    let events = EventsPane()

    init(source: any RequestsSource) {
        requests = RequestsPane(source: source)
    }

    /// The component for `id`; nil for the panes the shell still draws itself.
    func component(_ id: PaneID) -> (any Pane)? {
        switch id {
        case .requests: return requests
        case .inFlight: return inFlight
        case .cache: return cache
        case .runs: return runs
        case .events: return events
        case .exchange: return nil
        }
    }

    var all: [any Pane] { [requests, inFlight, cache, runs, events] }
}
