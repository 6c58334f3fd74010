import CCurl

/// A redirect the transport follows itself, for a request that carries credentials in its
/// headers (``PreparedRequest/followsRedirectsItself``): libcurl would drop only
/// `Authorization` and `Cookie` on the way to another host, and send `X-Api-Key` or
/// `Private-Token` wherever the server points. The next request keeps libcurl's rules for
/// the method and body, and sends the credential headers only to the origin (scheme, host,
/// port) of the request as written.
enum RedirectHop {
    /// The request to send to `location` (absolute, as libcurl resolved it) after a `status`
    /// response to `current`, or the error that ends the transfer. `original` is the request
    /// as written; `hops` counts the redirects already followed.
    static func next(after current: PreparedRequest, original: PreparedRequest, status: Int, location: String,
                     hops: Int) -> Result<PreparedRequest, RequestError> {
        // As many as libcurl's `CURLOPT_MAXREDIRS` allows for the others.
        guard hops < original.transferOptions.redirectLimit else {
            return .failure(RequestError(family: .transport, code: .tooManyRedirects,
                                         message: "Followed \(hops) redirects without reaching a response (a redirect loop?)."))
        }
        guard let target = Origin(location), target.scheme == "http" || target.scheme == "https" else {
            return .failure(refused(location))
        }
        var next = current
        next.url = location
        // As libcurl (and browsers) do: 303 turns anything but HEAD into a GET; 301 and 302
        // turn a POST into a GET. 307 and 308 repeat the request with its body.
        if (status == 303 && current.method != .head) || ((status == 301 || status == 302) && current.method == .post) {
            next.method = .get
            next.body = nil
            next.multipart = nil
            next.bodyFile = nil
        }
        // The headers as written, for each hop anew: back at the original origin the
        // credentials go again (as libcurl does for `Authorization`).
        let sameOrigin = Origin(original.url) == target
        let droppedBody = original.sendsBody && !next.sendsBody
        next.headers = original.headers.filter { header in
            let name = header.name.lowercased()
            return (sameOrigin || !original.credentialHeaderNames.contains(name)) && !(droppedBody && bodyHeaderNames.contains(name))
        }
        next.httpAuthentication = sameOrigin ? original.httpAuthentication : nil
        next.libcurlAuthentication = sameOrigin ? original.libcurlAuthentication : nil
        next.signer = sameOrigin ? original.signer : nil
        return .success(next)
    }

    /// The error for a redirect to a scheme other than http and https (libcurl's own check,
    /// `CURLOPT_REDIR_PROTOCOLS_STR`, and ours).
    static func refused(_ location: String) -> RequestError {
        let scheme = location.prefix { $0 != ":" }
        return RequestError(family: .transport, code: .redirectRefused,
                            message: "The server redirected to \(scheme): (\(Redaction.redact(location))); "
                                + "only redirects to http: and https: are followed.")
    }

    /// Header fields that describe a body, dropped with it.
    private static let bodyHeaderNames: Set<String> = ["content-type", "content-length", "content-encoding", "content-language",
                                                      "content-location", "transfer-encoding"]
}

/// A URL's origin as libcurl's URL parser reads it: scheme, host and port (the scheme's
/// default port filled in), lowercased.
struct Origin: Equatable {
    let scheme: String
    let host: String
    let port: String

    init?(_ url: String) {
        guard let handle = curl_url() else { return nil }
        defer { curl_url_cleanup(handle) }
        guard curl_url_set(handle, CURLUPART_URL, url, UInt32(CURLU_NON_SUPPORT_SCHEME)) == CURLUE_OK else { return nil }
        func part(_ what: CURLUPart, _ flags: Int32 = 0) -> String? {
            var value: UnsafeMutablePointer<CChar>?
            guard curl_url_get(handle, what, &value, UInt32(flags)) == CURLUE_OK, let value else { return nil }
            defer { curl_free(value) }
            return String(cString: value).lowercased()
        }
        guard let scheme = part(CURLUPART_SCHEME), let host = part(CURLUPART_HOST) else { return nil }
        self.scheme = scheme
        self.host = host
        port = part(CURLUPART_PORT, CURLU_DEFAULT_PORT) ?? ""
    }
}
