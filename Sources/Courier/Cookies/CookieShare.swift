import CCurl

/// libcurl's share handle holding one cookie store (`CURL_LOCK_DATA_COOKIE`), locked by a
/// pthread mutex per kind of data (the shim's lock callbacks): the transport thread and
/// threads reading or changing the jar may use attached handles at the same time.
/// An attached easy handle keeps it alive (``CurlHandle/cookieShare``): libcurl refuses to free
/// a share while a handle uses it.
final class CookieShare: @unchecked Sendable {
    private let shared: UnsafeMutablePointer<courier_cookie_share>

    init() {
        _ = Transport.globalInit
        guard let shared = courier_cookie_share_create() else { fatalError("libcurl could not make a share handle (out of memory)") }
        self.shared = shared
    }

    deinit { _ = courier_cookie_share_destroy(shared) }

    /// The `CURLSH *` for `CURLOPT_SHARE`.
    var handle: UnsafeMutableRawPointer { shared.pointee.share }
}
