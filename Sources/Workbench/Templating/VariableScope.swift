import Courier
import Foundation
import Synchronization

/// The values `{{name}}` resolves to during a run, most specific first: `--var` overrides,
/// a chain's captures, the selected environment, the workspace's `variables`, built-ins.
///
/// Variables may refer to other variables; captures are added while a chain runs, so a
/// chain gets a scope of its own (``child()``). Captured secrets and the values of
/// requests' `sensitive` lists are remembered here so that output can redact them.
public final class VariableScope: Sendable {
    private let variables: [String: String]
    private let demoURL: String?
    private let environment: [String: String]
    private let parent: VariableScope?
    private let state = Mutex<(captures: [String: String], secrets: Set<String>)>(([:], []))

    /// - Parameters:
    ///   - variables: the workspace's variables with the environment and overrides applied.
    ///   - demoURL: what `{{demo}}` is, when the demo server runs.
    ///   - environment: the process environment for `{{env.NAME}}`.
    public init(variables: [String: String], demoURL: String? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables
        self.demoURL = demoURL
        self.environment = environment
        self.parent = nil
    }

    private init(parent: VariableScope) {
        self.variables = parent.variables
        self.demoURL = parent.demoURL
        self.environment = parent.environment
        self.parent = parent
    }

    /// A scope for one chain run: it sees this scope's values and adds its own captures.
    public func child() -> VariableScope { VariableScope(parent: self) }

    /// Records a captured value for later steps; `secret` values are redacted in output.
    public func capture(_ name: String, _ value: String, secret: Bool = false) {
        state.withLock { state in
            state.captures[name] = value
            if secret, !value.isEmpty { state.secrets.insert(value) }
        }
    }

    public func capturedValue(_ name: String) -> String? {
        state.withLock { $0.captures[name] } ?? parent?.capturedValue(name)
    }

    /// Remembers a value to be hidden wherever output would show it.
    public func addSecret(_ value: String) {
        guard value.count >= 3 else { return }
        state.withLock { _ = $0.secrets.insert(value) }
    }

    /// Every value to hide, this scope's and its parent's.
    public var secrets: Set<String> {
        state.withLock { $0.secrets }.union(parent?.secrets ?? [])
    }

    /// `text` with every known secret replaced by ``Redaction/placeholder``.
    public func redact(_ text: String) -> String {
        secrets.sorted { $0.count > $1.count }.reduce(text) {
            $0.replacingOccurrences(of: $1, with: Redaction.placeholder)
        }
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
            for (key, member) in members { rendered[try expansion.render(key)] = try render(member, in: expansion) }
            return .object(rendered)
        default: return value
        }
    }

    /// What `name` stands for, most specific first.
    private func source(of name: String) -> TemplateExpansion.Source? {
        if name.hasPrefix("env.") { return environment[String(name.dropFirst(4))].map(TemplateExpansion.Source.value) }
        if let captured = capturedValue(name) { return .value(captured) }
        if let text = variables[name] { return .template(text) }
        switch name {
        case "uuid": return .fresh(UUID().uuidString.lowercased())
        case "now": return .fresh(Date().formatted(.iso8601))
        case "timestamp": return .fresh(String(Int(Date().timeIntervalSince1970)))
        case "demo": return demoURL.map(TemplateExpansion.Source.value)
        default: return nil
        }
    }
}
