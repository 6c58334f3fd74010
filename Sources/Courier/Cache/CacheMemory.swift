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
        /// The directory the entry is in.
        let directory: String
        /// When a lookup last used it, on the table's clock (for eviction).
        let lastUsed: Atomic<UInt64>
        var cost: Int { data.count + 512 }

        init(metadata: CacheMetadata, data: Data, directory: String, name: String, now: UInt64) {
            self.metadata = metadata
            self.data = data
            self.directory = directory
            dataName = name
            metadataName = name + CacheFiles.metadataSuffix
            lastUsed = Atomic(now)
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
    }

    private struct Table {
        /// Entry name → the entries of that name, one per directory (almost always one).
        var entries: [String: [Entry]] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var nextToken: UInt64 = 0
        /// Entry names by identity, so that a hit does not hash the identity again.
        var names: [CacheIdentity: String] = [:]
        /// The directories of kept entries, held open.
        var handles: [String: CacheDirectoryHandle] = [:]
        /// How many kept entries each directory has.
        var entriesPerDirectory: [String: Int] = [:]
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
            guard let entry = Self.find(directory, name, in: table) else { return nil }
            entry.body.lastUsed.store(table.clock, ordering: .relaxed)
            return (entry, entry.signatures == nil ? nil : table.handles[directory])
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
            guard let index = table.entries[name]?.firstIndex(where: { $0.body === body }) else { return }
            table.entries[name]?[index].built = built
        }
    }

    /// Keeps an entry just read from disk (or written) with the signatures of its files.
    func remember(directory: String, name: String, metadata: CacheMetadata, data: Data, built: Built?,
                  signatures: EntrySignatures) {
        guard data.count + 512 <= byteLimit / 4 else { return }
        let opened = openHandleIfMissing(directory)
        table.withLock { table in
            if let opened, table.handles[directory]?.isCurrent != true { table.handles[directory] = opened }
            if let existing = Self.find(directory, name, in: table), existing.pendingToken != 0 { return }
            table.clock &+= 1
            let body = Body(metadata: metadata, data: data, directory: directory, name: name, now: table.clock)
            Self.put(Entry(body: body, built: built, signatures: signatures, pendingToken: 0), name: name, in: &table)
            Self.evict(&table, limit: byteLimit)
        }
    }

    /// Records a write as queued: it answers lookups until it lands. Returns its token.
    func queued(_ write: CacheWrite) -> UInt64 {
        table.withLock { table in
            table.nextToken &+= 1
            table.clock &+= 1
            let body = Body(metadata: write.metadata, data: write.data, directory: write.cache.directory, name: write.name,
                            now: table.clock)
            Self.put(Entry(body: body, built: nil, signatures: nil, pendingToken: table.nextToken), name: write.name,
                     in: &table)
            return table.nextToken
        }
    }

    /// A queued write is on disk (with these signatures) or failed (nil): the entry now
    /// stands for the files, or is forgotten — unless a newer write has been queued since.
    func landed(_ write: CacheWrite, token: UInt64, signatures: EntrySignatures?) {
        let directory = write.cache.directory
        let opened = signatures == nil ? nil : openHandleIfMissing(directory)
        table.withLock { table in
            guard let index = table.entries[write.name]?.firstIndex(where: { $0.body.directory == directory }),
                  let entry = table.entries[write.name]?[index], entry.pendingToken == token else { return }
            if let signatures, entry.body.cost <= byteLimit / 4 {
                if let opened, table.handles[directory]?.isCurrent != true { table.handles[directory] = opened }
                table.entries[write.name]?[index].pendingToken = 0
                table.entries[write.name]?[index].signatures = signatures
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

    /// The directory opened, unless a current handle to it is kept already (opened outside
    /// the table's lock: it costs system calls).
    private func openHandleIfMissing(_ directory: String) -> CacheDirectoryHandle? {
        table.withLock { $0.handles[directory]?.isCurrent == true } ? nil : CacheDirectoryHandle(path: directory)
    }

    /// Bytes of the entries kept now.
    var bytes: Int { table.withLock { $0.bytes } }

    /// Drops an entry whose files changed, unless it has been replaced meanwhile.
    private func forget(directory: String, name: String, body: Body) {
        table.withLock { table in
            guard let entry = Self.find(directory, name, in: table), entry.body === body, entry.pendingToken == 0
            else { return }
            Self.remove(directory: directory, name: name, in: &table)
        }
    }

    private static func find(_ directory: String, _ name: String, in table: Table) -> Entry? {
        guard let entries = table.entries[name] else { return nil }
        return entries.count == 1 ? (entries[0].body.directory == directory ? entries[0] : nil)
            : entries.first { $0.body.directory == directory }
    }

    private static func put(_ entry: Entry, name: String, in table: inout Table) {
        remove(directory: entry.body.directory, name: name, in: &table)
        table.entries[name, default: []].append(entry)
        table.bytes += entry.body.cost
        table.entriesPerDirectory[entry.body.directory, default: 0] += 1
    }

    private static func remove(directory: String, name: String, in table: inout Table) {
        guard let index = table.entries[name]?.firstIndex(where: { $0.body.directory == directory }),
              let old = table.entries[name]?.remove(at: index) else { return }
        table.bytes -= old.body.cost
        if table.entries[name]?.isEmpty == true { table.entries[name] = nil }
        table.entriesPerDirectory[directory, default: 1] -= 1
        if table.entriesPerDirectory[directory] == 0 {
            table.entriesPerDirectory[directory] = nil
            table.handles[directory] = nil
        }
    }

    /// Over the limit: drops the least recently used entries on disk down to three quarters
    /// of it, at once (so that eviction is rare and its sort pays for many insertions).
    private static func evict(_ table: inout Table, limit: Int) {
        guard table.bytes > limit else { return }
        var candidates: [(directory: String, name: String, lastUsed: UInt64)] = []
        for (name, entries) in table.entries {
            for entry in entries where entry.pendingToken == 0 {
                candidates.append((entry.body.directory, name, entry.body.lastUsed.load(ordering: .relaxed)))
            }
        }
        candidates.sort { $0.lastUsed < $1.lastUsed }
        for candidate in candidates where table.bytes > limit * 3 / 4 {
            remove(directory: candidate.directory, name: candidate.name, in: &table)
        }
    }
}
