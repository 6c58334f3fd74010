import Courier

/// Reading the retry and TLS settings that both `config` and a request may carry.
enum PolicyParsing {
    /// `retry: 2` or `retry: {limit, backoff, statuses}`.
    static func retry(_ value: YAMLValue) throws(WorkspaceError) -> RetryPolicy {
        if case .scalar = value.node {
            return RetryPolicy(retryLimit: try value.int(expected: "a number of retries, or {limit, backoff, statuses}"))
        }
        let map = try value.mapping(allowed: ["limit", "backoff", "statuses"])
        var policy = RetryPolicy(retryLimit: try map["limit"]?.int() ?? 2)
        if let backoff = map["backoff"] { policy.exponentialBackoffScale = try backoff.double(expected: "seconds before the first retry") }
        if let statuses = map["statuses"] { policy.retryableStatusCodes = try RequestDefinition.statusCodes(statuses) }
        return policy
    }

    /// `tls: {verify, caFile, pinnedKey}`.
    static func tls(_ value: YAMLValue) throws(WorkspaceError) -> TLSPolicy {
        let map = try value.mapping(allowed: ["verify", "caFile", "pinnedKey"])
        let verify = try map["verify"]?.bool() ?? true
        return TLSPolicy(verifyPeer: verify, verifyHost: verify, caFile: try map["caFile"]?.string(),
                         pinnedPublicKey: try map["pinnedKey"]?.string())
    }
}
