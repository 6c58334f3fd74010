import Dispatch
import Foundation
import Logging
import Synchronization

/// The settings an agent applies to every request (YTKNetworkConfig's properties).
/// A request reads them once, when it starts.
public struct NetworkSettings: Sendable {
    /// Joined with relative request URLs.
    public var baseURL: String = ""
    /// Used instead of `baseURL` by requests with `useCDN`.
    public var cdnURL: String = ""
    /// Applied in order to every relative request URL. Service-wide query parameters (an
    /// API key, an app version) are a ``QueryParametersFilter``.
    public var urlFilters: [any URLFilter] = []
    /// Headers sent with every request (CTNetworking's service-wide headers), e.g.
    /// `["X-Client": "my-app"]`. A request's own header of the same name, in any case, wins,
    /// and so do the headers a request makes itself (`Authorization` from basic auth, a
    /// body's `Content-Type`); ``Request/buildCustomRequest()`` requests send only their own.
    public var defaultHeaders: [String: String] = [:]
    /// Applied in order to the cache directory of cached requests.
    public var cacheDirPathFilters: [any CacheDirPathFilter] = []
    /// TLS verification for requests that do not set their own policy. Verified by default.
    public var tlsPolicy: TLSPolicy = .default
    /// The HTTP version requests ask for unless they set their own.
    public var httpVersion: HTTPVersionPreference = .auto
    /// Where request lifecycles are logged; secrets in headers are redacted.
    public var logger: Logger = {
        var logger = Logger(label: "courier")
        logger.logLevel = .warning
        return logger
    }()
    /// Transfers running at once; queued requests wait in priority order.
    public var maxConcurrentTransfers: Int = 8
    /// Content types the JSON serializer accepts (AFJSONResponseSerializer's set by default).
    public var acceptableJSONContentTypes: Set<String> = ["application/json", "text/json", "text/javascript"]
    /// Content types the XML serializer accepts.
    public var acceptableXMLContentTypes: Set<String> = ["application/xml", "text/xml"]
    /// Observers of every request, batch and chain started through agents with this config
    /// (like Moya's plugins); called before each object's own accessories.
    public var accessories: [any RequestAccessory] = []
    /// Asked before every request starts; any one answering false vetoes it.
    public var interceptors: [any RequestInterceptor] = []
    /// Check every request's arguments before any network use.
    public var parameterValidators: [any ParameterValidator] = []
    /// Called with every response's transfer metrics while its outcome is decided (where
    /// ``Request/requestCompletePreprocessor()`` runs).
    public var metricsHandler: (@Sendable (Request, TransferMetrics) -> Void)?
    /// Where completion callbacks, filters, delegates and accessories run.
    public var callbackQueue: DispatchQueue = DispatchQueue(label: "courier.callbacks")
    /// Retry for requests that set none; nil = no retries.
    public var retryPolicy: RetryPolicy?
    /// Prepares every request's credentials and may recover once from a failure; a request's
    /// own ``Request/authenticator`` comes first.
    public var authenticator: (any RequestAuthenticator)?
    /// Which proxy transfers use.
    public var proxy: ProxySetting = .environment
    /// Where cached responses live; nil = `$XDG_CACHE_HOME/courier/responses` (`~/.cache/…`).
    public var cacheDirectory: String?
    /// Where partial downloads and their resume records wait; nil = `$XDG_CACHE_HOME/courier/incomplete`.
    public var incompleteDownloadsDirectory: String?
    /// The app version stored with cache entries; an entry written by another version is
    /// not served (YTK's AppVersionMismatch).
    public var appVersion: String = courierVersion
    /// Sent as `User-Agent` unless a request sets its own.
    public var userAgent: String = "Courier/\(courierVersion)"
    /// The most bytes a response body kept in memory may have (256 MiB); a larger one fails
    /// with ``RequestError/Code/dataLengthExceedsMaximum`` as soon as its length is known or
    /// passed, so a server cannot exhaust memory. Downloads stream to disk and are not limited;
    /// a request may set its own (``Request/maximumResponseBodySize``).
    public var maximumResponseBodyBytes: Int = 256 << 20
    /// A response body larger than this (64 MiB) is written to a file in ``spoolDirectory`` as
    /// it arrives instead of memory — from its first byte when Content-Length announces it —
    /// and handed over as ``Request/responseSpooledBody`` (``Request/responseData`` is then
    /// nil; the body is not parsed nor cached). nil: bodies stay in memory, up to
    /// ``maximumResponseBodyBytes``. Above that limit, it is the limit that applies.
    public var spoolResponseBodiesOver: Int? = 64 << 20
    /// Where spooled bodies are written, owner-only; nil = `$XDG_CACHE_HOME/courier/spool`.
    /// Each file is removed when its response is released; those of processes that ended
    /// without removing theirs are removed the next time a body is spooled here.
    public var spoolDirectory: String?
    /// The most bytes a spooled body may have (64 GiB): the disk's guard, as
    /// ``maximumResponseBodyBytes`` is memory's.
    public var maximumSpooledResponseBodyBytes: Int64 = 64 << 30
    /// The most bytes of cache entries an agent keeps in memory in front of the files (32 MiB);
    /// read when the agent is made. Kept entries are checked against their files on every
    /// hit, so other processes' writes and deletes are seen. Zero keeps none.
    public var memoryCacheBytes: Int = 32 << 20
    /// Told, in a sentence for people, when a response could not be written to the cache (a
    /// directory in the way, a full disk); the request itself still succeeded. When set, the
    /// warning is logged at debug level only (it was printed twice by `courier run`); nil:
    /// it is logged as a warning.
    public var cacheWriteFailureHandler: (@Sendable (String) -> Void)?

