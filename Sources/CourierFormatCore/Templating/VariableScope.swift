import Courier
import Foundation
import Synchronization

/// The values `{{name}}` resolves to during a run, most specific first: `--var` overrides,
/// a chain's captures, an `each:` row's values, the selected environment, the workspace's
/// `variables`, built-ins.
///
/// Variables may refer to other variables; captures are added while a chain runs, so a
/// chain gets a scope of its own (``child()``). Captured secrets and the values of
/// requests' `sensitive` lists are remembered here so that output can redact them.
public final class VariableScope: Sendable {
    private let variables: [String: String]
    private let demoURL: String?
    private let demoTLS: DemoTLSVariables?
    /// Instead of `demoURL` and `demoTLS`: a demo server that may not have answered yet.
    private let demoServer: DemoServerAddresses?
    /// `{{random.…}}` and `{{fake.…}}`: one generator for the root scope and its children.
    public let fakeValues: FakeValues
    private let environment: [String: String]
    /// `{{env.NAME}}` names whose values came from a `.env` file: secrets, whatever their name.
    private let secretEnvironmentNames: Set<String>
    /// Where `{{secret.NAME}}` comes from.
    private let secretValues: (any SecretLookup)?
    private let parent: VariableScope?
    /// An `each:` row's values: plain text, not templates.
    private let rowValues: [String: String]
    /// The selected environment, whose `headers:` and `args:` requests send (``ServiceDefaults``).
    public let environmentName: String?
    private let captures = Mutex<[String: String]>([:])
    private let secretRegistry = SecretRegistry()
    /// This scope's and its parent's secrets as one matcher, and the versions it was built from.
    private let combined = Mutex<(own: Int, parent: Int, matcher: SecretMatcher)?>(nil)

    /// - Parameters:
    ///   - variables: the workspace's variables with the environment and overrides applied.
    ///   - demoURL: what `{{demo}}` is, when the demo server runs.
    ///   - demoTLS: what `{{demoTLS}}`, `{{demoCA}}`… are, when its TLS listeners run.
    ///   - demoServer: instead of `demoURL` and `demoTLS`, a demo server's addresses that may
    ///     come later: a template naming one waits for them.
    ///   - environment: the process environment for `{{env.NAME}}`.
    ///   - environmentName: the workspace environment the variables come from.
    ///   - fakeValues: the generator of `{{random.…}}` and `{{fake.…}}` (seeded for `--seed`).
    ///   - secretEnvironmentNames: `{{env.NAME}}` names read from a `.env` file, kept secret
    ///     (a `.env` file is where secrets are kept out of the repository).
    ///   - secrets: where `{{secret.NAME}}` comes from (the runner's store).
    public init(variables: [String: String], demoURL: String? = nil, demoTLS: DemoTLSVariables? = nil,
                demoServer: DemoServerAddresses? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment, environmentName: String? = nil,
                fakeValues: FakeValues = FakeValues(), secretEnvironmentNames: Set<String> = [],
                secrets: (any SecretLookup)? = nil) {
        self.secretEnvironmentNames = secretEnvironmentNames
        self.secretValues = secrets
        self.fakeValues = fakeValues
        self.variables = variables
        self.environmentName = environmentName
        self.demoURL = demoURL
        self.demoTLS = demoTLS
        self.demoServer = demoServer
        self.environment = environment
        self.parent = nil
        self.rowValues = [:]
    }

    private init(parent: VariableScope, rowValues: [String: String] = [:]) {
        self.variables = parent.variables
        self.environmentName = parent.environmentName
        self.demoURL = parent.demoURL
        self.demoTLS = parent.demoTLS
        self.demoServer = parent.demoServer
        self.fakeValues = parent.fakeValues
        self.environment = parent.environment
        self.secretEnvironmentNames = parent.secretEnvironmentNames
        self.secretValues = parent.secretValues
        self.parent = parent
        self.rowValues = rowValues
        for (name, value) in rowValues where Redaction.isSensitiveKey(name) {
            secretRegistry.set([value], for: "row " + name)
        }
    }

    /// A scope for one chain run: it sees this scope's values and adds its own captures.
    public func child() -> VariableScope { VariableScope(parent: self) }

    /// A scope for one `each:` row: `values` come before this scope's variables (the caller
    /// leaves out those `--var` sets, which come first); a column whose name says secret
    /// (`password`, `token`) is redacted in output.
    public func child(row values: [String: String]) -> VariableScope { VariableScope(parent: self, rowValues: values) }

    private func rowValue(_ name: String) -> String? {
        rowValues[name] ?? parent?.rowValue(name)
    }

    /// Records a captured value for later steps; `secret` values are redacted in output.
    public func capture(_ name: String, _ value: String, secret: Bool = false) {
        captures.withLock { $0[name] = value }
        if secret { secretRegistry.set([value], for: "capture " + name) }
    }

    public func capturedValue(_ name: String) -> String? {
        captures.withLock { $0[name] } ?? parent?.capturedValue(name)
    }

    /// Remembers a value to be hidden wherever output would show it (the newest
    /// ``SecretRegistry/looseLimit`` such values are kept; prefer ``setSecrets(_:for:)``).
    public func addSecret(_ value: String) {
        secretRegistry.add(value)
    }

    /// What `owner` (a request's name) hides now, replacing what it hid before: the values of
    /// its last resolution, not every value it ever had.
    public func setSecrets(_ values: [String], for owner: String) {
        secretRegistry.set(values, for: "request " + owner)
    }

