// What a workspace's `config.history` says: read by the loader (`WorkspaceConfig`), used by
// the history. Here, with the format, so that the model does not depend on the store.

/// How much history to keep: per request (the newest `count` exchanges of each) and/or by
/// age (`days`). Workspace `config.history.keep`; `courier history prune --keep N --days D`.
public struct HistoryRetention: Sendable, Hashable {
    /// The newest exchanges kept of each request; nil: any number.
    public var count: Int?
    /// Exchanges older than this many days are dropped; nil: any age.
    public var days: Int?

    /// Keeps `count` exchanges per request and/or `days` days; neither: everything.
    public init(count: Int? = nil, days: Int? = nil) {
        self.count = count
        self.days = days
    }

    /// 500 exchanges per request, any age.
    public static let standard = HistoryRetention(count: 500)
}

/// The `config.history` settings of a workspace.
public enum HistorySettings {
    /// Bodies are kept whole up to 1 MiB.
    public static let defaultBodyLimit = 1 << 20
    /// A session's transcript keeps its newest 2,000 messages (as a stream keeps in memory).
    public static let defaultMessageLimit = 2_000
    /// A spooled response body (past `spoolBodiesOver`) is kept by reference — a redacted copy
    /// in the history's folder — up to 256 MiB (`config.history.spooledBytes`).
    public static let defaultSpooledBodyLimit = 256 << 20
    /// The spooled bodies a history keeps take at most 1 GiB together, the oldest let go first
    /// (`config.history.spooledTotalBytes`).
    public static let defaultSpooledTotalLimit = 1 << 30
}
