/// The shape a JSON response must have (YTK's `jsonValidator`).
///
/// Rules, as in YTKNetwork: an object template requires every one of its keys to be present
/// and to match, where a `null` value matches any template; an array template applies its
/// element template to every element, and an array template with no element template passes
/// any array; a leaf template requires a value of its type.
public indirect enum JSONTemplate: Sendable, Hashable {
    /// Any value, `null` included.
    case any
    /// A JSON string.
    case string
    /// An integer (a JSON number without a fractional part).
    case int
    /// Any JSON number.
    case number
    /// `true` or `false`.
    case bool
    /// An object that has every listed key, each matching its template (a `null` member matches
    /// any); other keys are allowed.
    case object([String: JSONTemplate])
    /// An array whose elements all match the template; `nil` accepts any array.
    case array(JSONTemplate?)

    /// Nil when `value` matches; otherwise where and why it does not, e.g.
    /// `$.tags[1]: expected string, found 3`.
    public func mismatch(in value: JSONValue, path: String = "$") -> String? {
        switch (self, value) {
        case (.any, _):
            return nil
        case (.object(let members), .object(let object)):
            for key in members.keys.sorted() {
                let memberPath = "\(path).\(key)"
                guard let member = object[key] else { return "\(memberPath): missing" }
                if member == .null { continue }
                if let problem = members[key]!.mismatch(in: member, path: memberPath) { return problem }
            }
            return nil
        case (.array(let element), .array(let elements)):
            guard let element else { return nil }
            for (index, item) in elements.enumerated() {
                if let problem = element.mismatch(in: item, path: "\(path)[\(index)]") { return problem }
            }
            return nil
        case (.string, .string), (.bool, .bool), (.int, .int), (.number, .int), (.number, .double):
            return nil
        case (.int, .double(let d)) where d.rounded() == d:
            return nil
        default:
            return "\(path): expected \(name), found \(Self.summary(of: value))"
        }
    }

    /// The template's type name as written in workspace files.
    public var name: String {
        switch self {
        case .any: return "any"
        case .string: return "string"
        case .int: return "int"
        case .number: return "number"
        case .bool: return "bool"
        case .object: return "object"
        case .array: return "array"
        }
    }

    private static func summary(of value: JSONValue) -> String {
        let text = value.description
        return text.count > 40 ? String(text.prefix(37)) + "..." : text
    }
}
