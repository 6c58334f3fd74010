import CourierFormatCore
import Foundation

/// `config.secrets.NAME`: where `{{secret.NAME}}` comes from — a password manager or vault
/// through its command line, the desktop keyring, a file, or an environment variable. The
/// value is fetched when a request first uses it, kept in memory for the session (or `ttl:`
/// seconds) and never written anywhere: not to disk, the history, HAR, reports, exports, the
/// cache key or the screen.
///
/// ```yaml
/// config:
///   secrets:
///     apiKey: {command: "pass show api/key"}            # the first line of its output
///     opToken: {command: "op read op://vault/item/field", ttl: 600}
///     vaultToken: {command: "vault kv get -field=token secret/api", timeout: 20}
///     desktop: {keyring: {service: courier, account: api}}   # libsecret, through secret-tool
///     fromFile: {file: ~/.config/api/token}
///     fromEnv: {env: API_TOKEN}
/// ```
public struct SecretDefinition: Sendable, Hashable {
    /// Where the value is.
    public enum Provider: Sendable, Hashable {
        /// A shell command (`/bin/sh -c`): its standard output's first line.
        case command(String)
        /// The desktop keyring (the Secret Service, through `secret-tool lookup`).
        case keyring(service: String, account: String)
        /// A file's contents, trimmed; `~/` is the home folder.
        case file(String)
        /// A process environment variable.
        case env(String)
    }

    public var name: String
    public var provider: Provider
    /// Seconds a fetched value is kept; nil: the whole session.
    public var ttl: Int?
    /// Seconds a command or the keyring may take.
    public var timeout: Double
    public var location: SourceLocation

    static let keys = ["command", "keyring", "file", "env", "ttl", "timeout"]
    static let defaultTimeout = 30.0

    init(name: String, yaml: YAMLValue) throws(WorkspaceError) {
        self.name = name
        location = yaml.location
        let map = try yaml.mapping(allowed: Self.keys, expected: "a secret: {command: …}, {keyring: {service, account}}, {file: …} or {env: …}")
        let given = ["command", "keyring", "file", "env"].filter { map[$0] != nil }
        guard given.count == 1 else {
            throw yaml.error(.invalidValue, given.isEmpty ? "a secret names where it is: command, keyring, file or env"
                : "a secret has one source, not \(given.joined(separator: " and "))")
        }
        switch given[0] {
        case "command": provider = .command(try map.required("command").string())
        case "keyring":
            let keyring = try map.required("keyring").mapping(allowed: ["service", "account"], expected: "{service: …, account: …}")
            provider = .keyring(service: try keyring.required("service").string(), account: try keyring.required("account").string())
        case "file": provider = .file(try map.required("file").string())
        default: provider = .env(try map.required("env").string())
        }
        // At least a second: a value fetched for a request must still be there when it is sent.
        ttl = try map["ttl"]?.int(in: 1...NumberRanges.cacheSeconds.upperBound, "a number of seconds")
        timeout = try map["timeout"]?.double(in: NumberRanges.timeout, "a number of seconds") ?? Self.defaultTimeout
    }

    /// The provider in words, for errors and `courier secrets check` (never the value).
    public var providerDescription: String {
        switch provider {
        case .command(let command): return "command `\(command)`"
        case .keyring(let service, let account): return "keyring service=\(service) account=\(account)"
        case .file(let path): return "file \(path)"
        case .env(let variable): return "environment variable \(variable)"
        }
    }
}