    /// Every value to hide, this scope's and its parent's.
    public var secrets: Set<String> {
        secretRegistry.values.union(parent?.secrets ?? [])
    }

    /// `text` with every known secret, a URL's password and secret query values replaced by
    /// ``Redaction/placeholder`` — ``Redaction/redact(_:secrets:)`` with this scope's secrets.
    /// Its cost does not grow with the number of secrets.
    public func redact(_ text: String) -> String {
        Redaction.redact(text, secrets: secretMatcher)
    }

    /// This scope's and its parent's secrets, matched together; rebuilt only after a change.
    var secretMatcher: SecretMatcher {
        let own = secretRegistry.version
        let parentVersion = parent?.secretVersion ?? 0
        if let cached = combined.withLock({ $0 }), cached.own == own, cached.parent == parentVersion { return cached.matcher }
        let matcher = parent == nil ? secretRegistry.matcher : SecretMatcher(secrets)
        combined.withLock { $0 = (own, parentVersion, matcher) }
        return matcher
    }

    /// Changes whenever this scope's or an ancestor's secrets change.
    private var secretVersion: Int {
        secretRegistry.version &+ (parent?.secretVersion ?? 0) &* 31
    }

    // MARK: - Resolving

    /// `text` with its placeholders filled in, bounded as ``TemplateExpansion`` says.
    public func render(_ text: String) throws(TemplateError) -> String {
        try expansion().render(text)
    }

    /// Every string in `value` rendered, keys too, as one rendering: a variable used in many
    /// places is rendered once, and the whole value is bounded together.
    public func render(_ value: JSONValue) throws(TemplateError) -> JSONValue {
        try render(value, in: expansion())
    }

    /// The value of one name, or nil when it has none.
    public func value(of name: String) throws(TemplateError) -> String? {
        try expansion().value(of: name)
    }

    private func expansion() -> TemplateExpansion {
        TemplateExpansion { [self] name in source(of: name) }
    }

    private func render(_ value: JSONValue, in expansion: TemplateExpansion) throws(TemplateError) -> JSONValue {
        switch value {
        case .string(let text): return .string(try expansion.render(text))
        case .array(let items):
            var rendered: [JSONValue] = []
            for item in items { rendered.append(try render(item, in: expansion)) }
            return .array(rendered)
        case .object(let members):
            var rendered: [String: JSONValue] = [:]
            // In key order, not the dictionary's (seeded per process): `{{random.…}}` and
            // `{{fake.…}}` draw in the same order every run, so `--seed` repeats the values.
            for key in members.keys.sorted() { rendered[try expansion.render(key)] = try render(members[key]!, in: expansion) }
            return .object(rendered)
        default: return value
        }
    }

    /// Fetches `{{secret.NAME}}`'s value from its provider now (blocking up to its timeout).
    package func fetchSecret(_ name: String) { secretValues?.fetch(name) }

    /// Forgets the secrets' failed fetches: a new send tries their providers again.
    package func forgetSecretFailures() { secretValues?.forgetFailures() }

    /// What `name` stands for, most specific first.
    func source(of name: String) -> TemplateExpansion.Source? {
        if name.hasPrefix("env.") {
            let variable = String(name.dropFirst(4))
            guard let value = environment[variable] else { return nil }
            // `{{env.P3_API_TOKEN}}`: the name says secret, so the value is hidden wherever it goes.
            if Redaction.isSensitiveKey(variable) || secretEnvironmentNames.contains(variable) {
                secretRegistry.set([value], for: "env " + variable)
            }
            return .value(value)
        }
        if name.hasPrefix("secret.") {
            let secret = String(name.dropFirst(7))
            switch secretValues?.lookup(secret) ?? .unknown {
            case .value(let value):
                secretRegistry.set([value], for: "secret " + secret)
                return .value(value)
            case .notFetched: return .failure(TemplateError(name: name, reason: TemplateError.notFetchedReason))
            case .failed(let reason): return .failure(TemplateError(name: name, reason: reason))
            case .unknown: return nil
            }
        }
        if let captured = capturedValue(name) { return .value(captured) }
        if let value = rowValue(name) { return .value(value) }
        if let text = variables[name] { return .template(text) }
        switch name {
        case "uuid": return .fresh(UUID().uuidString.lowercased())
        case "now": return .fresh(Date().formatted(.iso8601))
        case "timestamp": return .fresh(String(Int(Date().timeIntervalSince1970)))
        case "demo": return demoBaseURL.map(TemplateExpansion.Source.value)
        // The demo server's WebSocket side: its plain listener with the ws scheme.
        case "demoWS": return demoBaseURL.map { TemplateExpansion.Source.value("ws" + $0.drop { $0 != ":" }) }
        default:
            if FakeValues.isCall(name) {
                do throws(TemplateError) {
                    return try fakeValues.value(of: name).map(TemplateExpansion.Source.fresh)
                } catch {
                    return .failure(error)
                }
            }
            guard DemoTLSVariables.names.contains(name) else { return nil }
            return (demoServer.map { $0.tls } ?? demoTLS)?.value(of: name).map(TemplateExpansion.Source.value)
        }
    }

    /// `{{demo}}`: the demo server's plain listener (waiting for a server still starting).
    private var demoBaseURL: String? {
        if let demoServer { return demoServer.baseURL }
        return demoURL
    }
}
