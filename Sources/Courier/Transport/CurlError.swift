import CCurl
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Maps libcurl's result codes onto the transport family of ``RequestError``.
enum CurlError {
    static func requestError(_ code: CURLcode, detail: String) -> RequestError {
        var text = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        var mapped = mapped(code)
        switch code {
        case CURLE_OUT_OF_MEMORY:
            // What libcurl 7.x returns for a response header block over its 100 KB limit.
            mapped = .badServerResponse
            text = "The response headers are larger than libcurl accepts (100 KB), or memory ran out (\(text))."
        case CURLE_RECV_ERROR where text.contains("Too large response headers"):
            // libcurl's cap on a whole header block (300 KB): the server's fault, not a lost connection.
            mapped = .badServerResponse
            text = "The response headers are larger than libcurl accepts (\(text))."
        case CURLE_PEER_FAILED_VERIFICATION where text.contains("expired"):
            text = "The server's certificate has expired (\(text))."
        case CURLE_PEER_FAILED_VERIFICATION where text.contains("subject name") || text.contains("host name"):
            text = "The server's certificate is for another host name than the URL's (\(text))."
        case CURLE_SSL_CERTPROBLEM:
            text = ClientCertificateProblem.explain(text)
        case CURLE_RECV_ERROR, CURLE_SSL_CONNECT_ERROR, CURLE_SEND_ERROR:
            if let refusal = ClientCertificateProblem.refusal(text) {
                mapped = .clientCertificateRejected
                text = refusal
            } else if text.lowercased().contains("alert handshake failure") {
                // TLS 1.2's one alert for many refusals: say what it may mean.
                text = "The server ended the TLS handshake: it may require a client certificate (tls.clientCert) "
                    + "or accept none of the offered protocol versions and ciphers (\(text))."
            }
        case CURLE_UNSUPPORTED_PROTOCOL where text.contains("HTTP/0.9"):
            // Bytes that are not an HTTP response: not a URL problem.
            mapped = .badServerResponse
            text = "The server did not answer with HTTP (\(text))."
        default:
            break
        }
        return RequestError(family: .transport, code: mapped, message: text, curlCode: Int(code.rawValue))
    }

    /// As ``requestError(_:detail:)``, for a transfer over the Unix socket `unixSocket` (nil:
    /// none). libcurl names such a connection by the URL's host and port ("Failed to connect
    /// to localhost port 80 after 0 ms: Couldn't connect to server"): the message names the
    /// socket instead, and for a failed connection says why it could not be used.
    static func requestError(_ code: CURLcode, detail: String, unixSocket: String?) -> RequestError {
        var error = requestError(code, detail: detail)
        guard let unixSocket else { return error }
        if code == CURLE_COULDNT_CONNECT {
            error.message = "Could not connect to the Unix socket \(unixSocket): \(unixSocketProblem(unixSocket))."
        } else if let named = error.message.range(of: #"[^\s]+ port [0-9]+"#, options: .regularExpression) {
            error.message.replaceSubrange(named, with: "the Unix socket \(unixSocket)")
        }
        return error
    }

    /// Why a connection to the socket at `path` failed, as far as the file says.
    static func unixSocketProblem(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT ? "there is no such file (is the server running?)" : String(cString: strerror(errno))
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else { return "the file is not a socket" }
        guard access(path, W_OK) == 0 else { return "permission denied (the socket is not writable by this user)" }
        return "nothing accepts connections on it (connection refused)"
    }

    private static func mapped(_ code: CURLcode) -> RequestError.Code {
        switch code {
        case CURLE_OPERATION_TIMEDOUT: return .timedOut
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .cannotFindHost
        case CURLE_COULDNT_CONNECT: return .cannotConnectToHost
        case CURLE_UNSUPPORTED_PROTOCOL: return .unsupportedURL
        case CURLE_URL_MALFORMAT: return .badURL
        case CURLE_TOO_MANY_REDIRECTS: return .tooManyRedirects
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return .networkConnectionLost
        case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING: return .badServerResponse
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_CACERT_BADFILE,
             CURLE_SSL_ISSUER_ERROR, CURLE_SSL_INVALIDCERTSTATUS:
            return .serverCertificateUntrusted
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_CIPHER,
             CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_USE_SSL_FAILED:
            return .secureConnectionFailed
        case CURLE_SSL_CERTPROBLEM: return .clientCertificateRejected
        case CURLE_ABORTED_BY_CALLBACK: return .cancelled
        case CURLE_WRITE_ERROR: return .cannotWriteToFile
        case CURLE_READ_ERROR, CURLE_FILE_COULDNT_READ_FILE: return .cannotOpenFile
        default: return .unknown
        }
    }
}
