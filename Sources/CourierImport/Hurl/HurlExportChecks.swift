import Courier
import Foundation
import CourierWorkspace

/// Courier's `expect:` checks and chain captures as Hurl's asserts and captures:
/// `$.id == 1` → `jsonpath "$.id" == 1`, `header Server contains x` →
/// `header "Server" contains "x"`, `{token: $.token}` → `token: jsonpath "$.token"`.
enum HurlExportChecks {
    /// The Hurl assert for `check`, or why Hurl has none.
    static func assert(_ check: Check) -> Result<String, Reason> {
        let query: String
        switch check.subject {
        case .status: query = "status"
        case .header(let name): query = "header " + HurlExportText.quoted(name)
        case .cookie(let name, let attribute): query = "cookie " + HurlExportText.quoted(name + (attribute.map { "[\($0)]" } ?? ""))
        case .json(let path): query = "jsonpath " + HurlExportText.quoted(path.description)
        case .xpath(let expression): query = "xpath " + HurlExportText.quoted(expression)
        case .body: query = "body"
        case .duration: query = "duration"
        case .url: query = "url"
        case .contentType: query = "header \"Content-Type\""
        case .bytes: query = "bytes count"
        case .redirects: query = "redirects count"
        case .sha256: query = "sha256"
        case .trailer, .messages: return .failure(Reason("\(check.subject) (a gRPC call's; Hurl has no gRPC)"))
        }
        if check.counts {
            switch check.subject {
            case .json, .xpath: break
            default: return .failure(Reason("count of \(check.subject) (Hurl counts the items of a list)"))
            }
        }
        var predicate = check.predicate
        let negation = predicate.isNegated ? "not " : ""
        let name: String
        switch predicate.op {
        case .isArray: name = "isList"
        case .isNull:
            // Hurl has no isNull: == null says it.
            name = "=="
            predicate.value = .literal(.null)
        case .in, .matchesSchema:
            return .failure(Reason("\(predicate.op.rawValue) (Hurl has no such predicate)"))
        default:
            name = predicate.op.rawValue
        }
        var line = query + (check.counts ? " count" : "") + " " + negation + name
        if let value = predicate.value {
            switch self.value(value, for: predicate.op, sha256: check.subject == .sha256) {
            case .success(let text): line += " " + text
            case .failure(let reason): return .failure(reason)
            }
        }
        return .success(line)
    }

    /// The Hurl capture for a chain capture: `name: jsonpath "$.x"`.
    static func capture(_ capture: Capture) -> String {
        let query: String
        switch capture.source {
        case .status: query = "status"
        case .header(let name): query = "header " + HurlExportText.quoted(name)
        case .json(let path): query = "jsonpath " + HurlExportText.quoted(path.description)
        case .body: query = "body"
        }
        return HurlExportText.key(capture.variable) + ": " + query
    }

    /// Why a check has no Hurl form.
    struct Reason: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }

    private static func value(_ value: CheckValue, for op: CheckPredicate.Operator, sha256: Bool) -> Result<String, Reason> {
        switch value {
        case .literal(let json):
            switch json {
            case .array, .object: return .failure(Reason("a list or object value (Hurl compares one value)"))
            // A float stays one (`5.0`, which JSON would write `5`): Hurl and Courier tell them apart.
            case .double(let number) where number.rounded() == number && abs(number) < 1e15: return .success(String(number))
            default: return .success(json.description)
            }
        case .text(let text):
            if op == .matches { return .success(HurlExportText.regex(text)) }
            if sha256 {
                guard text.count == 64, text.allSatisfy(\.isHexDigit) else { return .failure(Reason("sha256 with a value that is not 64 hex digits")) }
                return .success("hex," + text.lowercased() + ";")
            }
            return .success(HurlExportText.quoted(text))
        case .placeholder(let name):
            return .success("{{" + name + "}}")
        case .list, .object:
            return .failure(Reason("a list or object value (Hurl compares one value)"))
        }
    }
}
