import CourierWorkspace
import Courier

/// Request settings in the words the composer and the error explanations use.
enum DefinitionText {
    /// `200-204, 301`: status codes as sorted ranges.
    static func statusCodes(_ codes: Set<Int>) -> String {
        var ranges: [ClosedRange<Int>] = []
        for code in codes.sorted() {
            if let last = ranges.last, last.upperBound + 1 == code {
                ranges[ranges.count - 1] = last.lowerBound...code
            } else {
                ranges.append(code...code)
            }
        }
        return ranges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ", ")
    }

    /// A JSON template as the workspace writes it: `{id: int, tags: [string]}`.
    static func template(_ template: JSONTemplate) -> String {
        switch template {
        case .any: return "any"
        case .string: return "string"
        case .int: return "int"
        case .number: return "number"
        case .bool: return "bool"
        case .array(let element): return element.map { "[\(self.template($0))]" } ?? "array"
        case .object(let members):
            guard !members.isEmpty else { return "object" }
            return "{" + members.keys.sorted().map { "\($0): \(self.template(members[$0]!))" }.joined(separator: ", ") + "}"
        }
    }

    /// `low`, `high`, `default` or the number.
    static func priority(_ priority: RequestPriority) -> String {
        switch priority {
        case .low: return "low"
        case .high: return "high"
        case .default: return "default"
        default: return String(priority.rawValue)
        }
    }

    /// `3 retries, backoff 0.05 s, on 503`.
    static func retry(_ policy: RetryPolicy) -> String {
        guard policy.retryLimit > 0 else { return "none" }
        var text = "\(policy.retryLimit) retr\(policy.retryLimit == 1 ? "y" : "ies")"
        text += ", backoff \(policy.exponentialBackoffScale) s"
        if !policy.retryableStatusCodes.isEmpty { text += ", on \(statusCodes(policy.retryableStatusCodes))" }
        return text
    }

    /// `verified`, `verified with ca.pem`, `NOT verified`, pinning.
    static func tls(_ policy: TLSPolicy) -> String {
        var text = policy.verifyPeer ? "verified" : "NOT verified"
        if let caFile = policy.caFile { text += " with \(caFile)" }
        if policy.pinnedPublicKey != nil { text += ", key pinned" }
        return text
    }
}
