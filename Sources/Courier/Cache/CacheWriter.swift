import Dispatch
import Foundation

/// Writes an agent's successful responses to the cache: the engine's job, done after the
/// network answers and before the request's own preprocessor, so no subclass hook can skip
/// it. Asynchronous writes run one at a time on the writer's queue; until one lands, the
/// agent's ``CacheMemory`` answers lookups with it.
final class CacheWriter: Sendable {
    let memory: CacheMemory
    private let queue = DispatchQueue(label: "courier.cache-writing", qos: .utility)

    init(memory: CacheMemory) {
        self.memory = memory
    }

    /// Writes `write` now (`asynchronously` false) or queues it.
    func submit(_ write: CacheWrite, settings: NetworkSettings, asynchronously: Bool) {
        guard asynchronously else {
            if let signatures = write.perform(settings: settings) { memory.wrote(write, signatures: signatures) }
            return
        }
        let token = memory.queued(write)
        queue.async { [memory] in
            memory.landed(write, token: token, signatures: write.perform(settings: settings))
        }
    }

    /// Returns once every write queued so far is on disk (or has failed).
    func waitUntilIdle() async {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume() }
        }
    }
}
