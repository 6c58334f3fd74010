import CCurl
import Foundation

/// Redirects: libcurl follows them for most requests, only to http: and https:; a request
/// whose headers carry credentials has them followed here, hop by hop (``RedirectHop``).
extension EasyTransfer {
    /// libcurl's redirect options for `request`.
    func configureRedirects(_ request: PreparedRequest) -> CURLcode {
        if request.followsRedirectsItself || request.transferOptions.redirectLimit == 0 { return courier_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0) }
        var code = courier_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
        if code == CURLE_OK { code = courier_easy_setopt_long(handle, CURLOPT_MAXREDIRS, request.transferOptions.redirectLimit) }
        if code == CURLE_OK { code = setConstant(CURLOPT_REDIR_PROTOCOLS_STR, "http,https") }
        if code == CURLE_OK, request.keepsCredentialsOnRedirect {
            code = courier_easy_setopt_long(handle, CURLOPT_UNRESTRICTED_AUTH, 1)
        }
        return code
    }

    /// A header block ended: when the transport follows redirects itself and this one is a
    /// redirect (a 3xx with `Location`), its body is dropped and the transfer goes on from
    /// there when it ends.
    func headerBlockEnded() {
        // Read in place: a copy of the request would retain everything in it, for every response.
        guard followsRedirectsItself else { return }
        var status = 0
        _ = courier_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        guard (300..<400).contains(status), status != 304 else { return }
        isRedirecting = ReceivedHead.fields(in: buffer.fieldLines)[.location] != nil
    }

    /// Sets the handle up for the redirect's next request; the transport adds it to the
    /// loop again. Returns the error that ends the transfer instead: too many redirects, a
    /// scheme not followed, an option refused.
    func followRedirect() -> RequestError? {
        // libcurl resolves `Location` against the URL once the transfer is done, even when it
        // does not follow it.
        var target: UnsafeMutablePointer<CChar>?
        guard courier_easy_getinfo_string(handle, CURLINFO_REDIRECT_URL, &target) == CURLE_OK, let target else {
            return RequestError(family: .transport, code: .badServerResponse,
                                message: "The server redirected to a location that is not a URL.")
        }
        let location = String(cString: target)
        var status = 0
        _ = courier_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        let next: PreparedRequest
        switch RedirectHop.next(after: redirected ?? job.request, original: job.request, status: status,
                                location: location, hops: hops) {
        case .failure(let error): return error
        case .success(let request): next = request
        }
        earlierHops = metricsOfAllHops()
        hops += 1
        redirected = next
        isRedirecting = false
        // The handle forgets the form and the file before they go; a 307 or 308 sends them again.
        curl.reset()
        curl_mime_free(mime)
        mime = nil
        if let file = bodyFile { fclose(file) }
        bodyFile = nil
        return configure()
    }

    /// The error for a redirect libcurl refused to follow (`CURLOPT_REDIR_PROTOCOLS_STR`).
    func refusedRedirect(_ result: CURLcode) -> RequestError? {
        guard result == CURLE_UNSUPPORTED_PROTOCOL else { return nil }
        var count = 0
        _ = courier_easy_getinfo_long(handle, CURLINFO_REDIRECT_COUNT, &count)
        var effective: UnsafeMutablePointer<CChar>?
        guard count > 0, courier_easy_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &effective) == CURLE_OK,
              let effective else { return nil }
        var error = RedirectHop.refused(String(cString: effective))
        error.curlCode = Int(result.rawValue)
        return error
    }
}
