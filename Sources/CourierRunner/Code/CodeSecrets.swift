import Courier
import CourierFormat
import CourierFormatCore
import Foundation

/// The secrets of a request about to be written as code, each with the environment variable
/// the program reads it from instead: a `{{token}}`, `{{secret.api_token}}` or
/// `{{env.P3_KEY}}` by its own name (`TOKEN`, `API_TOKEN`, `P3_KEY`), a credential no
/// variable gave by where it goes (a bearer token `API_TOKEN`, a basic password
/// `API_PASSWORD`, an `X-Api-Key` header `X_API_KEY`, a query's `api_key` `API_KEY`), and any
/// other value the scope hides (`sensitive:`, a secret capture) as `SECRET`, `SECRET_2`….
struct CodeSecrets {
    /// Secret values and the variables they are read from.
    private(set) var named: [(value: String, name: String)] = []
    /// Every value the request's scope hides, named or not.
    let hidden: Set<String>

    /// The secrets of `request`'s variables; the credentials of its headers and query are
    /// named by ``name(_:as:)`` as the request is read.
    init(request: Request) {
        guard let request = request as? WorkspaceRequest else {
            hidden = []
            return
        }
        let scope = request.scope
        hidden = scope.secrets
        var names = Set(Self.references(in: request.source))
        names.formUnion(request.workspace.variables.keys)
        if let environment = scope.environmentName, let values = request.workspace.environments[environment] {
            names.formUnion(values.keys)
        }
        for name in names.sorted() {
            guard let value = try? scope.value(of: name), value.utf8.count >= 3 else { continue }
            // A whole hidden value, or the credential of one (`Bearer {{token}}`).
            let secret = name.hasPrefix("secret.") || Redaction.isSensitiveKey(name) || hidden.contains(value)
                || hidden.contains { $0.hasSuffix(" " + value) }
            if secret { self.name(value, as: Self.environmentName(for: name)) }
        }
    }

    /// No secrets: `--reveal`.
    private init() { hidden = [] }
    static let revealed = CodeSecrets()

    /// Names `value` (when it has no name yet) as `variable`, or `variable_2`… when another
    /// value has that name; returns the name it has.
    @discardableResult
    mutating func name(_ value: String, as variable: String) -> String {
        if let known = named.first(where: { $0.value == value }) { return known.name }
        var candidate = variable
        var number = 2
        while named.contains(where: { $0.name == candidate }) {
            candidate = "\(variable)_\(number)"
            number += 1
        }
        named.append((value, candidate))
        named.sort { $0.value.count > $1.value.count }
        return candidate
    }

    /// Whether `text` holds a named secret.
    func hasSecret(in text: String) -> Bool {
        named.contains { text.contains($0.value) }
    }

    /// Names what the scope hides and `texts` hold but no rule named: `SECRET`, `SECRET_2`….
    mutating func nameTheRest(in texts: [String]) {
        // A value with a named secret in it (`Bearer ` and a named token) is hidden already.
        for value in hidden.sorted() where value.utf8.count >= 3 && !hasSecret(in: value) {
            if texts.contains(where: { $0.contains(value) }) { name(value, as: "SECRET") }
        }
    }

    /// `text` with each named secret (the longest first where two start at one place) as
    /// its variable.
    func text(_ text: String) -> SecretText {
        guard !named.isEmpty else { return SecretText(text) }
        var result = SecretText(segments: [])
        var rest = Substring(text)
        while !rest.isEmpty {
            var earliest: (range: Range<Substring.Index>, name: String)?
            for (value, name) in named {
                guard let range = rest.range(of: value) else { continue }
                if earliest == nil || range.lowerBound < earliest!.range.lowerBound { earliest = (range, name) }
            }
            guard let found = earliest else { break }
            result.append(.text(String(rest[..<found.range.lowerBound])))
            result.append(.environment(found.name))
            rest = rest[found.range.upperBound...]
        }
        result.append(.text(String(rest)))
        return result
    }

    /// `secret.api_token` → `API_TOKEN`, `env.P3_KEY` → `P3_KEY`, `apiKey` → `API_KEY`,
    /// `X-Api-Key` → `X_API_KEY`: an environment variable's name.
    static func environmentName(for name: String) -> String {
        var base = Substring(name)
        for prefix in ["secret.", "env."] where base.hasPrefix(prefix) { base = base.dropFirst(prefix.count) }
        var result = ""
        var previous: Character?
        for character in base {
            if character.isASCII && (character.isLetter || character.isNumber) {
                if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { result += "_" }
                result += character.uppercased()
            } else if !result.hasSuffix("_") {
                result += "_"
            }
            previous = character
        }
        result = String(result.drop { $0 == "_" })
        while result.hasSuffix("_") { result.removeLast() }
        if result.isEmpty { return "SECRET" }
        return result.first!.isNumber ? "_" + result : result
    }

    /// The `{{…}}` names in the strings of a definition, found by walking its values.
    static func references(in definition: RequestDefinition) -> [String] {
        var found: [String] = []
        func walk(_ value: Any, depth: Int) {
            guard depth < 12 else { return }
            if let text = value as? String {
                if text.contains("{{") { found += Template.references(in: text) }
                return
            }
            for child in Mirror(reflecting: value).children { walk(child.value, depth: depth + 1) }
        }
        walk(definition, depth: 0)
        return found
    }
}
