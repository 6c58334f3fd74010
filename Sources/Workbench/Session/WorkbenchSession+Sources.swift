import CourierWorkspace
import Courier
import Foundation

/// What the panes read of the session to draw (``RequestsSource``, ``ExchangeSource``).
extension WorkbenchSession: RequestsSource, ExchangeSource {
    /// The badge's word: the method, or `gRPC` for a call.
    func method(of name: String) -> String {
        guard let definition = effectiveDefinition(of: name) else { return "?" }
        return definition.grpc != nil ? "gRPC" : definition.method.rawValue
    }

    func cacheMarker(_ name: String) -> Bool? { cacheMarkers[name] }

    func latestExchange(of name: String) -> Exchange? { exchanges[name] }

    /// Whether the request has an entry the cache would answer from now (looked up once per
    /// change, before drawing, and only for rows on screen).
    @discardableResult
    func hasFreshCacheEntry(_ name: String) -> Bool {
        if let known = cacheMarkers[name] { return known }
        guard let definition = effectiveDefinition(of: name), definition.cache != nil else {
            cacheMarkers[name] = false
            return false
        }
        let fresh = ResponseCache.explain(engine.makeRequest(definition)).isHit
        cacheMarkers[name] = fresh
        return fresh
    }

    /// A request, batch or chain as the workbench names it: a request's workspace name, a
    /// batch's or chain's run name, with its start and duration.
    func describe(_ subject: LifecycleSubject, now: Date) -> SubjectDescription {
        switch subject {
        case .request(let request):
            let exchange = exchangesByRequest[ObjectIdentifier(request)]
            return SubjectDescription(kind: "request", name: exchange?.name ?? request.hudText ?? "—", startedAt: exchange?.startedAt,
                                      duration: exchange?.elapsed(now: now))
        case .batch, .chain:
            let run = runs.run(of: subject)
            if run == nil, case .batch(let batch) = subject { return parallelStep(batch) }
            let kind = if case .batch = subject { "batch" } else { "chain" }
            return SubjectDescription(kind: kind, name: run?.name ?? kind, startedAt: run?.startedAt, duration: run?.duration(now: now))
        }
    }

    /// A chain's parallel step runs as a batch of its own, with no run: it is named after its
    /// step (`checkout step 2`), which its members' exchanges know.
    private func parallelStep(_ batch: BatchRequest) -> SubjectDescription {
        let step = batch.requests.lazy.compactMap { self.exchangesByRequest[ObjectIdentifier($0)]?.step }.first
        guard case .stepMember(let chain, let index, _, _)? = step else {
            return SubjectDescription(kind: "batch", name: "batch", startedAt: nil, duration: nil)
        }
        return SubjectDescription(kind: "batch", name: "\(chain) step \(index + 1)", startedAt: nil, duration: nil)
    }

    /// What a workspace request would send with `scope`'s values: `GET https://…`.
    func preview(of name: String, scope: VariableScope) -> String? {
        guard let base = effectiveDefinition(of: name) else { return nil }
        let request = engine.makeRequest(base, scope: scope)
        guard let prepared = try? request.preparedRequest() else { return "\(base.method.rawValue) \(base.url)" }
        return "\(prepared.method.rawValue) \(revealsSecrets ? prepared.url : scope.redact(prepared.url))"
    }

    /// The agents that may have requests in flight: this session's and earlier ones' (an
    /// environment switch or a reload leaves their requests running).
    var inFlightAgents: [NetworkAgent] {
        var agents = [engine.agent]
        for exchange in exchanges.values where exchange.isInFlight && !agents.contains(where: { $0 === exchange.request.agent }) {
            agents.append(exchange.request.agent)
        }
        return agents
    }

    /// Cancels every request in flight, on every agent that may have one; returns how many
    /// there were.
    @discardableResult
    func cancelEverything() -> Int {
        let agents = inFlightAgents
        let count = agents.reduce(0) { $0 + $1.inFlightCount }
        agents.forEach { $0.cancelAll() }
        return count
    }

    /// The workspace name a request was sent for; for one that is no workspace request (a
    /// token fetch), what it calls itself (its `hudText`).
    func requestName(of request: Request) -> String {
        if let exchange = exchangesByRequest[ObjectIdentifier(request)] {
            return exchange.page.map { "\(exchange.name) [page \($0)]" } ?? exchange.name
        }
        // Seen before its exchange was registered (a page made off the input loop).
        return (request as? WorkspaceRequest)?.source.name ?? request.hudText ?? "—"
    }
}
