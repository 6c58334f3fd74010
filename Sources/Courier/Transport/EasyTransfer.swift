import CCurl
import Foundation

/// One transfer on a libcurl easy handle (lent by the transport's pool) and the response it
/// is collecting. Lives on the transport thread only; its progress cell is the one thing
/// other threads read.
final class EasyTransfer {
    let job: TransferJob
    let curl: CurlHandle
    var handle: UnsafeMutableRawPointer { curl.raw }
    /// A status line came (``receiveHeaderLine(_:)``).
    var statusLineSeen = false
    /// libcurl calls the progress callback; without it, received bytes are counted as they arrive.
    private(set) var reportsProgress = false
    /// libcurl hands over the header lines (all but a measuring job's, ``TransferJob/measuresOnly``).
    private(set) var hearsHeaderLines = true
    /// The header lines and, while it fits, the body (lent to the outcome at the end).
    let buffer: ResponseBuffer
    var bufferLent = false
    /// The in-memory body once it outgrew the buffer (or was announced larger).
    var largeBody: Data?
    var bodyStarted = false
    /// The in-memory body passed the request's limit (or a spooled one the spool's); the
    /// transfer was stopped.
    var bodyLimitExceeded = false
    /// The body's spool file, once the body passed the spool threshold (``SpoolPlan``).
    var spool: SpoolWriter?
    /// Why the body could not be spooled; the transfer was stopped.
    var spoolFailure: SpoolFailure?
    /// The limit passed was the spool's (``NetworkSettings/maximumSpooledResponseBodyBytes``).
    var spoolLimitExceeded = false
    /// Where a download's body goes, decided when its first byte arrives.
    var sink = BodySink.undecided
    /// The response streams: its body goes to the run's stream, not to memory.
    var streaming: StreamSession?
    var download = DownloadResult()
    var mime: OpaquePointer?
    var bodyFile: UnsafeMutablePointer<FILE>?
    /// Monotonic nanoseconds of the last byte moved in either direction.
    private(set) var lastActivity: UInt64
    private var reportedProgress = TransferProgress()
    /// Body bytes counted by ``countReceived(_:)``.
    private var bytesCounted: Int64 = 0
    private let clock: LoopClock
    /// The request of the redirect being followed, when the transport follows it itself
    /// (``RedirectHop``); nil: the job's own.
    var redirected: PreparedRequest?
    /// The response just received is a redirect the transport follows itself; its body is dropped.
    var isRedirecting = false
    /// Redirects followed here, and what their transfers measured.
    var hops = 0
    var earlierHops: TransferMetrics?
    /// A gRPC call's outgoing messages (the job's, read once).
    let outbox: GRPCOutbox?
    /// The current response's header block has ended: field lines now are trailers.
    var headerBlockDone = false
    /// The trailer lines that followed the body.
    var trailerLines: [UInt8] = []

    /// `curl` stays the transport's: it reuses the handle when the transfer ends.
    init(job: TransferJob, curl: CurlHandle, clock: LoopClock, buffer: ResponseBuffer) {
        self.job = job
        self.curl = curl
        self.clock = clock
        self.buffer = buffer
        outbox = job.grpcOutbox
        lastActivity = clock.now
    }

    deinit {
        // The handle must forget the form and the file before they are freed.
        if mime != nil || bodyFile != nil { curl.reset() }
        curl_mime_free(mime)
        if let bodyFile { fclose(bodyFile) }
        if case .file(let descriptor) = sink { close(descriptor) }
        if !bufferLent { buffer.giveBack() }
    }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Seconds since anything moved, compared with the request's idle timeout.
    /// A call waiting for its reader's next message is not idle: the reader is.
    func isIdle(at now: UInt64) -> Bool {
        if let outbox, outbox.isWaitingForMessages { return false }
        return now > lastActivity && Double(now - lastActivity) / 1e9 >= job.request.timeoutInterval
    }

    /// Nanoseconds until `isIdle` turns true; a minute while a call waits for its reader
    /// (the loop then sleeps until a socket, a timer or the reader wakes it).
    func nanosecondsUntilIdle(at now: UInt64) -> UInt64 {
        if let outbox, outbox.isWaitingForMessages { return 60_000_000_000 }
        let deadline = lastActivity + UInt64(job.request.timeoutInterval * 1e9)
        return deadline > now ? deadline - now : 0
    }

    /// Marks activity at the current pass of the transport loop.
    func touch() { lastActivity = clock.now }

