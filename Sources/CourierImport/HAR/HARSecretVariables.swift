import Foundation

/// The variables a HAR import puts in place of secrets (cookies, bearer tokens, passwords,
/// API keys): the secret itself is never written. A cookie gets one variable per cookie
/// name; a token, password or key gets one per distinct value, so that a token one site
/// used is not sent to another when the user fills the variable in.
struct HARSecretVariables {
    /// The variables in order of first use, with their values: empty for secrets, the user
    /// name for basic auth's user.
    private(set) var variables: [(name: String, value: String)] = []
    /// Names of variables that stand for secrets (all but user names).
    private(set) var secretNames: [String] = []
    private var byKey: [String: String] = [:]
    private var used: Set<String> = []
    /// What goes before a secret's name in a reference: `secret.` for `courier record`,
    /// whose secrets are `{{secret.NAME}}` read by `config.secrets`.
    var referencePrefix = ""

    /// `{{name}}`, or `{{secret.name}}` for a secret when ``referencePrefix`` says so.
    func reference(_ name: String) -> String {
        "{{" + (secretNames.contains(name) ? referencePrefix : "") + name + "}}"
    }

    /// The variable for `key` (which secret: a kind and a name or value), made from `base`
    /// on first use with `value` (empty for a secret).
    mutating func variable(for key: String, base: String, value: String = "", secret: Bool = true, clear: String? = nil) -> String {
        if let name = byKey[key] { return name }
        if let clear, clear.count >= 3 { clearValues.append((clear, name(forNew: key, base: base, value: value, secret: secret))); return byKey[key]! }
        return name(forNew: key, base: base, value: value, secret: secret)
    }

    /// Secrets' values as they were seen, with their variables: for a recording, which must
    /// not write them even where the importer does not look for them (a URL's path).
    private(set) var clearValues: [(value: String, name: String)] = []

    /// `url` with every path segment and query value that is a secret's value seen so far
    /// replaced by the secret's reference (`/tokens/{{secret.token}}?t={{secret.token}}`).
    func referencingSecrets(in url: String) -> String {
        guard !clearValues.isEmpty else { return url }
        func replaced(_ part: Substring) -> String? {
            let decoded = part.removingPercentEncoding ?? String(part)
            return clearValues.first(where: { $0.value == decoded }).map { reference($0.name) }
        }
        let end = url.firstIndex(of: "?") ?? url.endIndex
        var result = url[..<end].split(separator: "/", omittingEmptySubsequences: false).map { replaced($0) ?? String($0) }.joined(separator: "/")
        guard end < url.endIndex else { return result }
        let pairs = url[url.index(after: end)...].split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let value = replaced(parts[1]) else { return String(pair) }
            return parts[0] + "=" + value
        }
        result += "?" + pairs.joined(separator: "&")
        return result
    }

    private mutating func name(forNew key: String, base: String, value: String, secret: Bool) -> String {
        let stem = Self.name(base)
        var name = stem
        var counter = 2
        while used.contains(name) {
            name = "\(stem)\(counter)"
            counter += 1
        }
        used.insert(name)
        byKey[key] = name
        variables.append((name, value))
        if secret { secretNames.append(name) }
        return name
    }

    /// Keeps `name` from being given to a secret.
    mutating func reserve(_ name: String) { used.insert(name) }

    /// Lower-case letters, digits and `_`; anything else becomes `_` (`X-Api-Key` → `x_api_key`).
    static func name(_ text: String) -> String {
        var result = ""
        for character in text.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                result.append(character)
            } else if !result.hasSuffix("_") {
                result.append("_")
            }
        }
        let trimmed = result.trimmingCharacters(in: CharacterSet(charactersIn: "_"))
        return trimmed.isEmpty ? "secret" : trimmed
    }
}
