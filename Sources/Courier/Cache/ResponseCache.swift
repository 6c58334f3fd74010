import Foundation
import HTTPTypes

/// One directory of cached responses, for browsing and housekeeping: list entries with their
/// metadata and freshness, read a body, delete one, purge expired ones, measure the total size,
/// and explain why a request would or would not be answered from the cache.
///
/// ```swift
/// let cache = ResponseCache(config: agent.config)
/// for entry in cache.entries(judgedBy: CachePolicy(cacheTimeInSeconds: 300)) {
///     print(entry.name, entry.metadata?.url ?? "?", entry.freshness)
/// }
/// ```
///
/// Every method tolerates a damaged directory: a half-written or corrupt entry is listed as
/// ``CacheFreshness/corrupt(reason:)`` and never served.
public struct ResponseCache: Sendable {
    /// The directory the entries live in.
    public let directory: String
    let files: CacheFiles

    /// The cache in `directory`; nothing is read or made until a method asks.
    public init(directory: String) {
        self.directory = directory
        files = CacheFiles(directory: directory)
    }

    /// The cache directory of `config` (its `cacheDirectory`, or ``defaultDirectory``).
    /// Cache-dir path filters are not applied: they depend on a request; use
    /// ``init(for:)`` for a request's own directory.
    public init(config: NetworkConfig = .shared) {
        self.init(directory: config.cacheDirectory ?? Self.defaultDirectory)
    }

    /// The directory `request` reads and writes, after the config's cache-dir path filters.
    public init(for request: CachedRequest) {
        self.init(directory: Self.directory(for: request, settings: request.agent.config.settings))
    }

    /// `$XDG_CACHE_HOME/courier/responses`, or `~/.cache/courier/responses` when
    /// `XDG_CACHE_HOME` is unset or not an absolute path.
    public static var defaultDirectory: String { XDGDirectories.cacheHome() + "/courier/responses" }

    static func directory(for request: Request, settings: borrowing NetworkSettings) -> String {
        var path = settings.cacheDirectory ?? defaultDirectory
        for filter in settings.cacheDirPathFilters { path = filter.filterCacheDirPath(path, for: request) }
        return path
    }

    // MARK: - Browsing

    /// Every entry, newest first (corrupt ones without a date last), judged against `policy`.
    public func entries(judgedBy policy: CachePolicy, now: Date = Date()) -> [CacheEntry] {
        let names = files.entryNames()
        let entries = files.withLock(exclusive: false) { names.map { judge($0, policy: policy, now: now) } }
        return entries.sorted { lhs, rhs in
            switch (lhs.metadata?.creationDate, rhs.metadata?.creationDate) {
            case let (left?, right?): return left != right ? left > right : lhs.name < rhs.name
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return lhs.name < rhs.name
            }
        }
    }

    /// The entry named `name`, or nil when neither of its files exists.
    public func entry(named name: String, judgedBy policy: CachePolicy, now: Date = Date()) -> CacheEntry? {
        guard CacheDigest.isEntryName(name) else { return nil }
        let entry = files.withLock(exclusive: false) { judge(name, policy: policy, now: now) }
        return entry.dataSize == nil && entry.metadataSize == nil ? nil : entry
    }

    /// The stored body of the entry `name`, as it is on disk; nil when there is none.
    public func body(of name: String) -> Data? {
        guard CacheDigest.isEntryName(name) else { return nil }
        return files.withLock(exclusive: false) { files.read(files.dataPath(name)) }
    }

    /// Removes the entry `name`; false when it did not exist.
    @discardableResult
    public func delete(_ name: String) -> Bool {
        guard CacheDigest.isEntryName(name) else { return false }
        return files.remove(name: name)
    }

    /// Removes every entry that is expired or corrupt under `policy` (entries of another
    /// version are kept: another request may still want them), and temporary files left by
    /// writers that died more than ten minutes ago. Returns the names of removed entries.
    @discardableResult
    public func purgeExpired(judgedBy policy: CachePolicy, now: Date = Date()) -> [String] {
        let doomed = entries(judgedBy: policy, now: now)
            .filter { $0.freshness == .expired || $0.freshness.isCorrupt }
            .map(\.name)
        doomed.forEach { files.remove(name: $0) }
        files.abandonedTemporaryFiles(olderThan: 600, now: now).forEach { unlink($0) }
        return doomed
    }