    // MARK: - Setup

    /// Sets the request's options on the handle: only the URL and this transfer's pointers
    /// when the handle is already set up for such a request, every option otherwise. Returns
    /// the error of the first option libcurl refuses.
    func configure() -> RequestError? {
        // The request's fields are read in place until the handle needs all its options
        // (a local copy of the request retains everything in it).
        let sendsBody = hops == 0 ? job.sent.sendsBody : redirected!.sendsBody
        reportsProgress = sendsBody || job.wantsProgressTicks
        // A call's status is in its trailers (or a trailers-only answer's headers).
        hearsHeaderLines = !job.measuresOnly || followsRedirectsItself || outbox != nil
        curl.errorBuffer.pointee = 0
        curl.socketErrno = 0
        if hops == 0, outbox == nil, curl.isSetUp(for: job, reportsProgress: reportsProgress) {
            return Self.refused(setTransferOptions())
        }

        var request = redirected ?? job.request
        // Signed here, as libcurl signs SigV4: over the final method, URL and header fields
        // (an authenticator's too), anew for each transfer and redirect followed.
        if let signer = request.signer {
            do throws(RequestError) { try signer.scheme.sign(&request) } catch { return error }
        }
        // The last gate before libcurl: an authenticator's fields and a load run's token are
        // set after the builder checked the request's own (a reused setup had these checked).
        if let refused = HeaderFieldCheck.error(in: request.headers) { return refused }

        // A handle that followed a redirect here is reset before the next transfer.
        let setup = hops == 0 && outbox == nil ? HandleSetup(job, reportsProgress: reportsProgress) : nil
        curl.reset()
        var failure = setTransferOptions()
        func check(_ code: CURLcode) { if failure == CURLE_OK, code != CURLE_OK { failure = code } }
        check(courier_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, curl.errorBuffer))
        check(courier_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
        check(DescriptorExhaustion.configure(curl))
        check(setConstant(CURLOPT_PROTOCOLS_STR, "http,https"))
        check(configureRedirects(request))
        check(configureTransferOptions(request.transferOptions))
        check(configureVersion(request.httpVersion))
        // Concurrent requests to one HTTPS origin share its HTTP/2 connection from the start
        // instead of each opening one before the first handshake says h2.
        check(courier_easy_setopt_long(handle, CURLOPT_PIPEWAIT, request.waitsToMultiplex ? 1 : 0))
        if request.download == nil {
            // Transparent decompression, except for downloads: Range applies to the stored bytes.
            check(setConstant(CURLOPT_ACCEPT_ENCODING, ""))
        }
        if request.bulkReceiveBuffer ?? (request.download != nil || request.discardsResponseBody) {
            // Bulk bodies: a 256 KiB receive buffer instead of libcurl's 16 KiB (2.4× faster
            // over loopback); small responses keep the default and its memory.
            check(courier_easy_setopt_long(handle, CURLOPT_BUFFERSIZE, 256 * 1024))
        }
        check(courier_easy_setopt_long(handle, CURLOPT_TCP_KEEPALIVE, 1))
        check(courier_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(request.timeoutInterval * 1000)))
        if let deadline = request.deadline {
            // Redirects followed here share the deadline with the transfers before them.
            let left = max(0.001, deadline - (earlierHops?.total ?? 0))
            check(courier_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(left * 1000)))
        }
        check(configureMethod(request))
        check(configureTLS(request.tlsPolicy))
        check(configureClientCertificate(request.tlsPolicy.clientCertificate))
        check(configureAuthentication(request))
        check(configureRoute(request.connectionRoute))
        switch request.proxy {
        case .environment: break
        case .none: check(setConstant(CURLOPT_PROXY, ""))
        case .url(let url): check(setString(CURLOPT_PROXY, url))
        }

        check(configureHeaders(request))

        check(courier_easy_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION) { pointer, size, count, context in
            let length = size * count
            return EasyTransfer.lent(context) { transfer in
                transfer.touch()
                guard let pointer, length > 0 else { return length }
                return transfer.receiveBody(UnsafeRawBufferPointer(start: pointer, count: length)) ? length : 0
            }
        })
        if hearsHeaderLines {
            // Without a header function (and its data), libcurl drops the header lines.
            check(courier_easy_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION) { pointer, size, count, context in
                let length = size * count
                if let pointer { EasyTransfer.lent(context) { $0.receiveHeaderLine(UnsafeRawBufferPointer(start: pointer, count: length)) } }
                return length
            })
        }
        if !job.measuresOnly {
            check(courier_easy_setopt_prereq_callback(handle) { context, remoteAddress, localAddress, remotePort, localPort in
                let connection = TransferConnection(localAddress: localAddress.map { String(cString: $0) } ?? "", localPort: Int(localPort),
                                                    remoteAddress: remoteAddress.map { String(cString: $0) } ?? "", remotePort: Int(remotePort))
                EasyTransfer.lent(context) { $0.requestGoingOut(on: connection) }
                return 0
            })
        }
        if reportsProgress {
            check(courier_easy_setopt_long(handle, CURLOPT_NOPROGRESS, 0))
            check(courier_easy_setopt_xferinfo_callback(handle) { context, downloadTotal, downloaded, uploadTotal, uploaded in
                EasyTransfer.lent(context) {
                    $0.reportProgress(downloadTotal: downloadTotal, downloaded: downloaded,
                                      uploadTotal: uploadTotal, uploaded: uploaded)
                }
                return 0
            })
        }
        // A handle whose options were not all taken is reset before its next transfer.
        curl.markSetUp(for: failure == CURLE_OK ? setup : nil)
        return Self.refused(failure)
    }

    /// Whether the request going out now has its redirects followed here (``RedirectHop``).
    var followsRedirectsItself: Bool { hops == 0 ? job.sent.followsRedirectsItself : redirected!.followsRedirectsItself }

    /// The URL of the request going out now: the job's, or the redirect's being followed here.
    var currentURL: String { hops == 0 ? job.request.url : redirected!.url }

    /// The options that change with every transfer: the URL (unless the handle already has
    /// this shared request's), and this object as the context of the callbacks.
    private func setTransferOptions() -> CURLcode {
        let context = Unmanaged.passUnretained(self).toOpaque()
        var code = CURLE_OK
        if hops > 0 || curl.urlSource !== job.sent {
            code = setString(CURLOPT_URL, currentURL)
            // libcurl keeps the URL set through transfers, its own redirects included.
            curl.urlSource = hops == 0 && code == CURLE_OK ? job.sent : nil
        }
        if code == CURLE_OK { code = courier_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context) }
        // Header data without a header function would send the header lines to the write function.
        if code == CURLE_OK, hearsHeaderLines { code = courier_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context) }
        if code == CURLE_OK, !job.measuresOnly { code = courier_easy_setopt_pointer(handle, CURLOPT_PREREQDATA, context) }
        if code == CURLE_OK, reportsProgress { code = courier_easy_setopt_pointer(handle, CURLOPT_XFERINFODATA, context) }
        if code == CURLE_OK { code = configureCookies() }
        return code
    }

    /// The transfer a libcurl callback's context points to, lent to `body` without a retain:
    /// it stays alive while its handle runs (the loop's table of active transfers holds it).
    private static func lent<Result>(_ context: UnsafeMutableRawPointer?, _ body: (EasyTransfer) -> Result) -> Result {
        Unmanaged<EasyTransfer>.fromOpaque(context!)._withUnsafeGuaranteedRef(body)
    }

    private static func refused(_ code: CURLcode) -> RequestError? {
        guard code != CURLE_OK else { return nil }
        return CurlError.requestError(code, detail: "libcurl refused an option: \(String(cString: curl_easy_strerror(code)))")
    }

    /// The request's own fields; the user agent and the encodings libcurl decodes unless
    /// they are among them; and, for a body, an empty `Expect` so that libcurl does not wait
    /// a second for `100 Continue`. The user agent and `Accept-Encoding` are lines of the list
    /// rather than libcurl's options: for those, libcurl formats the line anew for every
    /// request, and a reused handle keeps its list.
    private func configureHeaders(_ request: PreparedRequest) -> CURLcode {
        var list: UnsafeMutablePointer<curl_slist>?
        var signsHeaderLines = false
        if request.libcurlAuthentication?.signsHeaderLines == true {
            signsHeaderLines = true
            // libcurl's SigV4 signs every line of the list, removals included: the user agent
            // and encodings go as options instead, unsigned, as AWS's own SDKs leave them.
            if request.header("User-Agent") == nil, setString(CURLOPT_USERAGENT, request.userAgent) != CURLE_OK {
                return CURLE_OUT_OF_MEMORY
            }
        } else {
            if request.header("User-Agent") == nil {
                list = "User-Agent: \(request.userAgent)".withCString { curl_slist_append(list, $0) }
            }
            if request.download == nil, request.header("Accept-Encoding") == nil, let encodings = ContentDecoding.acceptEncoding {
                list = encodings.withCString { curl_slist_append(list, $0) }
            }
        }
        for header in request.headers {
            list = "\(header.name): \(header.value)".withCString { curl_slist_append(list, $0) }
        }
        // A signed empty `Expect` would not match what is sent; libcurl only waits for
        // `100 Continue` on bodies over 1 MiB.
        if request.sendsBody, request.header("Expect") == nil, !signsHeaderLines {
            list = curl_slist_append(list, Self.cString("Expect:"))
        }
        // A call's body has no length: over HTTP/2 it is DATA frames, never chunked.
        if request.grpc != nil { list = curl_slist_append(list, Self.cString("Transfer-Encoding:")) }
        curl.headerList = list
        guard let list else { return CURLE_OK }
        return courier_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, list)
    }

    /// Sets a string option (libcurl copies it). `withCString` lends a native string's own
    /// bytes; passing the `String` as a pointer argument would copy it into an array first.
    func setString(_ option: CURLoption, _ value: String) -> CURLcode {
        value.withCString { courier_easy_setopt_string(handle, option, $0) }
    }

    /// Sets a string option from a literal, straight from its static bytes.
    func setConstant(_ option: CURLoption, _ value: StaticString) -> CURLcode {
        courier_easy_setopt_string(handle, option, Self.cString(value))
    }

    private static func cString(_ value: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(value.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    private func configureMethod(_ request: PreparedRequest) -> CURLcode {
        if outbox != nil { return configureCallBody() }
        switch request.method {
        case .get where request.body == nil:
            return courier_easy_setopt_long(handle, CURLOPT_HTTPGET, 1)
        case .head:
            return courier_easy_setopt_long(handle, CURLOPT_NOBODY, 1)
        default:
            var code = CURLE_OK
            if request.method != .post {
                code = setString(CURLOPT_CUSTOMREQUEST, request.method.rawValue)
            }
            if code == CURLE_OK, let form = request.multipart { return configureMultipart(form) }
            if code == CURLE_OK, let path = request.bodyFile { return configureBodyFile(path) }
            if code == CURLE_OK, request.body != nil || request.method == .post { code = setCopiedBody(request.body ?? Data()) }
            return code
        }
    }

    /// A body of known length, which libcurl copies (an empty one still needs a pointer).
    func setCopiedBody(_ body: Data) -> CURLcode {
        let code = courier_easy_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, body.count)
        guard code == CURLE_OK else { return code }
        return body.withUnsafeBytes { bytes in
            courier_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS,
                                        UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(curl.errorBuffer)))
        }
    }

    // MARK: - Callbacks (transport thread)

    private func reportProgress(downloadTotal: Int, downloaded: Int, uploadTotal: Int, uploaded: Int) {
        var next = reportedProgress
        next.bytesReceived = Int64(downloaded)
        next.bytesSent = Int64(uploaded)
        next.expectedBytesToReceive = downloadTotal > 0 ? Int64(downloadTotal) : nil
        next.expectedBytesToSend = uploadTotal > 0 ? Int64(uploadTotal) : nil
        if next.bytesSent != reportedProgress.bytesSent { touch() }
        guard next != reportedProgress else { return }
        reportedProgress = next
        let current = job.progress.update { progress in
            progress.bytesReceived = next.bytesReceived
            progress.bytesSent = next.bytesSent
            progress.expectedBytesToReceive = next.expectedBytesToReceive
            progress.expectedBytesToSend = next.expectedBytesToSend
        }
        job.transferProgressed(current)
    }

    /// The connection is ready and the request is about to go out (CURLOPT_PREREQFUNCTION;
    /// called again for each redirect, where the phase stays `receiving`).
    private func requestGoingOut(on connection: TransferConnection) {
        guard !statusLineSeen else {
            job.progress.update { $0.connection = connection }
            return
        }
        let current = job.progress.update { progress in
            progress.phase = .sending
            progress.connection = connection
        }
        if reportsProgress { job.transferProgressed(current) }
    }

    /// Counts body bytes into the progress cell when libcurl does not report progress.
    func countReceived(_ count: Int) {
        let expected = bytesCounted == 0 ? announcedLength() : nil
        bytesCounted += Int64(count)
        let total = bytesCounted
        job.progress.update { progress in
            progress.bytesReceived = total
            if let expected { progress.expectedBytesToReceive = expected }
        }
    }
}
