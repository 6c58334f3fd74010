import Courier
import Foundation

extension VariableScope {
    /// A body with its secrets masked: JSON with secret-named keys masked (re-serialized only
    /// when one was), form bodies likewise, any UTF-8 text through the scope; other bytes as
    /// they are. How the history, the cache listing and a stream's report keep and show bodies.
    package func redactedBody(_ data: Data, contentType: String?) -> Data {
        redactedBodyHeld(data, contentType: contentType)
    }

    /// A body too large to hold (a spooled response's file at `source`) copied to a new file at
    /// `destination` (0600), redacted as ``redactedBody(_:contentType:)`` redacts one held whole,
    /// as it streams (``StreamingRedaction``); returns whether anything was hidden. A form body
    /// is read as text: its first field's value is hidden only when it is a known secret.
    package func redactedCopy(of source: String, to destination: String, contentType: String?) throws -> Bool {
        try StreamingRedaction.copy(source, to: destination, secrets: secretMatcher, contentType: contentType)
    }

    private func redactedBodyHeld(_ data: Data, contentType: String?) -> Data {
        guard let text = String(data: data, encoding: .utf8) else { return data }
        let type = contentType?.lowercased() ?? ""
        if type.contains("json") || text.first == "{" || text.first == "[" , let value = try? JSONValue(parsing: data) {
            let masked = Redaction.json(value)
            if masked != value { return Redaction.json(value, strings: self.redact).serialized(prettyPrinted: false) }
        }
        if type.contains("x-www-form-urlencoded") {
            let pairs = text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
                let parts = pair.split(separator: "=", maxSplits: 1)
                let key = parts.first.map(String.init) ?? ""
                let decodedKey = key.removingPercentEncoding ?? key
                return Redaction.isSensitiveKey(decodedKey) ? key + "=" + Redaction.placeholder : redact(String(pair))
            }
            return Data(pairs.joined(separator: "&").utf8)
        }
        return Data(redact(text).utf8)
    }
}
