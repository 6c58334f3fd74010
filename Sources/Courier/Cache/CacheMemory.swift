import Foundation
import Synchronization

/// An agent's hot layer in front of its cache directories: entries it wrote or read lately,
/// kept parsed in memory, bounded by bytes. A kept entry answers only while both of its
/// files still have the signatures they had when it was kept — so another process's write,
/// touch or delete is seen at the next lookup — and the request's policy and identity are
/// checked on every hit, exactly as for an entry read from disk. Writes queued but not yet
/// on disk answer too, so a response written to the cache is visible to the very next start.
final class CacheMemory: Sendable {
    /// One kept entry.
    struct Entry: Sendable {
        let metadata: CacheMetadata
        let data: Data
        /// The response a hit answers with, as built for `serializer`.
        var content: ResponseContent?
        var serializer: ResponseSerializer?
        /// Nil while the write is queued: the files are older than this entry.
        var signatures: EntrySignatures?
        /// The queued write this entry stands for; 0 once it is on disk.
        var pendingToken: UInt64
        var lastUsed: UInt64
        var cost: Int { data.count + 512 }
    }

    private struct Table {
        /// Directory → entry name → entry.
        var directories: [String: [String: Entry]] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var nextToken: UInt64 = 0
        /// Entry names by identity, so that a hit does not hash the identity again.
        var names: [CacheIdentity: String] = [:]
    }

    private let table = Mutex(Table())
    /// Most bytes of entries on disk kept at once (queued writes are kept regardless).
    let byteLimit: Int

    init(byteLimit: Int = 32 << 20) {
        self.byteLimit = byteLimit
    }

    /// The entry name of `identity` (its canonical text's SHA-256), remembered.
    func name(of identity: CacheIdentity) -> String {
        if let name = table.withLock({ $0.names[identity] }) { return name }
        let name = identity.name
        table.withLock { table in
            if table.names.count >= 4096 { table.names.removeAll(keepingCapacity: true) }
            table.names[identity] = name
        }
        return name
    }

    /// The kept entry `name` of `directory`, if it still stands for the files; the metadata
    /// and body the checks of a lookup need.
    func entry(directory: String, name: String) -> Entry? {
        guard let entry = table.withLock({ table -> Entry? in
            table.clock &+= 1
            let clock = table.clock
            guard var entry = table.directories[directory]?[name] else { return nil }
            entry.lastUsed = clock
            table.directories[directory]?[name]?.lastUsed = clock
            return entry
        }) else { return nil }
        guard let signatures = entry.signatures else { return entry }
        let files = CacheFiles(directory: directory)
        guard FileSignature.of(files.dataPath(name)) == signatures.data,
              FileSignature.of(files.metadataPath(name)) == signatures.metadata
        else {
            forget(directory: directory, name: name, unlessPending: true)
            return nil
        }
        return entry
    }

    /// Keeps the content built for `serializer` with its entry, for the next hit.
    func keepContent(_ content: ResponseContent, serializer: ResponseSerializer, directory: String, name: String,
                     metadata: CacheMetadata) {
        table.withLock { table in
            guard table.directories[directory]?[name]?.metadata == metadata else { return }
            table.directories[directory]?[name]?.content = content
            table.directories[directory]?[name]?.serializer = serializer
        }
    }

    /// Keeps an entry just read from disk (or written) with the signatures of its files;
    /// `content` is the response built for `serializer`, when there is one.
    func remember(directory: String, name: String, metadata: CacheMetadata, data: Data, content: ResponseContent?,
                  serializer: ResponseSerializer?, signatures: EntrySignatures) {
        guard data.count + 512 <= byteLimit / 4 else { return }
        table.withLock { table in
            if let existing = table.directories[directory]?[name], existing.pendingToken != 0 { return }
            table.clock &+= 1
            let entry = Entry(metadata: metadata, data: data, content: content, serializer: serializer,
                              signatures: signatures, pendingToken: 0, lastUsed: table.clock)
            Self.put(entry, directory: directory, name: name, in: &table)
            Self.evict(&table, limit: byteLimit)
        }
    }

    /// Records a write as queued: it answers lookups until it lands. Returns its token.
    func queued(_ write: CacheWrite) -> UInt64 {
        table.withLock { table in
            table.nextToken &+= 1
            table.clock &+= 1
            let entry = Entry(metadata: write.metadata, data: write.data, content: nil, serializer: nil,
                              signatures: nil, pendingToken: table.nextToken, lastUsed: table.clock)
            Self.put(entry, directory: write.cache.directory, name: write.name, in: &table)
            return table.nextToken
        }
    }

    /// A queued write is on disk (with these signatures) or failed (nil): the entry now
    /// stands for the files, or is forgotten — unless a newer write has been queued since.
    func landed(_ write: CacheWrite, token: UInt64, signatures: EntrySignatures?) {
        table.withLock { table in
            let directory = write.cache.directory
            guard var entry = table.directories[directory]?[write.name], entry.pendingToken == token else { return }
            if let signatures, entry.cost <= byteLimit / 4 {
                entry.pendingToken = 0
                entry.signatures = signatures
                table.directories[directory]?[write.name] = entry
                Self.evict(&table, limit: byteLimit)
            } else {
                Self.remove(directory: directory, name: write.name, in: &table)
            }
        }
    }

    /// Keeps a write made synchronously, now on disk with these signatures.
    func wrote(_ write: CacheWrite, signatures: EntrySignatures) {
        remember(directory: write.cache.directory, name: write.name, metadata: write.metadata, data: write.data,
                 content: nil, serializer: nil, signatures: signatures)
    }

    /// Bytes of the entries kept now.
    var bytes: Int { table.withLock { $0.bytes } }

    private func forget(directory: String, name: String, unlessPending: Bool) {
        table.withLock { table in
            if unlessPending, table.directories[directory]?[name]?.pendingToken ?? 0 != 0 { return }
            Self.remove(directory: directory, name: name, in: &table)
        }
    }

    private static func put(_ entry: Entry, directory: String, name: String, in table: inout Table) {
        remove(directory: directory, name: name, in: &table)
        table.directories[directory, default: [:]][name] = entry
        table.bytes += entry.cost
    }

    private static func remove(directory: String, name: String, in table: inout Table) {
        guard let old = table.directories[directory]?.removeValue(forKey: name) else { return }
        table.bytes -= old.cost
        if table.directories[directory]?.isEmpty == true { table.directories[directory] = nil }
    }

    /// Over the limit: drops the least recently used entries on disk down to three quarters
    /// of it, at once (so that eviction is rare and its sort pays for many insertions).
    private static func evict(_ table: inout Table, limit: Int) {
        guard table.bytes > limit else { return }
        var candidates: [(directory: String, name: String, lastUsed: UInt64)] = []
        for (directory, entries) in table.directories {
            for (name, entry) in entries where entry.pendingToken == 0 {
                candidates.append((directory, name, entry.lastUsed))
            }
        }
        candidates.sort { $0.lastUsed < $1.lastUsed }
        for candidate in candidates where table.bytes > limit * 3 / 4 {
            remove(directory: candidate.directory, name: candidate.name, in: &table)
        }
    }
}
