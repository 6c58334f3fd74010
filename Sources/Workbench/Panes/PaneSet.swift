import CourierWorkspace

/// The workbench's panes, each a component (``Pane``), by id. The shell routes keys, news and
/// drawing to them through ``component(_:)`` and never writes their state.
final class PaneSet {
    /// Every kind of pane, in the order of their numbers: a new pane is added here (and
    /// placed in ``ScreenLayout``).
    static var kinds: [any Pane.Type] {
        [RequestsPane.self, ExchangePane.self, InFlightPane.self, CachePane.self, RunsPane.self, EventsPane.self, CookiesPane.self,
         LoadPane.self]
    }

    /// One of each kind, in order.
    let all: [any Pane]

    init(source: any RequestsSource & ExchangeSource, selection: any SelectionSource, settings: WorkbenchSettings) {
        let environment = PaneEnvironment(source: source, selection: selection, settings: settings)
        all = Self.kinds.map { $0.init(environment: environment) }
    }

    /// The pane `id`.
    func component(_ id: PaneID) -> any Pane {
        all.first { $0.id == id }!
    }

    /// The one pane of type `P`, for the shell's work that is that pane's.
    private func pane<P: Pane>() -> P {
        all.lazy.compactMap { $0 as? P }.first!
    }

    var requests: RequestsPane { pane() }
    var exchange: ExchangePane { pane() }
    var inFlight: InFlightPane { pane() }
    var cache: CachePane { pane() }
    var runs: RunsPane { pane() }
    var events: EventsPane { pane() }
    var load: LoadPane { pane() }
}
