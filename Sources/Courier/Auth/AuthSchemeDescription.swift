/// What an auth scheme is, for everything that reads, writes, shows or hides one: its key under
/// `auth:`, its title, how its value is written, and its fields. Each scheme declares it once
/// (``AuthScheme/schemeDescription``); the workspace parser, the YAML writer, the composer's
/// Auth tab and redaction read it.
public struct AuthSchemeDescription: Sendable {
    /// How the scheme is written under `auth:`.
    public enum Shape: Sendable, Hashable {
        /// `digest: {user: …, password: …}`: a mapping of the fields.
        case fields
        /// `bearer: TOKEN`: the one field's value.
        case value
        /// `negotiate: {}` or `negotiate: true`: turned on, no fields.
        case flag
        /// `command: "gh auth token"` with the other fields beside it in `auth:` (`ttl: 300`):
        /// the first field's value, the rest as siblings.
        case leading
    }

    /// The key under `auth:` (`aws`).
    public let key: String
    /// What people call it (`AWS SigV4`).
    public let title: String
    /// One line on how it works, for the composer.
    public let summary: String
    /// How the scheme is written under `auth:` (``Shape``).
    public let shape: Shape
    /// The scheme's fields in the order they are written and shown; empty for a
    /// ``Shape/flag`` scheme.
    public let fields: [AuthField]
    /// Said with a missing required field (`SigV4 signs with accessKey, secretKey, region and service`).
    public let requiredHint: String?

    /// A description; by default the scheme is written as a mapping of its fields
    /// (``Shape/fields``), and a missing required field is reported by its key.
    public init(key: String, title: String, summary: String, shape: Shape = .fields, fields: [AuthField],
                requiredHint: String? = nil) {
        self.key = key
        self.title = title
        self.summary = summary
        self.shape = shape
        self.fields = fields
        self.requiredHint = requiredHint
    }

    /// The field written under `key`.
    public func field(_ key: String) -> AuthField? {
        fields.first { $0.key == key }
    }

    /// The fields written beside the scheme's key in `auth:` (a ``Shape/leading`` scheme's);
    /// empty for the other shapes.
    public var siblingFields: [AuthField] {
        shape == .leading ? Array(fields.dropFirst()) : []
    }

    /// How the scheme is written, for a list of what `auth:` takes (`digest: {user, password}`).
    public var synopsis: String {
        switch shape {
        case .fields: "\(key): {\(fields.map(\.key).joined(separator: ", "))}"
        case .value: "\(key): \(fields.first.map { $0.key.uppercased() } ?? "VALUE")"
        case .flag: "\(key): {}"
        case .leading: "\(key): \(fields.first.map { $0.key.uppercased() } ?? "VALUE")"
        }
    }
}
