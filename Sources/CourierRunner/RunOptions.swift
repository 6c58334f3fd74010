import Courier
import CourierFormatCore

/// How `courier run` runs a workspace.
public struct RunOptions: Sendable {
    /// The environment whose variables apply (`--env`).
    public var environment: String?
    /// `--var name=value`, over everything else.
    public var overrides: [String: String] = [:]
    /// `--seed N`: `{{random.…}}` and `{{fake.…}}` give the same values run after run.
    public var seed: UInt64?
    /// The embedded demo server's base URL, for `{{demo}}`.
    public var demoURL: String?
    /// The demo server's TLS listeners, for `{{demoTLS}}`, `{{demoCA}}`….
    package var demoTLS: DemoTLSVariables?
    /// Instead of `demoURL` and `demoTLS`: a demo server still starting in another process.
    package var demoServer: DemoServerAddresses?
    /// Go to the network even when a fresh cache entry exists (`--ignore-cache`).
    public var ignoreCache = false
    /// Instead of the workspace's cache directory.
    public var cacheDirectory: String?
    /// Instead of the workspace's proxy setting.
    public var proxy: ProxySetting?
    /// Where every sent request is recorded; nil = no history.
    package var history: (any ExchangeRecording)?
    /// Where every sent request's exchange goes for `--report`; nil = no report.
    package var reportExchanges: (any ExchangeRecording)?
    /// Set: requests are answered from the cache or the history, never the network.
    package var offline: (any OfflineAnswering)?
    /// The process environment for `{{env.NAME}}`.
    public var processEnvironment: [String: String]?
    /// `--env-file`'s values for `{{env.NAME}}`: over the workspace's `config.envFile`, under
    /// the process environment (as dotenv tools do: an exported variable wins).
    public var dotenv: [String: String] = [:]
    /// The `{{secret.NAME}}` values fetched so far; nil: a new store for the run (the
    /// workbench keeps its store across reloads of an unchanged `secrets:`).
    package var secretStore: SecretStore?
    /// Where persisted cookies are kept (in `cookies/`); nil = `$XDG_STATE_HOME/courier`.
    public var stateDirectory: String?
    /// The jar a `config.cookies: session` run sends through instead of a new one (the
    /// workbench keeps its session's across reloads); persist and none do not use it.
    public var cookieJar: CookieJar?
    /// Set: a `config.cookies: persist` jar's file is read on a thread of its own
    /// (``CookieJar/init(file:readingInBackground:onSaveFailure:)``), and this is called once it
    /// has — the workbench, which must not wait for a file of millions of lines to draw.
    package var cookieFileRead: (@Sendable () -> Void)?
    /// Where the jar's problems go (lines of its file skipped, cookies dropped, a failed
    /// write) instead of the log, which the workbench must not print over its screen.
    package var cookieProblem: (@Sendable (CookieJarError) -> Void)?
    /// Where oauth2 and command tokens come from; nil: a new ``TokenSessions`` for the run,
    /// keeping OAuth2 tokens under ``stateDirectory``.
    package var tokenSessions: TokenSessions?

    public init() {}
}
