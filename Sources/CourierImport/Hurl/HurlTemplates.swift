import CourierWorkspace

/// Hurl's `{{templates}}` and Courier's: the same braces, with Hurl's generators
/// (`{{newUuid}}`, `{{newDate}}`) as Courier's built-ins (`{{uuid}}`, `{{now}}`) and back.
enum HurlTemplates {
    /// Hurl's generators and the built-ins that stand for them.
    static let builtIns = ["newUuid": "uuid", "newDate": "now"]

    /// `text` with each `{{ name }}` written `{{name}}` and Hurl's generators as built-ins.
    static func courier(_ text: String) -> String {
        HTTPFileText.replacingPlaceholders(in: text) { name in "{{" + (builtIns[name] ?? name) + "}}" }
    }

    /// `text` sent as it is: each `{{` written as the template of a literal `{{` (`{{"{{"}}`),
    /// for Hurl's ```raw strings, whose templates are not filled in.
    static func literal(_ text: String) -> String {
        text.replacingOccurrences(of: "{{", with: "{{\"{{\"}}")
    }

    /// `text` with Courier's built-ins as Hurl's generators, unless `defined` defines the name.
    static func hurl(_ text: String, defined: Set<String>) -> String {
        HTTPFileText.replacingPlaceholders(in: text) { name in
            guard !defined.contains(name), let generator = builtIns.first(where: { $0.value == name })?.key else { return nil }
            return "{{" + generator + "}}"
        }
    }
}

/// Secrets a Hurl file holds in the clear — an `Authorization` header, a `[BasicAuth]` or
/// `user:` password, a header whose name says secret — moved out of the workspace: each
/// becomes a `{{variable}}` whose value goes to the private environment `hurl` (the
/// workspace's private file, owner-only), never into the shared YAML.
struct HurlSecrets {
    /// The private environment's name.
    static let environment = "hurl"
    private(set) var values: [(name: String, value: String)] = []
    private var naming = ImportNaming()

    /// `value` itself when it is already a template; else `{{NAME}}` for a private variable
    /// named after `base` (the same one for the same value).
    mutating func reference(for value: String, base: String) -> String {
        guard !value.isEmpty, Template.references(in: value).isEmpty else { return value }
        if let known = values.first(where: { $0.value == value }) { return "{{\(known.name)}}" }
        let name = naming.unique(base, fallback: "secret")
        values.append((name, value))
        return "{{\(name)}}"
    }

    /// Keeps `name` (a workspace variable) from being given to a secret.
    mutating func reserve(_ name: String) { naming.reserve(name) }
}
