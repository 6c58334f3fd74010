import Courier
import CourierChecks
import CourierFormatCore

/// `config:` — what the workspace's agent applies to every request (``NetworkSettings``).
/// Strings may hold `{{placeholders}}`, so an environment can choose the base URL.
public struct WorkspaceConfig: Sendable {
    /// `filters: {query: {k: v}, pathPrefix: {from, to}}`.
    public struct PathPrefix: Sendable, Hashable {
        public var from: String
        public var to: String
    }

    public var baseURL: String?
    public var cdnURL: String?
    public var queryParameters: [(name: String, value: String)] = []
    public var pathPrefixes: [PathPrefix] = []
    /// Relative to the workspace file's directory.
    public var cacheDirectory: String?
    public var tls: TLSPolicy?
    /// `http:`, `resolve:`, `connectTo:`, `unixSocket:` for every request.
    public var connection = ConnectionSettings()
    public var retry: RetryPolicy?
    /// Seconds; the default for requests that set no timeout.
    public var timeout: Double?
    public var acceptableJSONContentTypes: Set<String>?
    public var acceptableXMLContentTypes: Set<String>?
    public var maxConcurrentTransfers: Int?
    /// The most bytes of a response body kept in memory (256 MiB when unset).
    public var maxBodyBytes: Int?
    /// `spoolBodiesOver`: bytes of a response body past which it goes to a file as it arrives
    /// instead of memory; nil: the engine's 64 MiB.
    public var spoolBodiesOver: Int?
    public var userAgent: String?
    /// `none`, `environment` or a proxy URL.
    public var proxy: ProxySetting?

    /// `history.keep`: how much of this workspace's history to keep.
    public var historyRetention = HistoryRetention.standard
    /// `history.bodyBytes`: bodies kept whole in the history up to this size.
    public var historyBodyLimit = HistorySettings.defaultBodyLimit
    /// `history.spooledBytes`: a spooled response body is kept by reference up to this size.
    public var historySpooledBodyLimit = HistorySettings.defaultSpooledBodyLimit
    /// `history.spooledTotalBytes`: the kept spooled bodies together, the oldest let go first.
    public var historySpooledTotalLimit = HistorySettings.defaultSpooledTotalLimit
    /// `cookies:` — session (the default), persist or none.
    public var cookies = CookieMode.session
    /// `headers:` and `args:` — sent with every request (``ServiceDefaults``).
    public var defaults = ServiceDefaults()
    /// `contract:` — the OpenAPI document every response is checked against.
    public var contract: Contract?
    /// `diff:` — what `courier diff` leaves out or lets pass for every request (``DiffSettings``).
    public var diff = DiffSettings()
    /// `envFile:` — a `.env` file (relative to the workspace's folder) whose values
    /// `{{env.NAME}}` reads below the process environment (``DotEnvFile``).
    public var envFile: String?
    /// `secrets:` — where each `{{secret.NAME}}` comes from (``SecretDefinition``).
    public var secrets: [String: SecretDefinition] = [:]

    public init() {}

    static let keys = ["baseUrl", "cdnUrl", "filters", "cacheDirectory", "tls", "retry", "timeout", "contentTypes",
                       "maxConcurrent", "maxBodyBytes", "spoolBodiesOver", "userAgent", "proxy", "history", "cookies", "headers", "args", "contract", "envFile", "secrets", "diff"] + ConnectionSettings.keys

