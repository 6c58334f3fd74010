import Foundation

/// One pending write of an entry.
struct CacheWrite: Sendable {
    let cache: ResponseCache
    let name: String
    let data: Data
    let metadata: CacheMetadata

    /// Writes the entry and returns the signatures of its files; a failure is told to the
    /// config's ``NetworkSettings/cacheWriteFailureHandler`` (else logged as a warning), and
    /// the cache simply stays without it (nil).
    func perform(settings: NetworkSettings) -> EntrySignatures? {
        do {
            return try cache.write(name: name, data: data, metadata: metadata)
        } catch {
            let sentence = "the response of \(metadata.method) \(metadata.url) was not cached: \(error)"
            // Told once: to the handler when there is one (courier run prints it), else to the log.
            if let handler = settings.cacheWriteFailureHandler {
                settings.logger.debug("\(sentence)")
                handler(sentence)
            } else {
                settings.logger.warning("\(sentence)")
            }
            return nil
        }
    }
}
