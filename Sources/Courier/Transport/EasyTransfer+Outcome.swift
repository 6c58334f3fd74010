import CCurl
import Foundation

/// The end of a transfer: what it received, handed over whole (in memory or spooled), and the
/// error its libcurl result code and our own limits make.
extension EasyTransfer {
    /// The outcome of the finished transfer given libcurl's result code (or a timeout of ours).
    func outcome(result: CURLcode, timedOut: Bool) -> TransferOutcome {
        if case .file(let descriptor) = sink {
            close(descriptor)
            sink = .closed
        }
        bufferLent = true
        var status = 0
        _ = courier_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        // Without header lines, libcurl's status says whether a response began.
        if !hearsHeaderLines, status > 0 { statusLineSeen = true }
        let streamed = endStream()
        // A call's stream holds what it sent, whether or not anything came back.
        if outbox != nil { job.streamSession?.endCall() }
        let metrics = metricsOfAllHops()
        let given = outbox == nil ? nil : statusGivenHere(result: result, timedOut: timedOut, total: metrics.total)
        let error = given?.error ?? failure(result: result, timedOut: timedOut, total: metrics.total)
        var received: ReceivedHead?
        if statusLineSeen, status > 0 {
            var effectiveURL: UnsafeMutablePointer<CChar>?
            _ = courier_easy_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &effectiveURL)
            received = ReceivedHead(url: Self.urlString(effective: effectiveURL, sent: currentURL),
                                    statusCode: status, httpVersion: metrics.httpVersion, fieldLines: [])
        }
        // Built once, from parts: a local outcome changed field by field was copied whole.
        let cutOff = bodyLimitExceeded && error?.code == .dataLengthExceedsMaximum
        // A spooled body is handed over like one in memory: whole, or what came before an
        // error — except one cut off at the limit, removed as memory's is dropped.
        if cutOff || spoolFailure != nil { spool?.abandon() }
        let spooled = cutOff || spoolFailure != nil ? nil : spool?.finish()
        spool = nil
        return TransferOutcome(received: received, body: streamed ?? (cutOff ? Data() : largeBody ?? Data()), spooled: spooled,
                               metrics: metrics, error: error, download: job.request.download == nil ? nil : download,
                               streamed: streamed != nil, trailerLines: trailerLines, isCall: outbox != nil,
                               grpcProblem: outbox == nil ? nil : given?.status ?? job.streamSession?.grpcProblem, lent: buffer)
    }

    /// The error that ended the transfer, if any, given libcurl's result code (or a timeout
    /// of ours) and the time it took.
    private func failure(result: CURLcode, timedOut: Bool, total: Double) -> RequestError? {
        if timedOut {
            return RequestError(family: .transport, code: .timedOut,
                                message: "No data for \(Self.seconds(job.request.timeoutInterval)) (the request's timeout).",
                                curlCode: Int(CURLE_OPERATION_TIMEDOUT.rawValue))
        } else if result == CURLE_OPERATION_TIMEDOUT, let deadline = job.request.deadline, total >= deadline * 0.95 {
            return RequestError(family: .transport, code: .timedOut,
                                message: "Not finished within \(Self.seconds(deadline)) (the request's deadline).",
                                curlCode: Int(result.rawValue))
        } else if let spoolFailure, let plan = job.request.spool {
            return plan.error(spoolFailure, curlCode: Int(result.rawValue))
        } else if bodyLimitExceeded, spoolLimitExceeded, let plan = job.request.spool {
            return plan.limitError(curlCode: Int(result.rawValue))
        } else if bodyLimitExceeded {
            buffer.body.removeAll(keepingCapacity: true)
            return RequestError(family: .transport, code: .dataLengthExceedsMaximum,
                                message: "The response body is larger than the limit of "
                                   + "\(job.request.maximumBodyBytes) bytes kept in memory (maximumResponseBodyBytes); "
                                   + "download it to a file instead, or raise the limit.",
                                curlCode: Int(result.rawValue))
        } else if result == CURLE_OUT_OF_MEMORY, !statusLineSeen {
            // libcurl 7.88 builds a request in at most 1 MiB (its DYN_HTTP_REQUEST) and says
            // "out of memory" past it: the request is too large, not a response problem.
            let url = currentURL
            return RequestError(family: .transport, code: .badURL,
                                message: "The request is larger than libcurl sends (1 MiB for the request line and "
                                   + "headers); its URL alone is \(url.utf8.count) bytes.",
                                curlCode: Int(result.rawValue))
        } else if ranOutOfDescriptors(result) {
            return DescriptorExhaustion.error(curl.socketErrno, curlCode: result)
        } else if result != CURLE_OK {
            return refusedRedirect(result) ?? CurlError.requestError(result, detail: String(cString: curl.errorBuffer),
                                                                      unixSocket: job.request.connectionRoute?.unixSocket)
        }
        return nil
    }

    /// Whether the transfer failed because socket(2) found no descriptor left.
    func ranOutOfDescriptors(_ result: CURLcode) -> Bool {
        result == CURLE_COULDNT_CONNECT && DescriptorExhaustion.isExhaustion(curl.socketErrno)
    }

    /// libcurl's effective URL as a string: the URL sent when it is the same (no redirect,
    /// nothing normalized), which saves copying it.
    private static func urlString(effective: UnsafeMutablePointer<CChar>?, sent: String) -> String {
        guard let effective, !sent.withCString({ strcmp($0, effective) == 0 }) else { return sent }
        return String(cString: effective)
    }

    static func seconds(_ interval: Double) -> String {
        interval == interval.rounded() ? "\(Int(interval)) s" : "\(interval) s"
    }
}
