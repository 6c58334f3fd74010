import CourierWorkspace

/// The gRPC service browser (`B`): each schema the workspace's `grpc:` requests use — or a
/// server typed in — with its services, their methods and each method's kind, and the chosen
/// method's messages as `.proto` text below. `n` (or Enter) on a method makes a request of
/// it with every field of its message written out; Enter on a service folds it. Schemas load
/// in the background (protoc, reflection): the browser shows them as they arrive.
final class ServiceBrowser: Overlay {
    /// How far one schema got.
    enum Load: Equatable {
        case loading
        case loaded(GRPCCatalog)
        case failed(String)
    }

    /// A line of the list.
    enum Row: Equatable {
        case source(Int)
        case service(source: Int, service: Int)
        case method(source: Int, service: Int, method: Int)
    }

    private(set) var sources: [ServiceSource]
    private(set) var loads: [Load]
    /// Services folded, by source and name.
    private(set) var folded: Set<String> = []
    private(set) var selection = 0

    init(sources: [ServiceSource]) {
        self.sources = sources
        loads = sources.map { _ in .loading }
    }

    var scope: KeyMap.Scope { .services }

    /// A schema arrived (or could not be loaded): the rows grow. The selection goes to the
    /// first method once there is one.
    func loaded(_ source: ServiceSource, _ result: Result<GRPCCatalog, ServiceLoadFailure>) {
        guard let index = sources.firstIndex(of: source) else { return }
        let before = rows.indices.contains(selection) ? rows[selection] : nil
        let hadMethod = selectedMethod != nil
        switch result {
        case .success(let catalog): loads[index] = .loaded(catalog)
        case .failure(let failure): loads[index] = .failed(failure.reason)
        }
        // The selected row stays selected as rows arrive above it.
        let rows = self.rows
        if let before, let kept = rows.firstIndex(of: before) { selection = kept }
        if !hadMethod, let first = rows.firstIndex(where: { if case .method = $0 { true } else { false } }) { selection = first }
    }

    /// The list's rows: each source, its services (unless it failed or is loading), their
    /// methods unless folded.
    var rows: [Row] {
        var rows: [Row] = []
        for (index, load) in loads.enumerated() {
            rows.append(.source(index))
            guard case .loaded(let catalog) = load else { continue }
            for (serviceIndex, service) in catalog.services.enumerated() {
                rows.append(.service(source: index, service: serviceIndex))
                if folded.contains(foldKey(index, service.name)) { continue }
                rows += service.methods.indices.map { .method(source: index, service: serviceIndex, method: $0) }
            }
        }
        return rows
    }

    /// The method on the selected row.
    var selectedMethod: NewCall? {
        let rows = self.rows
        guard rows.indices.contains(selection), case .method(let source, let service, let method) = rows[selection],
              case .loaded(let catalog) = loads[source] else { return nil }
        return NewCall(source: sources[source], method: catalog.services[service].methods[method])
    }

    func perform(_ action: Action, context: PaneContext) -> [PaneWork] {
        let rows = self.rows
        switch action {
        case .closeWindow: return [.close]
        case .reloadSchema:
            // The selected row's source (the first when none is selected), loading again.
            let source = rows.indices.contains(selection) ? Self.source(of: rows[selection]) : 0
            loads[source] = .loading
            return [.reloadServices(sources[source])]
        case .newRequest, .chooseItem:
            if let call = selectedMethod { return [.close, .newCall(call)] }
            if action == .chooseItem, rows.indices.contains(selection), case .service = rows[selection] { toggleFold(rows[selection]) }
            else if action == .newRequest { return [.say("choose a method (↓) to make a request of", .info)] }
        case .left, .right:
            if rows.indices.contains(selection) { toggleFold(rows[selection], open: action == .right) }
        case .previousItem: selection = max(0, selection - 1)
        case .nextItem: selection = min(rows.count - 1, selection + 1)
        default:
            if let moved = OverlayFrame.scrolled(selection, by: action) { selection = max(0, min(rows.count - 1, moved)) }
        }
        return []
    }

    func foldKey(_ source: Int, _ service: String) -> String { "\(source) \(service)" }

    /// The index of the source a row belongs to.
    private static func source(of row: Row) -> Int {
        switch row {
        case .source(let index), .service(let index, _), .method(let index, _, _): index
        }
    }

    /// Folds or opens the service on `row` (a method's row: its service, and the selection
    /// goes up to it).
    private func toggleFold(_ row: Row, open: Bool? = nil) {
        let (source, service): (Int, Int)
        switch row {
        case .service(let s, let v): (source, service) = (s, v)
        case .method(let s, let v, _): (source, service) = (s, v)
        case .source: return
        }
        guard case .loaded(let catalog) = loads[source] else { return }
        let key = foldKey(source, catalog.services[service].name)
        let fold = !(open ?? folded.contains(key))
        if fold { folded.insert(key) } else { folded.remove(key) }
        if let index = rows.firstIndex(of: .service(source: source, service: service)), fold { selection = index }
    }
}
