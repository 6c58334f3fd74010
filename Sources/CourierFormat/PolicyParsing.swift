import Courier
import CourierFormatCore

/// Reading the retry and TLS settings that both `config` and a request may carry.
enum PolicyParsing {
    /// `retry: 2` or `retry: {limit, backoff, statuses}`.
    static func retry(_ value: YAMLValue) throws(WorkspaceError) -> RetryPolicy {
        let retries = "a number of retries"
        if case .scalar = value.node {
            return RetryPolicy(retryLimit: try value.int(in: NumberRanges.retryLimit, retries, alternative: ", or {limit, backoff, statuses}"))
        }
        let map = try value.mapping(allowed: ["limit", "backoff", "statuses"])
        var policy = RetryPolicy(retryLimit: try map["limit"]?.int(in: NumberRanges.retryLimit, retries) ?? 2)
        if let backoff = map["backoff"] {
            policy.exponentialBackoffScale = try backoff.double(in: NumberRanges.backoff, "seconds before the first retry")
            let longest = policy.retryLimit > 0 ? policy.delay(afterRetries: policy.retryLimit - 1) : 0
            if longest > NumberRanges.longestRetryWait {
                throw backoff.error(.invalidValue, "the wait doubles before each retry, so backoff \(backoff.written) makes retry "
                    + "\(policy.retryLimit) wait \(YAMLValue.text(longest)) s; keep every wait within "
                    + "\(YAMLValue.text(NumberRanges.longestRetryWait)) s (a smaller backoff or limit)")
            }
        }
        if let statuses = map["statuses"] { policy.retryableStatusCodes = try RequestDefinition.statusCodes(statuses) }
        return policy
    }

    /// `tls: {verify, caFile, pinnedKey, clientCert, clientKey, keyPassword}`; a `.p12`/`.pfx`
    /// client certificate is read as PKCS#12, anything else as PEM. `keyPassword` and the
    /// three files may hold `{{placeholders}}` (`{{env.KEY_PASSWORD}}`, `{{demoCA}}`), read with `template`.
    static func tls(_ value: YAMLValue, template: (YAMLValue) throws(WorkspaceError) -> String) throws(WorkspaceError) -> TLSPolicy {
        let map = try value.mapping(allowed: ["verify", "caFile", "pinnedKey", "clientCert", "clientKey", "keyPassword"])
        let verify = try map["verify"]?.bool() ?? true
        var client: ClientCertificate?
        if let certificate = map["clientCert"] {
            client = ClientCertificate(certificateFile: try template(certificate),
                                       keyFile: try map["clientKey"].map { node throws(WorkspaceError) in try template(node) },
                                       keyPassword: try map["keyPassword"].map { node throws(WorkspaceError) in try template(node) })
        } else if let stray = map["clientKey"] ?? map["keyPassword"] {
            throw stray.error(.missingKey, "clientKey and keyPassword go with clientCert (the certificate file)")
        }
        return TLSPolicy(verifyPeer: verify, verifyHost: verify,
                         caFile: try map["caFile"].map { node throws(WorkspaceError) in try template(node) },
                         pinnedPublicKey: try map["pinnedKey"]?.string(), clientCertificate: client)
    }
}
