/// What one start of a request reads once and every later step uses: the agent, a snapshot
/// of its settings, the accessories to tell, and for a cached request the entry it looks up
/// and writes. Built when `start()` claims the run; the builder, the cache lookup, the cache
/// write, the lifecycle fan-out and the callbacks all take it from here, so a setting changed
/// mid-run cannot make the write use another key than the lookup.
struct RunContext: Sendable {
    let agent: NetworkAgent
    let settings: NetworkSettings
    /// The config's accessories, then the request's own, as they were at the start.
    let accessories: [any RequestAccessory]
    /// The cache entry of a cached request whose policy reads or writes the cache; nil otherwise.
    var cacheKey: CacheKey?

    /// The lifecycle fan-out of this run for `request`.
    func fanout(_ request: Request) -> LifecycleFanout {
        LifecycleFanout(hub: agent.eventHub, subject: .request(request), accessories: accessories)
    }
}
