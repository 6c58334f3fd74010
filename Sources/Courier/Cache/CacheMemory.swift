import Foundation
import Synchronization

/// An agent's hot layer in front of its cache directories: entries it wrote or read lately,
/// kept parsed in memory, bounded by bytes. A kept entry answers only while both of its
/// files still have the signatures they had when it was kept — so another process's write,
/// touch or delete is seen at the next lookup (the directory is held open; one moved away and
/// replaced is noticed within a tenth of a second) — and the request's policy and identity are
/// checked on every hit, exactly as for an entry read from disk. Writes queued but not yet
/// on disk answer too, so a response written to the cache is visible to the very next start.
final class CacheMemory: Sendable {
    /// What an entry holds that never changes: shared by reference, so a hit retains it once.
    final class Body: Sendable {
        let metadata: CacheMetadata
        let data: Data
        /// The names of the entry's two files in its directory, whose signatures are
        /// checked on every hit.
        let dataName: String
        let metadataName: String
        var cost: Int { data.count + 512 }

        init(metadata: CacheMetadata, data: Data, name: String) {
            self.metadata = metadata
            self.data = data
            dataName = name
            metadataName = name + CacheFiles.metadataSuffix
        }
    }

    /// The response a hit answers with, as built for one serializer.
    final class Built: Sendable {
        let content: ResponseContent
        let serializer: ResponseSerializer

        init(_ content: ResponseContent, serializer: ResponseSerializer) {
            self.content = content
            self.serializer = serializer
        }
    }

    /// One kept entry, as a lookup sees it.
    struct Entry: Sendable {
        let body: Body
        var built: Built?
        /// Nil while the write is queued: the files are older than this entry.
        var signatures: EntrySignatures?
        /// The queued write this entry stands for; 0 once it is on disk.
        var pendingToken: UInt64
        var lastUsed: UInt64
    }

    private struct Table {
        /// Directory → entry name → entry.
        var directories: [String: [String: Entry]] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var nextToken: UInt64 = 0
        /// Entry names by identity, so that a hit does not hash the identity again.
        var names: [CacheIdentity: String] = [:]
        /// The directories of kept entries, held open.
        var handles: [String: CacheDirectoryHandle] = [:]
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

    /// The kept entry `name` of `directory`, if it still stands for the files.
    func entry(directory: String, name: String) -> Entry? {
        guard let (entry, handle) = table.withLock({ table -> (Entry, CacheDirectoryHandle?)? in
            table.clock &+= 1
            let clock = table.clock
            return table.directories[directory]?[name].map { entry in
                table.directories[directory]?[name]?.lastUsed = clock
                return (entry, table.handles[directory])
            }
        }) else { return nil }
        guard let signatures = entry.signatures else { return entry }
        guard let handle, handle.isCurrent,
              FileSignature.of(entry.body.metadataName, in: handle.descriptor) == signatures.metadata,
              FileSignature.of(entry.body.dataName, in: handle.descriptor) == signatures.data
        else {
            forget(directory: directory, name: name, body: entry.body)
            return nil
        }
        return entry
    }

    /// Keeps the response built for `serializer` with its entry, for the next hit.
    func keep(_ built: Built, directory: String, name: String, body: Body) {
        table.withLock { table in
            guard table.directories[directory]?[name]?.body === body else { return }
            table.directories[directory]?[name]?.built = built
        }
    }

    /// Keeps an entry just read from disk (or written) with the signatures of its files.
    func remember(directory: String, name: String, metadata: CacheMetadata, data: Data, built: Built?,
                  signatures: EntrySignatures) {
        guard data.count + 512 <= byteLimit / 4 else { return }
        let body = Body(metadata: metadata, data: data, name: name)
        let opened = CacheDirectoryHandle(path: directory)
        table.withLock { table in
            if table.handles[directory]?.isCurrent != true { table.handles[directory] = opened }
            if let existing = table.directories[directory]?[name], existing.pendingToken != 0 { return }
            table.clock &+= 1
            Self.put(Entry(body: body, built: built, signatures: signatures, pendingToken: 0, lastUsed: table.clock),
                     directory: directory, name: name, in: &table)
            Self.evict(&table, limit: byteLimit)
        }
    }

    /// Records a write as queued: it answers lookups until it lands. Returns its token.
    func queued(_ write: CacheWrite) -> UInt64 {
        let body = Body(metadata: write.metadata, data: write.data, name: write.name)
        return table.withLock { table in
            table.nextToken &+= 1
            table.clock &+= 1
            Self.put(Entry(body: body, built: nil, signatures: nil, pendingToken: table.nextToken, lastUsed: table.clock),
                     directory: write.cache.directory, name: write.name, in: &table)
            return table.nextToken
        }
    }

    /// A queued write is on disk (with these signatures) or failed (nil): the entry now
    /// stands for the files, or is forgotten — unless a newer write has been queued since.
    func landed(_ write: CacheWrite, token: UInt64, signatures: EntrySignatures?) {
        table.withLock { table in
            let directory = write.cache.directory
            guard var entry = table.directories[directory]?[write.name], entry.pendingToken == token else { return }
            if let signatures, entry.body.cost <= byteLimit / 4 {
                if table.handles[directory]?.isCurrent != true { table.handles[directory] = CacheDirectoryHandle(path: directory) }
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
                 built: nil, signatures: signatures)
    }

    /// Bytes of the entries kept now.
    var bytes: Int { table.withLock { $0.bytes } }

    /// Drops an entry whose files changed, unless it has been replaced meanwhile.
    private func forget(directory: String, name: String, body: Body) {
        table.withLock { table in
            guard let entry = table.directories[directory]?[name], entry.body === body, entry.pendingToken == 0
            else { return }
            Self.remove(directory: directory, name: name, in: &table)
        }
    }

    private static func put(_ entry: Entry, directory: String, name: String, in table: inout Table) {
        remove(directory: directory, name: name, in: &table)
        table.directories[directory, default: [:]][name] = entry
        table.bytes += entry.body.cost
    }

    private static func remove(directory: String, name: String, in table: inout Table) {
        guard let old = table.directories[directory]?.removeValue(forKey: name) else { return }
        table.bytes -= old.body.cost
        if table.directories[directory]?.isEmpty == true {
            table.directories[directory] = nil
            table.handles[directory] = nil
        }
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
