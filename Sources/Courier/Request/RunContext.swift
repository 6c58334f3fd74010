/// What one start of a request reads once and every later step uses: the agent, its
/// settings as they were, the accessories to tell, and for a cached request the entry it
/// looks up and writes. Made when `start()` claims the run; the builder, the cache lookup,
/// the cache write, the lifecycle fan-out and the callbacks all take it from here, so a
/// setting changed mid-run cannot make the write use another key than the lookup. A class:
/// it is passed along many hops, and a reference is one retain.
final class RunContext: Sendable {
    let agent: NetworkAgent
    /// The settings as one object: hot paths read fields through it, because passing
    /// ``settings`` as an argument copies the whole struct (a retain per reference in it).
    let snapshot: SettingsSnapshot
    /// The config's accessories, then the request's own, as they were at the start.
    let accessories: [any RequestAccessory]
    /// The cache entry of a cached request whose policy reads or writes the cache; nil otherwise.
    let cacheKey: CacheKey?

    init(agent: NetworkAgent, snapshot: SettingsSnapshot, accessories: [any RequestAccessory], cacheKey: CacheKey?) {
        self.agent = agent
        self.snapshot = snapshot
        self.accessories = accessories
        self.cacheKey = cacheKey
    }

    /// The agent's settings when the run started.
    var settings: NetworkSettings { _read { yield snapshot.settings } }
    /// Whether the settings' logger takes debug lines.
    var logsDebug: Bool { snapshot.logsDebug }
    /// Whether the callbacks run on the main queue.
    var callbacksOnMain: Bool { snapshot.callbacksOnMain }

    /// The lifecycle fan-out of this run for `request`.
    func fanout(_ request: Request) -> LifecycleFanout {
        LifecycleFanout(hub: agent.eventHub, subject: .request(request), accessories: accessories)
    }
}