    /// Settings with each field's default: no base URL, eight transfers at once, callbacks on
    /// a serial queue (`courier.callbacks`), TLS verified, no retries, the proxy from the
    /// environment.
    public init() {}
}

/// The mutable, shared configuration of an agent. Changes apply to requests started after
/// them (YTKNetwork read some settings only once; see its issue #290).
///
/// Every setting of ``NetworkSettings`` reads and writes directly: `config.baseURL = "…"`.
@dynamicMemberLookup
public final class NetworkConfig: Sendable {
    /// The configuration of ``NetworkAgent/shared``.
    public static let shared = NetworkConfig()

    /// The settings as one immutable object, replaced on every change: a run takes it with
    /// one retain instead of copying (and retaining) every field.
    private let storage: Mutex<SettingsSnapshot>

    /// A config that starts with `settings` (the defaults unless given); tests and tools make one
    /// per agent.
    public init(_ settings: NetworkSettings = NetworkSettings()) {
        storage = Mutex(SettingsSnapshot(settings))
    }

    /// A consistent copy of every setting, as a request starting now would see them.
    public var settings: NetworkSettings { snapshot.settings }

    /// The current settings, shared.
    var snapshot: SettingsSnapshot { storage.withLock { $0 } }

    /// Reads or writes one of ``NetworkSettings``' fields under the config's lock:
    /// `config.baseURL = "https://api.example.com"`. ``update(_:)`` changes several at once.
    public subscript<Value: Sendable>(dynamicMember keyPath: WritableKeyPath<NetworkSettings, Value>) -> Value {
        get { storage.withLock { $0.settings[keyPath: keyPath] } }
        set { update { $0[keyPath: keyPath] = newValue } }
    }

    /// Changes several settings at once, atomically.
    public func update(_ change: (inout NetworkSettings) -> Void) {
        storage.withLock { snapshot in
            var settings = snapshot.settings
            change(&settings)
            snapshot = SettingsSnapshot(settings)
        }
    }

    /// Adds an accessory that sees every request, batch and chain of the agents using this config,
    /// before each one's own accessories (as Moya's plugins do).
    public func addAccessory(_ accessory: any RequestAccessory) { update { $0.accessories.append(accessory) } }
    /// Appends a filter every request's URL passes through, in the order added (YTKNetworkConfig's
    /// `addUrlFilter:`). Absolute request URLs skip the filters.
    public func addURLFilter(_ filter: any URLFilter) { update { $0.urlFilters.append(filter) } }
    /// Removes every URL filter (YTKNetworkConfig's `clearUrlFilter`).
    public func clearURLFilters() { update { $0.urlFilters.removeAll() } }
    /// Appends a filter the cache directory's path passes through, in the order added
    /// (YTKNetworkConfig's `addCacheDirPathFilter:`).
    public func addCacheDirPathFilter(_ filter: any CacheDirPathFilter) { update { $0.cacheDirPathFilters.append(filter) } }
    /// Removes every cache directory path filter (YTKNetworkConfig's `clearCacheDirPathFilter`).
    public func clearCacheDirPathFilters() { update { $0.cacheDirPathFilters.removeAll() } }
}

/// One version of a config's settings, never changed: runs share it.
final class SettingsSnapshot: Sendable {
    let settings: NetworkSettings
    /// Whether the logger takes debug lines (read once: asking the logger costs a call through its handler).
    let logsDebug: Bool
    /// Whether callbacks go to the main queue. By label: on Linux every read of
    /// `DispatchQueue.main` makes a new wrapper, so an identity check never matches.
    let callbacksOnMain: Bool

    init(_ settings: NetworkSettings) {
        self.settings = settings
        logsDebug = settings.logger.logLevel <= .debug
        callbacksOnMain = settings.callbackQueue.label == DispatchQueue.main.label
    }
}

/// This library's version.
public let courierVersion = "0.1.0"
