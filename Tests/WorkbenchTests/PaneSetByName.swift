@testable import Workbench

/// The panes by name, for tests that look inside one; the shell itself reads panes only by
/// role (``PaneSet/role(_:)``) or sends them messages.
extension PaneSet {
    var requests: RequestsPane { role(RequestsPane.self) }
    var exchange: ExchangePane { role(ExchangePane.self) }
    var inFlight: InFlightPane { role(InFlightPane.self) }
    var cache: CachePane { role(CachePane.self) }
    var runs: RunsPane { role(RunsPane.self) }
    var events: EventsPane { role(EventsPane.self) }
    var load: LoadPane { role(LoadPane.self) }
}
