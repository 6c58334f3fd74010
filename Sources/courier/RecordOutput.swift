import Courier
import CourierFormatCore
import CourierRecord
import Foundation

/// What `courier record` prints: where the proxy listens and how to trust its CA, a line per
/// exchange (credentials hidden), the summary.
enum RecordOutput {
    static func listening(_ proxy: RecordingProxy, authority: RecordingAuthority?, files: RecordingFiles) -> String {
        var lines = ["courier record: proxy on http://\(proxy.address)"]
        #if DemoTLS
        if let authority {
            lines.append("  HTTPS: clients trust \(authority.certificateFile)\(authority.isNew ? " (made now)" : "") — courier record --ca says how")
        }
        #endif
        let written = [files.workspace.map { "the workspace \($0)" }, files.har.map { "the HAR \($0)" }].compactMap { $0 }
        lines.append("  writing \(written.joined(separator: " and ")) as traffic passes")
        lines.append("  try: curl --proxy http://\(proxy.address) http://example.com/")
        lines.append("Ctrl-C stops it.")
        return lines.joined(separator: "\n") + "\n"
    }

    static func listeningJSON(_ proxy: RecordingProxy, authority: RecordingAuthority?, files: RecordingFiles) -> String {
        var object: [String: JSONValue] = ["proxy": .string("http://\(proxy.address)"), "port": .int(proxy.port)]
        #if DemoTLS
        if let authority { object["ca"] = .string(authority.certificateFile) }
        #endif
        if let workspace = files.workspace { object["workspace"] = .string(workspace) }
        if let har = files.har { object["har"] = .string(har) }
        return String(decoding: JSONValue.object(object).serialized(), as: UTF8.self) + "\n"
    }

    /// `  200  GET https://localhost:8443/users/42  12 ms`.
    static func line(_ exchange: RecordedExchange, matcher: SecretMatcher) -> String {
        let status = exchange.status.map(String.init) ?? "ERR"
        var text = "  \(status.padding(toLength: 4, withPad: " ", startingAt: 0)) \(exchange.method) \(Redaction.redact(exchange.url, secrets: matcher))"
        text += "  \(Int(exchange.durationMs.rounded())) ms"
        if let error = exchange.error { text += "  " + Redaction.redact(error, secrets: matcher) }
        return TerminalText.neutralized(text)
    }

    static func jsonLine(_ exchange: RecordedExchange, matcher: SecretMatcher) -> String {
        var object: [String: JSONValue] = [
            "method": .string(exchange.method), "url": .string(Redaction.redact(exchange.url, secrets: matcher)),
            "status": exchange.status.map(JSONValue.int) ?? .null, "ms": .double((exchange.durationMs * 10).rounded() / 10),
        ]
        if let error = exchange.error { object["error"] = .string(Redaction.redact(error, secrets: matcher)) }
        return String(decoding: JSONValue.object(object).serialized(), as: UTF8.self)
    }

    #if DemoTLS
    /// `courier record --ca`: the CA's file, and how each kind of client trusts it.
    static func trust(_ authority: RecordingAuthority, proxy: String) -> String {
        """
        \(authority.certificateFile)
        The recording CA\(authority.isNew ? ", made now" : ""): its key is beside it, owner-only. Trust it only where you
        record, with CA the file above:
          curl     curl --proxy \(proxy) --cacert CA https://…
          Python   HTTPS_PROXY=\(proxy) REQUESTS_CA_BUNDLE=CA (requests)
                   or SSL_CERT_FILE=CA (httpx, urllib)
          Node.js  HTTPS_PROXY=\(proxy) NODE_EXTRA_CA_CERTS=CA
          system   sudo cp CA /usr/local/share/ca-certificates/courier-record.crt
                   sudo update-ca-certificates

        """
    }
    #endif
}
