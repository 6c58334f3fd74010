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

    /// A body's first bytes, cut anywhere (a load run's sample keeps 4 KiB): redacted as it
    /// streams (``StreamingRedaction``), so that a JSON document cut short still has its
    /// secret-named keys' values hidden, which a whole document's parse could not do.
    package func redactedPrefix(_ data: Data, contentType: String?) -> Data {
        var redaction = StreamingRedaction(secrets: secretMatcher, json: contentType?.lowercased().contains("json") ?? false)
        var output: [UInt8] = []
        redaction.take(data, into: &output)
        redaction.finish(into: &output)
        return Data(output)
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
