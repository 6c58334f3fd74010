import CCurl

/// The options for authentication libcurl performs, client certificates, the HTTP version,
/// where to connect, and the request's ``TransferOptions``.
extension EasyTransfer {
    /// The ``TransferOptions`` libcurl takes as they are; one left nil keeps libcurl's
    /// default (the handle was reset). Redirects: ``configureRedirects(_:)``.
    func configureTransferOptions(_ options: TransferOptions) -> CURLcode {
        var code = CURLE_OK
        if let seconds = options.expect100Timeout {
            code = courier_easy_setopt_long(handle, CURLOPT_EXPECT_100_TIMEOUT_MS, Int((seconds * 1000).rounded()))
        }
        return code
    }

    func configureAuthentication(_ request: PreparedRequest) -> CURLcode {
        guard let authentication = request.libcurlAuthentication else { return CURLE_OK }
        var code = CURLE_OK
        func credentials() {
            code = setString(CURLOPT_USERNAME, authentication.user)
            if code == CURLE_OK { code = setString(CURLOPT_PASSWORD, authentication.password) }
        }
        switch authentication.method {
        case .digest:
            credentials()
            if code == CURLE_OK { code = courier_easy_setopt_long(handle, CURLOPT_HTTPAUTH, courier_auth_digest()) }
        case .ntlm:
            credentials()
            if code == CURLE_OK { code = courier_easy_setopt_long(handle, CURLOPT_HTTPAUTH, courier_auth_ntlm()) }
        case .negotiate:
            // libcurl needs a user name set to try Negotiate; the ticket cache supplies the rest.
            code = setConstant(CURLOPT_USERPWD, ":")
            if code == CURLE_OK { code = courier_easy_setopt_long(handle, CURLOPT_HTTPAUTH, courier_auth_negotiate()) }
        case .awsSigV4(let region, let service):
            credentials()
            if code == CURLE_OK { code = setString(CURLOPT_AWS_SIGV4, "aws:amz:\(region):\(service)") }
        }
        if code == CURLE_OK, request.keepsCredentialsOnRedirect {
            code = courier_easy_setopt_long(handle, CURLOPT_UNRESTRICTED_AUTH, 1)
        }
        return code
    }

    /// The server's certificate checks: verification (on unless the policy turns it off), a CA
    /// file, a pinned public key.
    func configureTLS(_ policy: TLSPolicy) -> CURLcode {
        var code = courier_easy_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, policy.verifyPeer ? 1 : 0)
        if code == CURLE_OK { code = courier_easy_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, policy.verifyHost ? 2 : 0) }
        if code == CURLE_OK, let caFile = policy.caFile { code = setString(CURLOPT_CAINFO, caFile) }
        if code == CURLE_OK, let pin = policy.pinnedPublicKey {
            code = setString(CURLOPT_PINNEDPUBLICKEY, pin)
        }
        return code
    }

    func configureClientCertificate(_ certificate: ClientCertificate?) -> CURLcode {
        guard let certificate else { return CURLE_OK }
        var code = setString(CURLOPT_SSLCERT, certificate.certificateFile)
        if code == CURLE_OK { code = setString(CURLOPT_SSLCERTTYPE, certificate.format.rawValue) }
        if code == CURLE_OK, let key = certificate.keyFile {
            code = setString(CURLOPT_SSLKEY, key)
            if code == CURLE_OK { code = setConstant(CURLOPT_SSLKEYTYPE, "PEM") }
        }
        // Always set: without a password OpenSSL would ask for one on the terminal.
        if code == CURLE_OK { code = setString(CURLOPT_KEYPASSWD, certificate.keyPassword ?? "") }
        return code
    }

    func configureVersion(_ version: HTTPVersionPreference) -> CURLcode {
        let value = switch version {
        case .auto: courier_http_version_2tls()
        case .http1_1: courier_http_version_1_1()
        case .http2: courier_http_version_2()
        case .http2PriorKnowledge: courier_http_version_2_prior_knowledge()
        }
        var code = courier_easy_setopt_long(handle, CURLOPT_HTTP_VERSION, value)
        if version == .http2PriorKnowledge, !LibcurlBuild.reusesPriorKnowledgeConnections {
            // A connection of its own, closed after it (``LibcurlBuild/reusesPriorKnowledgeConnections``).
            if code == CURLE_OK { code = courier_easy_setopt_long(handle, CURLOPT_FRESH_CONNECT, 1) }
            if code == CURLE_OK { code = courier_easy_setopt_long(handle, CURLOPT_FORBID_REUSE, 1) }
        }
        return code
    }

    /// The lists stay with the handle until its next reset (libcurl does not copy them).
    func configureRoute(_ route: ConnectionRoute?) -> CURLcode {
        guard let route else { return CURLE_OK }
        var code = CURLE_OK
        for (option, entries) in [(CURLOPT_RESOLVE, route.resolve), (CURLOPT_CONNECT_TO, route.connectTo)] where !entries.isEmpty {
            var list: UnsafeMutablePointer<curl_slist>?
            for entry in entries { list = entry.withCString { curl_slist_append(list, $0) } }
            curl.routeLists.append(list)
            if code == CURLE_OK { code = courier_easy_setopt_slist(handle, option, list) }
        }
        if code == CURLE_OK, let socket = route.unixSocket { code = setString(CURLOPT_UNIX_SOCKET_PATH, socket) }
        return code
    }
}
