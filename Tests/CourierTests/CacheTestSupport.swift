import Courier
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A cached request whose every setting is stored, for tests.
final class CacheProbe: CachedRequest, @unchecked Sendable {
    struct Settings: Sendable {
        var url = "/get"
        var method = HTTPMethod.get
        var arguments: JSONValue?
        var baseURL = ""
        var serializer = ResponseSerializer.json
        var cacheTime = 60
        var version = 0
        var sensitiveData: JSONValue?
        /// Synchronous by default here (the library default is asynchronous) so a finished
        /// run has written its entry; `asynchronousWritesLandAfterWaiting` covers the other way.
        var writeAsynchronously = false
        var bypasses = false
        var argumentFilter: (@Sendable (JSONValue?) -> JSONValue?)?
    }

    let settings: Mutex<Settings>

    init(_ url: String, agent: NetworkAgent, _ configure: (inout Settings) -> Void = { _ in }) {
        var settings = Settings()
        settings.url = url
        configure(&settings)
        self.settings = Mutex(settings)
        super.init()
        self.agent = agent
    }

    func update(_ change: (inout Settings) -> Void) { settings.withLock { change(&$0) } }

    override var requestURL: String { settings.withLock { $0.url } }
    override var method: HTTPMethod { settings.withLock { $0.method } }
    override var arguments: JSONValue? { settings.withLock { $0.arguments } }
    override var baseURL: String { settings.withLock { $0.baseURL } }
    override var responseSerializer: ResponseSerializer { settings.withLock { $0.serializer } }
    override var cacheTimeInSeconds: Int { settings.withLock { $0.cacheTime } }
    override var cacheVersion: Int { settings.withLock { $0.version } }
    override var cacheSensitiveData: JSONValue? { settings.withLock { $0.sensitiveData } }
    override var writeCacheAsynchronously: Bool { settings.withLock { $0.writeAsynchronously } }
    override var bypassesCache: Bool { settings.withLock { $0.bypasses } }
    override func cacheFileNameFilter(for arguments: JSONValue?) -> JSONValue? {
        settings.withLock { $0.argumentFilter }.map { $0(arguments) } ?? arguments
    }
}

/// A test bed whose config caches into a fresh directory (not created yet), removed afterwards.
struct CacheBed {
    let bed: TestBed
    /// The config's `cacheDirectory`: `<temp>/courier-cache-test-<uuid>/responses`.
    let directory: String
    var cache: ResponseCache { ResponseCache(directory: directory) }

    /// A cached request to `path` on this bed's server, sent by its agent.
    func request(_ path: String, _ configure: (inout CacheProbe.Settings) -> Void = { _ in }) -> CacheProbe {
        CacheProbe(path, agent: bed.agent, configure)
    }

    /// A counter path no other test uses, so its count proves how many network calls happened.
    func counterPath() -> (path: String, name: String) {
        let name = bed.uniqueName("cache")
        return ("/counter/\(name)", name)
    }

    /// The file names in the cache directory, sorted.
    func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    /// Rewrites the metadata file of `name` as JSON, e.g. to backdate it.
    func rewriteMetadata(_ name: String, _ change: (inout [String: JSONValue]) -> Void) throws {
        let path = directory + "/" + name + ".metadata"
        guard case .object(var object) = try JSONValue(parsing: try Data(contentsOf: URL(fileURLWithPath: path)))
        else { throw CacheTestFailure("metadata of \(name) is not an object") }
        change(&object)
        try JSONValue.object(object).serialized().write(to: URL(fileURLWithPath: path))
    }
}

func withCacheBed<T>(_ configure: (NetworkConfig) -> Void = { _ in },
                     _ body: (CacheBed) async throws -> T) async throws -> T {
    let root = FileManager.default.temporaryDirectory.path + "/courier-cache-test-\(UUID().uuidString)"
    let directory = root + "/responses"
    defer { try? FileManager.default.removeItem(atPath: root) }
    return try await withTestBed({ config in
        config.cacheDirectory = directory
        configure(config)
    }) { bed in
        try await body(CacheBed(bed: bed, directory: directory))
    }
}

/// The permission bits of a file or directory, e.g. 0o600.
func permissions(of path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int(info.st_mode & 0o777)
}

struct CacheTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Records what accessories see of a cached request at each lifecycle step.
final class CacheAccessoryLog: RequestAccessory, Sendable {
    private let log = EventLog()

    var events: [String] { log.events }
    func waitForEvents(_ count: Int) async { await log.waitForEvents(count) }

    private func record(_ step: String, _ subject: AnyObject) {
        let fromCache = (subject as? CachedRequest)?.isDataFromCache ?? false
        log.record("\(step):\(fromCache ? "cache" : "network")")
    }

    func requestWillStart(_ subject: AnyObject) { record("willStart", subject) }
    func requestWillStop(_ subject: AnyObject) { record("willStop", subject) }
    func requestDidStop(_ subject: AnyObject) { record("didStop", subject) }
}
