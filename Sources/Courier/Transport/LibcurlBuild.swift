import CCurl

/// The libcurl Courier runs on, as `courier --version` and bug reports say it: its version,
/// its TLS library, and the features Courier uses that a build may lack.
public enum LibcurlBuild {
    /// `libcurl 7.88.1 (OpenSSL/3.0.17): HTTP/2 HTTPS-proxy brotli zstd IPv6 unix-sockets …`;
    /// a feature this build lacks is left out (a request that needs it fails and says so).
    public static let description: String = {
        guard let info = courier_version_info()?.pointee else { return "libcurl (version unknown)" }
        let version = info.version.map { String(cString: $0) } ?? "?"
        let tls = info.ssl_version.map { " (" + String(cString: $0) + ")" } ?? ""
        let features = Int(info.features)
        let named: [(Int32, String)] = [
            (CURL_VERSION_HTTP2, "HTTP/2"), (CURL_VERSION_HTTP3, "HTTP/3"), (CURL_VERSION_HTTPS_PROXY, "HTTPS-proxy"),
            (CURL_VERSION_LIBZ, "gzip"), (CURL_VERSION_BROTLI, "brotli"), (CURL_VERSION_ZSTD, "zstd"),
            (CURL_VERSION_IPV6, "IPv6"), (CURL_VERSION_UNIX_SOCKETS, "unix-sockets"), (CURL_VERSION_ASYNCHDNS, "async-DNS"),
            (CURL_VERSION_NTLM, "NTLM"), (CURL_VERSION_SPNEGO, "Negotiate"), (CURL_VERSION_IDN, "IDN"), (CURL_VERSION_PSL, "PSL"),
        ]
        let present = named.filter { features & Int($0.0) != 0 }.map(\.1)
        return "libcurl \(version)\(tls): " + present.joined(separator: " ")
    }()

    /// libcurl before 8.0 fails the second transfer on an HTTP/2 connection it opened with
    /// prior knowledge ("Error in the HTTP2 framing layer": on reuse it layered HTTP/2 over the
    /// HTTP/2 already in place; curl/curl #10634, fixed in 8.0.0 by #10643). Such transfers get
    /// a connection of their own.
    static let reusesPriorKnowledgeConnections: Bool = {
        guard let info = courier_version_info()?.pointee else { return false }
        return info.version_num >= 0x08_00_00
    }()
}
