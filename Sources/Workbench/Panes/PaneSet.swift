import CourierWorkspace

/// The workbench's panes, each a component (``Pane``), by id. The shell routes keys, news and
/// drawing to them through ``component(_:)`` and never writes their state.
final class PaneSet {
    let requests: RequestsPane
    let exchange: ExchangePane
    let inFlight = InFlightPane()
    let cache = CachePane()
    let runs = RunsPane()
    let events = EventsPane()

    init(source: any RequestsSource & ExchangeSource, glyphs: Glyphs) {
        requests = RequestsPane(source: source)
        exchange = ExchangePane(source: source, glyphs: glyphs)
    }

    /// The pane `id`.
    func component(_ id: PaneID) -> any Pane {
        switch id {
        case .requests: return requests
        case .exchange: return exchange
        case .inFlight: return inFlight
        case .cache: return cache
        case .runs: return runs
        case .events: return events
        }
    }

    var all: [any Pane] { [requests, exchange, inFlight, cache, runs, events] }
}
