import Synchronization

/// Entries queued for writing (``CachedRequest/writeCacheAsynchronously``) but not yet on
/// disk. A lookup in the same process looks here first, so a response written to the cache
/// answers the very next start of the same request, before the write has landed.
enum PendingCacheWrites {
    private struct Entry {
        var write: CacheWrite
        var token: UInt64
    }

    private static let table = Mutex<(entries: [String: Entry], next: UInt64)>(([:], 0))

    /// Records `write` as queued; returns the token that ``finished(_:token:)`` needs.
    static func queued(_ write: CacheWrite) -> UInt64 {
        table.withLock { table in
            table.next &+= 1
            table.entries[key(write.cache.directory, write.name)] = Entry(write: write, token: table.next)
            return table.next
        }
    }

    /// The write is on disk (or failed): forget it, unless a newer one for the same entry
    /// has been queued since.
    static func finished(_ write: CacheWrite, token: UInt64) {
        table.withLock { table in
            let key = key(write.cache.directory, write.name)
            if table.entries[key]?.token == token { table.entries[key] = nil }
        }
    }

    /// The newest queued write of entry `name` in `directory`, if it is not on disk yet.
    static func pending(directory: String, name: String) -> CacheWrite? {
        table.withLock { $0.entries[key(directory, name)]?.write }
    }

    private static func key(_ directory: String, _ name: String) -> String { directory + "/" + name }
}
