import Courier
import CourierFormatCore

extension CheckResult {
    /// Whether the subject's value is a secret wherever it is shown or kept: a secret header
    /// (``Redaction/isSensitiveHeader(_:)``), a cookie's value, or a JSON value under a
    /// secret-named key (which the history masks in bodies too). A count is no secret.
    var readsSecret: Bool {
        guard !check.counts else { return false }
        switch check.subject {
        case .header(let name), .trailer(let name): return Redaction.isSensitiveHeader(name)
        case .cookie(_, let attribute): return attribute == nil
        case .json(let path):
            return path.components.contains { component in
                if case .key(let key) = component { return Redaction.isSensitiveKey(key) }
                return false
            }
        default: return false
        }
    }

    /// The result as it may be kept or reported: its texts through `scope` (known secrets,
    /// URL passwords, secret query values), and for a subject that ``readsSecret`` the actual
    /// value and the expected one replaced by ``Redaction/placeholder`` — so its ``summary``
    /// says no more than the rest of the exchange does.
    package func redacted(by scope: VariableScope) -> CheckResult {
        var result = self
        result.check.text = scope.redact(check.text)
        result.note = note.map(scope.redact)
        if readsSecret {
            if actual != "nothing" { result.actual = Redaction.placeholder }
            // A schema's expected names the schema, not a value.
            let showsValue = check.predicate.value != nil && check.predicate.op != .matchesSchema
            result.expected = showsValue ? check.predicate.text(value: Redaction.placeholder) : expected
        } else {
            result.actual = scope.redact(actual)
            result.expected = scope.redact(expected)
        }
        return result
    }
}