    init(yaml: YAMLValue, templates: inout [TemplateUse]) throws(WorkspaceError) {
        let map = try yaml.mapping(allowed: Self.keys)
        func text(_ value: YAMLValue?) throws(WorkspaceError) -> String? {
            guard let value else { return nil }
            let string = try value.string()
            templates.append(TemplateUse(text: string, location: value.location))
            return string
        }
        baseURL = try text(map["baseUrl"])
        cdnURL = try text(map["cdnUrl"])
        if let filters = try map["filters"]?.mapping(allowed: ["query", "pathPrefix"]) {
            for entry in try filters["query"]?.mapping().entries ?? [] {
                queryParameters.append((entry.name, try text(entry.value)!))
            }
            if let prefixes = filters["pathPrefix"] {
                let items = if case .sequence = prefixes.node { try prefixes.list() } else { [prefixes] }
                for item in items {
                    let fields = try item.mapping(allowed: ["from", "to"], expected: "{from: /v1/, to: /v2/}")
                    pathPrefixes.append(PathPrefix(from: try fields.required("from").string(), to: try fields.required("to").string()))
                }
            }
        }
        cacheDirectory = try text(map["cacheDirectory"])
        if let value = map["tls"] { tls = try PolicyParsing.tls(value) { node throws(WorkspaceError) in try text(node) ?? "" } }
        connection = try ConnectionSettings(map)
        if let value = map["retry"] { retry = try PolicyParsing.retry(value) }
        timeout = try map["timeout"]?.double(in: NumberRanges.timeout, "a number of seconds")
        if let types = try map["contentTypes"]?.mapping(allowed: ["json", "xml"]) {
            acceptableJSONContentTypes = try types["json"].map { value throws(WorkspaceError) in try Self.set(value) }
            acceptableXMLContentTypes = try types["xml"].map { value throws(WorkspaceError) in try Self.set(value) }
        }
        maxConcurrentTransfers = try map["maxConcurrent"]?.int(in: NumberRanges.maxConcurrent, "a number of transfers at once")
        maxBodyBytes = try map["maxBodyBytes"]?.int(in: NumberRanges.maxBodyBytes, "a number of bytes")
        spoolBodiesOver = try map["spoolBodiesOver"]?.int(in: NumberRanges.spoolBodiesOver, "a number of bytes")
        userAgent = try map["userAgent"]?.string()
        if let value = map["proxy"] {
            let raw = try value.string()
            proxy = raw == "none" ? ProxySetting.none : raw == "environment" ? .environment : .url(raw)
        }
        if let value = map["cookies"] { cookies = try CookieMode(yaml: value) }
        defaults = try ServiceDefaults(headers: map["headers"], args: map["args"], templates: &templates)
        contract = try map["contract"].map { value throws(WorkspaceError) in try Contract.load(value) }
        if let value = map["diff"] { diff = try DiffSettings(yaml: value) }
        envFile = try map["envFile"]?.string(expected: "a .env file's path")
        for entry in try map["secrets"]?.mapping(expected: "a mapping of secret names to where they are").entries ?? [] {
            secrets[entry.name] = try SecretDefinition(name: entry.name, yaml: entry.value)
        }
        if let history = try map["history"]?.mapping(allowed: ["keep", "bodyBytes", "spooledBytes", "spooledTotalBytes"],
                                                      expected: "{keep: {count: 100, days: 30}, bodyBytes: 1048576, spooledBytes: 268435456}") {
            if let keep = try history["keep"]?.mapping(allowed: ["count", "days"], expected: "{count: 100, days: 30}") {
                historyRetention = HistoryRetention(count: try keep["count"]?.int(in: NumberRanges.historyCount, "a number of exchanges per request"),
                                                    days: try keep["days"]?.int(in: NumberRanges.historyDays, "a number of days"))
            }
            historyBodyLimit = try history["bodyBytes"]?.int(in: NumberRanges.historyBodyBytes, "a number of bytes") ?? historyBodyLimit
            historySpooledBodyLimit = try history["spooledBytes"]?.int(in: NumberRanges.historySpooledBytes, "a number of bytes")
                ?? historySpooledBodyLimit
            historySpooledTotalLimit = try history["spooledTotalBytes"]?.int(in: NumberRanges.historySpooledBytes, "a number of bytes")
                ?? historySpooledTotalLimit
        }
    }

    private static func set(_ value: YAMLValue) throws(WorkspaceError) -> Set<String> {
        var result = Set<String>()
        for item in try value.list(expected: "a list of content types") { result.insert(try item.string()) }
        return result
    }
}