    /// Bytes used by every file in the directory.
    public func totalSize() -> Int { files.totalSize() }

    /// What ``CachedRequest/loadCache()`` would give for `request` now, and why; looks in the
    /// request's own directory.
    public static func explain(_ request: CachedRequest, now: Date = Date()) -> CacheExplanation {
        let key = request.cacheKey(settings: request.agent.config.settings)
        let cache = ResponseCache(directory: key.directory)
        var explanation = CacheExplanation(name: key.identity.name, directory: key.directory, identity: key.identity)
        explanation.bypassReason = request.ignoreCache ? "ignoreCache is set"
            : request.bypassesCache ? "the request bypasses the cache" : nil
        do {
            explanation.metadata = try cache.lookup(key, now: now, memory: request.agent.cacheMemory).metadata
            explanation.entryExists = true
        } catch {
            explanation.error = error
            let bytes = cache.files.withLock(exclusive: false) { cache.files.read(cache.files.metadataPath(key.identity.name)) }
            explanation.entryExists = bytes != nil
            explanation.metadata = bytes.flatMap { try? CacheMetadata.decode($0) }
        }
        return explanation
    }

    // MARK: - Engine side

    /// Loads an entry for a request, checking in YTKNetwork's order. An entry `memory` keeps
    /// (a queued write, or one whose files are unchanged since it was kept) answers without
    /// reading the files; otherwise the metadata, the checks and the body are read under one
    /// shared lock so they belong to the same write, and the entry is kept for next time.
    func lookup(_ key: CacheKey, now: Date, memory: CacheMemory?) throws(CacheError) -> CacheHit {
        guard key.policy.cacheTimeInSeconds >= 0 else { throw .invalidCacheTime(key.policy.cacheTimeInSeconds) }
        let name = key.name
        if let memory, let kept = memory.entry(directory: directory, name: name) {
            let metadata = kept.body.metadata
            if let built = kept.built, built.serializer == key.serializer {
                try key.policy.validate(metadata, now: now)
                try Self.consistent(metadata, with: key.identity)
                return CacheHit(metadata: metadata, content: built.content)
            }
            let hit = try Self.hit(metadata, key: key, now: now) { () throws(CacheError) in kept.body.data }
            memory.keep(CacheMemory.Built(hit.content, serializer: key.serializer), directory: directory, name: name,
                        body: kept.body)
            return hit
        }
        let result = files.withLock(exclusive: false) { () -> Result<(CacheHit, Data, EntrySignatures?), CacheError> in
            do throws(CacheError) {
                let metadataFile = files.readSigned(files.metadataPath(name))
                let metadata = try Self.metadata(from: metadataFile?.data)
                var dataFile: (data: Data, signature: FileSignature)?
                let hit = try Self.hit(metadata, key: key, now: now) { () throws(CacheError) in
                    dataFile = files.readSigned(files.dataPath(name))
                    return try Self.verified(dataFile?.data, against: metadata)
                }
                let signatures = metadataFile.flatMap { metadataFile in
                    dataFile.map { EntrySignatures(data: $0.signature, metadata: metadataFile.signature) }
                }
                return .success((hit, dataFile?.data ?? Data(), signatures))
            } catch {
                return .failure(error)
            }
        }
        let (hit, data, signatures) = try result.get()
        if let memory, let signatures {
            memory.remember(directory: directory, name: name, metadata: hit.metadata, data: data,
                            built: CacheMemory.Built(hit.content, serializer: key.serializer), signatures: signatures)
        }
        return hit
    }

    /// The checks an entry passes before it answers — policy, then that it describes this
    /// request — and only then its body, read by `body`.
    private static func hit(_ metadata: CacheMetadata, key: CacheKey, now: Date,
                            body: () throws(CacheError) -> Data) throws(CacheError) -> CacheHit {
        try key.policy.validate(metadata, now: now)
        try consistent(metadata, with: key.identity)
        let data = try body()
        return CacheHit(metadata: metadata, content: try content(data, metadata: metadata, serializer: key.serializer))
    }

