import CourierWorkspace

/// The workbench's panes, each a component (``Pane``), by id. The shell routes keys, news and
/// drawing to them through ``component(_:)`` and never writes their state.
final class PaneSet {
    /// Every kind of pane, in the order of their numbers: a new pane is added here (and
    /// placed in ``ScreenLayout``).
    static var kinds: [any Pane.Type] {
        [RequestsPane.self, ExchangePane.self, InFlightPane.self, CachePane.self, RunsPane.self, EventsPane.self, CookiesPane.self,
         LoadPane.self, MockPane.self]
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

    /// The pane whose own action `action` is, asked for from elsewhere (the palette), and
    /// whether its key is meant for anywhere (Load's `L`): if not, the pane takes the focus.
    func owner(of action: Action) -> (pane: any Pane, anywhere: Bool)? {
        guard let pane = all.first(where: { type(of: $0).bindings.contains { $0.action == action } }) else { return nil }
        return (pane, type(of: pane).bindings.contains { $0.action == action && $0.scope == .global })
    }

    /// The pane that plays `role` (``SelectionHolding``, ``EventLogging``…): the shell reads
    /// a pane by what it does, never by its name.
    func role<Role>(_ role: Role.Type) -> Role {
        all.lazy.compactMap { $0 as? Role }.first!
    }
}
