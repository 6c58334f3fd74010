import CCurl

/// A libcurl easy handle that the transport keeps from one transfer to the next, with what
/// its options were last set for. A request set up like the previous one on the same handle
/// only changes its URL (as a raw libcurl client reusing its handles does); any other is
/// preceded by `curl_easy_reset`, which with its ~20 options again costs more than the rest
/// of a small GET's libcurl work on our side. Transport thread only.
final class CurlHandle {
    let raw: UnsafeMutableRawPointer
    /// Where libcurl writes the text of a failure (CURLOPT_ERRORBUFFER).
    let errorBuffer: UnsafeMutablePointer<CChar>
    /// The request header lines the handle points to (CURLOPT_HTTPHEADER); freed on reset.
    var headerList: UnsafeMutablePointer<curl_slist>?
    /// The resolve and connect-to lists the handle points to; freed on reset.
    var routeLists: [UnsafeMutablePointer<curl_slist>?] = []
    /// What the options are set for; nil when they fit no other request (a body, a download)
    /// and the handle must be reset before its next transfer.
    private(set) var setup: HandleSetup?
    /// No option set since creation or the last reset.
    private(set) var isClean = true
    /// errno of the last socket(2) that failed for this handle's transfer, or 0
    /// (``DescriptorExhaustion``).
    var socketErrno: Int32 = 0
    /// The cookie store the handle is attached to (it survives `curl_easy_reset`), kept alive by the handle.
    var cookieShare: CookieShare?
    /// The shared request whose URL the handle holds (`CURLOPT_URL`; libcurl goes back to it
    /// at the start of every transfer, after its own redirects too): the next transfer of the
    /// same one does not set it again. Nil after a reset.
    var urlSource: SharedPreparedRequest?

    init?() {
        guard let raw = curl_easy_init() else { return nil }
        self.raw = raw
        errorBuffer = .allocate(capacity: Int(courier_max_error_size()))
        errorBuffer.initialize(to: 0)
    }

    deinit {
        curl_easy_cleanup(raw)
        curl_slist_free_all(headerList)
        routeLists.forEach { curl_slist_free_all($0) }
        errorBuffer.deallocate()
    }

    /// True when the options already say what `job`'s request needs: only the URL and the
    /// transfer's own pointers need setting.
    func isSetUp(for job: TransferJob, reportsProgress: Bool) -> Bool {
        setup?.fits(job, reportsProgress: reportsProgress) ?? false
    }

    /// Whether the options can serve a next request as they are.
    var isReusable: Bool { setup != nil }

    /// Marks the options as set for `setup` (nil: for a request no other can follow as is).
    func markSetUp(for setup: HandleSetup?) {
        self.setup = setup
        isClean = false
    }

    /// Back to libcurl's defaults, header lines freed.
    func reset() {
        guard !isClean else { return }
        curl_easy_reset(raw)
        curl_slist_free_all(headerList)
        headerList = nil
        routeLists.forEach { curl_slist_free_all($0) }
        routeLists = []
        setup = nil
        urlSource = nil
        isClean = true
    }
}

/// The options of a request without a body other than its URL: a request that
/// ``fits(_:reportsProgress:)`` a handle's setup leaves its options the same. Nil for
/// requests that send a body or download to a file; those always start from a reset handle.
/// A class: it is read for every transfer, and a struct in a class property is copied whole to be read.
final class HandleSetup {
    let method: HTTPMethod
    let headers: [(name: String, value: String)]
    let userAgent: String
    let timeoutInterval: Double
    let deadline: Double?
    let tlsPolicy: TLSPolicy
    let httpVersion: HTTPVersionPreference
    let waitsToMultiplex: Bool
    let proxy: ProxySetting
    let discardsResponseBody: Bool
    let bulkReceiveBuffer: Bool?
    let credentialHeaderNames: Set<String>
    let transferOptions: TransferOptions
    /// libcurl calls the progress callback (someone listens to the transfer's progress).
    let reportsProgress: Bool
    /// The callbacks are a measuring job's (``TransferJob/measuresOnly``): no header lines.
    let measuresOnly: Bool
    /// The shared request the options were set from: a job sending the same one fits
    /// without comparing fields (it is immutable; held so that its identity is not reused).
    private let source: SharedPreparedRequest

    init?(_ job: TransferJob, reportsProgress: Bool) {
        let request = job.request
        // Authentication and routes always start from a reset handle: they are not compared.
        guard !request.sendsBody, request.download == nil, request.libcurlAuthentication == nil, request.signer == nil,
              request.connectionRoute == nil else { return nil }
        source = job.sent
        measuresOnly = job.measuresOnly
        method = request.method
        headers = request.headers
        userAgent = request.userAgent
        timeoutInterval = request.timeoutInterval
        deadline = request.deadline
        tlsPolicy = request.tlsPolicy
        httpVersion = request.httpVersion
        waitsToMultiplex = request.waitsToMultiplex
        proxy = request.proxy
        discardsResponseBody = request.discardsResponseBody
        bulkReceiveBuffer = request.bulkReceiveBuffer
        credentialHeaderNames = request.credentialHeaderNames
        transferOptions = request.transferOptions
        self.reportsProgress = reportsProgress
    }

    /// Whether `job`'s request has this setup, compared field by field in place (through
    /// one reference to the shared request, not one per field).
    func fits(_ job: TransferJob, reportsProgress: Bool) -> Bool {
        guard reportsProgress == self.reportsProgress, job.measuresOnly == measuresOnly else { return false }
        let sent = job.sent
        return sent === source || (!sent.sendsBody && sent.waitsToMultiplex == waitsToMultiplex && fits(sent.value))
    }

    /// The stored fields only: a computed property of the request would be read from a copy of it.
    private func fits(_ request: borrowing PreparedRequest) -> Bool {
        request.download == nil
            && request.libcurlAuthentication == nil && request.signer == nil && request.connectionRoute == nil && request.httpVersion == httpVersion
            && request.method == method && request.userAgent == userAgent
            && request.timeoutInterval == timeoutInterval && request.deadline == deadline
            && request.tlsPolicy == tlsPolicy && request.proxy == proxy
            && request.discardsResponseBody == discardsResponseBody && request.bulkReceiveBuffer == bulkReceiveBuffer
            && request.transferOptions == transferOptions
            && request.credentialHeaderNames == credentialHeaderNames
            && request.headers.elementsEqual(headers) { $0.name == $1.name && $0.value == $1.value }
    }
}

extension PreparedRequest {
    /// Whether a transfer waits for a connection to its origin that is being set up, to
    /// multiplex on it, rather than opening another (`CURLOPT_PIPEWAIT`): for HTTPS, whose
    /// ALPN says within the handshake whether HTTP/2 is spoken, and for HTTP/2 with prior
    /// knowledge. Not for plain HTTP otherwise: libcurl would wait for the first response,
    /// however slow, before opening a second HTTP/1.1 connection.
    var waitsToMultiplex: Bool {
        switch httpVersion {
        case .http1_1: false
        case .http2PriorKnowledge: true
        case .auto, .http2: url.utf8.starts(with: "https://".utf8) || url.utf8.starts(with: "HTTPS://".utf8)
        }
    }
}
