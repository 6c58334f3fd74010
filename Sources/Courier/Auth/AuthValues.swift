/// The values of a scheme's fields by their keys (``AuthField/key``), as text: what a
/// workspace writes, with `{{placeholders}}` until the request is sent. Fields not given are
/// absent.
public struct AuthValues: Sendable, Hashable {
    /// The values given, by field key; defaults are not filled in (``value(of:)`` does).
    /// Secrets are held in clear: ``secrets(_:)`` lists them for redaction.
    public private(set) var fields: [String: String]

    /// Values by field key (`["user": "ada", "password": "{{password}}"]`); not checked until
    /// ``checked(against:)`` or a scheme's ``AuthScheme/init(values:)``.
    public init(_ fields: [String: String] = [:]) {
        self.fields = fields
    }

    /// The value given for `key`, without the field's default; setting nil removes it.
    public subscript(key: String) -> String? {
        get { fields[key] }
        set { fields[key] = newValue }
    }

    /// The value, or the field's default.
    public func value(of field: AuthField) -> String? {
        fields[field.key] ?? field.defaultValue
    }

    /// The values checked against `description`: no unknown keys, every required field given
    /// (or defaulted), choices and numbers as their fields say. Throws the first problem.
    public func checked(against description: AuthSchemeDescription) throws(AuthValueError) -> AuthValues {
        for key in fields.keys.sorted() where description.field(key) == nil {
            throw AuthValueError(.invalid, field: key, "\(description.key) has no field \(key) (it has "
                + description.fields.map(\.key).joined(separator: ", ") + ")")
        }
        for field in description.fields {
            guard let value = fields[field.key] else {
                if field.isRequired, field.defaultValue == nil {
                    throw AuthValueError(.missing, field: field.key, description.requiredHint ?? "\(description.key) needs \(field.key)")
                }
                continue
            }
            if !field.isTemplate || !value.contains("{{"), let problem = field.problem(with: value) {
                throw AuthValueError(.invalid, field: field.key, problem)
            }
        }
        return self
    }

    /// The values with every templated field's text passed through `render`.
    public func rendered<Failure: Error>(_ description: AuthSchemeDescription,
                                         _ render: (AuthField, String) throws(Failure) -> String) throws(Failure) -> AuthValues {
        var copy = self
        for field in description.fields where field.isTemplate {
            if let value = fields[field.key] { copy.fields[field.key] = try render(field, value) }
        }
        return copy
    }

    /// The values of the sensitive fields that are not empty.
    public func secrets(_ description: AuthSchemeDescription) -> [String] {
        description.fields.filter(\.isSensitive).compactMap { fields[$0.key] }.filter { !$0.isEmpty }
    }

    /// A number as fields keep it: `120`, `0.5`.
    public static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The words of a ``AuthField/Kind/list`` value.
    public static func words(_ value: String) -> [String] {
        value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
    }
}

/// A scheme's values that do not make a scheme: a required field missing, or a value that
/// does not fit. Names the field when one is to blame.
public struct AuthValueError: Error, Sendable, CustomStringConvertible {
    /// What is wrong with the values.
    public enum Kind: Sendable {
        /// `missing`: a required field is not given (nor defaulted), or a combination the
        /// scheme needs is incomplete (a signature's `key` or `keyFile`). `invalid`: a key the
        /// scheme has no field for, or a value its field does not take.
        case missing, invalid
    }

    /// Whether a value is missing or does not fit.
    public let kind: Kind
    /// The field's key; nil when the values as a whole are wrong.
    public let field: String?
    /// What is wrong, for people: names the field and what it takes.
    public let message: String

    /// An error of `kind` about `field` (nil: the values as a whole), saying `message`.
    public init(_ kind: Kind, field: String?, _ message: String) {
        self.kind = kind
        self.field = field
        self.message = message
    }

    public var description: String { message }
}
