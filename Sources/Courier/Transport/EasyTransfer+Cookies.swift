import CCurl

/// Cookies: libcurl's cookie engine, on the jar's share handle.
extension EasyTransfer {
    /// Attaches the handle to the request's cookie jar, or detaches it for a request without
    /// one, so that such a transfer neither sends nor stores cookies. Checked for every transfer
    /// (a reused handle keeps its share through `curl_easy_reset`); libcurl is called only when
    /// the jar changes. What libcurl 7.88 does, checked here:
    /// - `CURLOPT_COOKIEFILE ""` turns the engine on: an attached handle without it neither
    ///   sends nor stores. The engine stays on through `curl_easy_reset`.
    /// - Before each transfer libcurl reads the handle's cookie files again into its store: a
    ///   detached handle with `""` still listed makes a private store of its own, which would
    ///   keep cookies across a redirect. Detaching therefore also clears the list
    ///   (`CURLOPT_COOKIEFILE` NULL), which drops such a store.
    func configureCookies() -> CURLcode {
        let wanted = hops == 0 ? job.request.cookieJar?.share : redirected?.cookieJar?.share
        guard wanted !== curl.cookieShare else { return CURLE_OK }
        var code = courier_easy_setopt_pointer(handle, CURLOPT_SHARE, wanted?.handle)
        guard code == CURLE_OK else { return code }
        curl.cookieShare = wanted
        if wanted != nil {
            code = setConstant(CURLOPT_COOKIEFILE, "")
        } else {
            code = courier_easy_setopt_pointer(handle, CURLOPT_COOKIEFILE, nil)
        }
        return code
    }
}
