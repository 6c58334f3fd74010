/// One field of an auth scheme, described once: the YAML key it is written under, what the
/// composer calls it, what kind of value it takes, whether it must be given, its default,
/// and whether its value is a secret (hidden in output and redacted everywhere).
public struct AuthField: Sendable, Hashable {
    /// What a field's value is.
    public enum Kind: Sendable, Hashable {
        /// Text; `{{placeholders}}` are filled in when the request is sent.
        case text
        /// Text that is a secret: a password, a token, a secret key.
        case secret
        /// A key given inline (PEM text, or base64 bytes): a secret.
        case key
        /// A path to a file (resolved against the workspace), e.g. a PEM key; its content is a
        /// secret, the path is not.
        case file
        /// One of these words, written as it is.
        case choice([String])
        /// A whole number in this range, written as it is.
        case integer(ClosedRange<Int>)
        /// A number of seconds in this range, written as it is.
        case seconds(ClosedRange<Double>)
        /// A list of words (a YAML list, or the words in one string), kept space-separated.
        case list
    }

    /// The key under the scheme's mapping in a workspace (`accessKey`).
    public let key: String
    /// What the composer calls it (`access key`).
    public let label: String
    /// What the value is (``Kind``): how it is checked, shown and whether it is a secret.
    public let kind: Kind
    /// The field must be given (or have a default).
    public let isRequired: Bool
    /// The value when the field is not given; a value equal to it is not written back.
    public let defaultValue: String?
    /// `{{placeholders}}` in the value are filled in (text, secrets, keys and files are, by
    /// default); a literal word otherwise.
    public let isTemplate: Bool
    /// The value goes as it is into a header field: a placeholder whose value holds a
    /// control character is refused, named, before the request is built.
    public let isHeaderValue: Bool

    /// A field written under `key`. `label` defaults to the key; `template` defaults to true
    /// for text, secrets, keys, files and lists and to false for choices and numbers;
    /// `headerValue` marks a value that goes into a header field as it is (a bearer token).
    public init(_ key: String, label: String? = nil, kind: Kind = .text, required: Bool = false,
                default defaultValue: String? = nil, template: Bool? = nil, headerValue: Bool = false) {
        self.key = key
        self.isHeaderValue = headerValue
        self.label = label ?? key
        self.kind = kind
        self.isRequired = required
        self.defaultValue = defaultValue
        switch kind {
        case .text, .secret, .key, .file, .list: self.isTemplate = template ?? true
        case .choice, .integer, .seconds: self.isTemplate = template ?? false
        }
    }

    /// The value is a secret: hidden in the composer unless revealed, and redacted in logs,
    /// reports, history and exports.
    public var isSensitive: Bool {
        switch kind {
        case .secret, .key: true
        default: false
        }
    }

    /// Why `value` does not fit the field, or nil. Templates are not judged (their value is
    /// known only when the request is sent).
    public func problem(with value: String) -> String? {
        switch kind {
        case .choice(let words) where !words.contains(value):
            return "unknown \(key) \"\(value)\" (expected one of: \(words.joined(separator: ", ")))"
        case .integer(let range):
            guard let number = Int(value), range.contains(number) else {
                return "\(key) is a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(value)\""
            }
            return nil
        case .seconds(let range):
            guard let number = Double(value), range.contains(number) else {
                return "\(key) is a number of seconds from \(AuthValues.number(range.lowerBound)) to "
                    + "\(AuthValues.number(range.upperBound)), not \"\(value)\""
            }
            return nil
        default:
            return nil
        }
    }
}
