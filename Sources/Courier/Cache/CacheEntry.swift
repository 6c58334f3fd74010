/// One entry of a ``ResponseCache`` as a browser sees it.
public struct CacheEntry: Sendable, Hashable {
    /// The entry's file name: the hex SHA-256 of its ``CacheIdentity``.
    public var name: String
    /// The metadata, nil when the file is missing or unreadable.
    public var metadata: CacheMetadata?
    /// How the entry stands against the policy it was listed with.
    public var freshness: CacheFreshness
    /// Size of the data file in bytes, nil when it is missing.
    public var dataSize: Int?
    /// Size of the metadata file in bytes, nil when it is missing.
    public var metadataSize: Int?

    /// Bytes the entry uses on disk.
    public var size: Int { (dataSize ?? 0) + (metadataSize ?? 0) }
}