    /// Writes an entry; writers of one directory are serialized, so the pair always matches.
    @discardableResult
    func write(name: String, data: Data, metadata: CacheMetadata) throws -> EntrySignatures? {
        try files.write(name: name, data: data, metadata: metadata.encoded())
    }

    /// Judges one entry; call with the shared lock held. Integrity first, then freshness.
    private func judge(_ name: String, policy: CachePolicy, now: Date) -> CacheEntry {
        let metadataBytes = files.read(files.metadataPath(name))
        let dataPath = files.dataPath(name)
        let dataExists = CacheFiles.isRegularFile(dataPath)
        var entry = CacheEntry(name: name, metadata: nil, freshness: .fresh,
                               dataSize: dataExists ? CacheFiles.size(of: dataPath) : nil,
                               metadataSize: metadataBytes?.count)
        do throws(CacheError) {
            let metadata = try Self.metadata(from: metadataBytes)
            entry.metadata = metadata
            _ = try Self.verified(dataExists ? files.read(dataPath) : nil, against: metadata)
            try policy.validate(metadata, now: now)
        } catch {
            entry.freshness = CacheFreshness(error)
        }
        return entry
    }

    static func metadata(from bytes: Data?) throws(CacheError) -> CacheMetadata {
        guard let bytes else { throw .invalidMetadata("there is no metadata file") }
        do {
            return try CacheMetadata.decode(bytes)
        } catch {
            throw .invalidMetadata("the metadata file is unreadable")
        }
    }

    /// An entry must describe what would have been written for this request: its method, and
    /// a successful status (only those are written). A copied or hand-edited entry that says
    /// otherwise is not served.
    static func consistent(_ metadata: CacheMetadata, with identity: CacheIdentity) throws(CacheError) {
        guard metadata.method == identity.method
                || metadata.method.caseInsensitiveCompare(identity.method) == .orderedSame else {
            throw .invalidMetadata("the entry is for \(metadata.method), the request is \(identity.method)")
        }
        guard (200..<300).contains(metadata.statusCode) else {
            throw .invalidMetadata("the entry says status \(metadata.statusCode); only successful responses are cached")
        }
    }

    static func verified(_ data: Data?, against metadata: CacheMetadata) throws(CacheError) -> Data {
        guard let data else { throw .invalidCacheData("the data file is missing") }
        guard data.count == metadata.bodySize else {
            throw .invalidCacheData("the data file has \(data.count) bytes, its metadata says \(metadata.bodySize)")
        }
        guard CacheDigest.sha256Hex(data) == metadata.bodyDigest else {
            throw .invalidCacheData("the data file does not match its metadata's SHA-256")
        }
        return data
    }

    /// The response a hit answers with: status, content type, body, string and JSON.
    static func content(_ data: Data, metadata: CacheMetadata, serializer: ResponseSerializer) throws(CacheError)
        -> ResponseContent {
        var headers = HTTPFields()
        if let contentType = metadata.contentType { headers[.contentType] = contentType }
        headers[.contentLength] = String(data.count)
        let head = ResponseHead(url: metadata.url, statusCode: metadata.statusCode, headers: headers,
                                httpVersion: metadata.httpVersion)
        var content = ResponseContent(head: head, data: data)
        if serializer == .auto, !data.isEmpty {
            content.readAutomatically(data, mimeType: head.mimeType)
        } else if serializer == .json, !data.isEmpty {
            do {
                content.json = try JSONValue(parsing: data)
            } catch {
                throw .invalidCacheData("the body is not valid JSON")
            }
        }
        return content
    }
}

/// Where and how a request looks up its entry, read once from the request and its settings.
struct CacheKey: Sendable {
    let directory: String
    let identity: CacheIdentity
    /// The entry's file name: the identity's hash.
    let name: String
    let policy: CachePolicy
    let serializer: ResponseSerializer
}

/// A loaded entry.
struct CacheHit: Sendable {
    let metadata: CacheMetadata
    let content: ResponseContent
}
