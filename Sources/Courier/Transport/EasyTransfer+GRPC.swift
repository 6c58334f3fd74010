import CCurl
import Foundation

/// A gRPC call's body: libcurl reads the call's frames from its outbox as it sends them, with
/// no length given (HTTP/2 DATA frames as they come). When the outbox is empty on an open call
/// the read pauses the upload — the response keeps arriving meanwhile — until the transport
/// resumes it (``Transport/resumeSending(id:)``) for the reader's next message or half-close.
extension EasyTransfer {
    /// Sets the `POST` and its body: the whole of a call that sends no more, else the read
    /// callback (the handle is set up anew for every call).
    func configureCallBody() -> CURLcode {
        var code = courier_easy_setopt_long(handle, CURLOPT_POST, 1)
        if let outbox, let (body, messages) = outbox.takeWhole() {
            recordSent(messages)
            return code == CURLE_OK ? setCopiedBody(body) : code
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        if code == CURLE_OK { code = courier_easy_setopt_pointer(handle, CURLOPT_READDATA, context) }
        if code == CURLE_OK {
            code = courier_easy_setopt_data_callback(handle, CURLOPT_READFUNCTION) { pointer, size, count, context in
                guard let pointer else { return 0 }
                let buffer = UnsafeMutableRawBufferPointer(start: pointer, count: size * count)
                return Unmanaged<EasyTransfer>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.readOutgoing(into: buffer) }
            }
        }
        return code
    }

    /// Hands libcurl the next bytes of the call's frames; the messages that began going out
    /// reach the stream as sent events.
    private func readOutgoing(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let outbox else { return 0 }
        let (read, started) = outbox.read(into: buffer)
        recordSent(started)
        switch read {
        case .bytes(let count):
            touch()
            return count
        case .end:
            return 0
        case .pause:
            return Int(CURL_READFUNC_PAUSE)
        }
    }

    /// The status this side gives a call that ended without the server's: its deadline passed
    /// (`DEADLINE_EXCEEDED`), or libcurl lost the server's answer (``GRPCStatus/answerLost``).
    /// libcurl 7.88 then either fails the rest of the request's send on the closed stream
    /// (curl 92, "stream N closed", written to no error buffer), or finds that nothing came:
    /// curl 52, "Empty reply from server" — which an HTTP/1.1 server that closed without a word
    /// causes too, so only on `http:`, where a call is HTTP/2 for certain (prior knowledge). The
    /// curl code is kept on the error.
    func statusGivenHere(result: CURLcode, timedOut: Bool, total: Double) -> (status: GRPCStatus, error: RequestError)? {
        if !timedOut, result == CURLE_OPERATION_TIMEDOUT, let deadline = job.request.deadline, total >= deadline * 0.95 {
            let status = GRPCStatus(code: .deadlineExceeded, message: "the call's deadline of \(Self.seconds(deadline)) passed")
            return status.error.map { (status, $0) }
        }
        let lost = (result == CURLE_HTTP2_STREAM && curl.errorBuffer.pointee == 0)
            || (result == CURLE_GOT_NOTHING && job.request.httpVersion == .http2PriorKnowledge)
        guard !statusLineSeen, lost, var error = GRPCStatus.answerLost.error else { return nil }
        error.curlCode = Int(result.rawValue)
        return (GRPCStatus.answerLost, error)
    }

    /// Messages that began going out reach the stream as sent events.
    private func recordSent(_ messages: [Data]) {
        guard !messages.isEmpty, let session = job.streamSession else { return }
        let events = session.record(sent: messages)
        if !events.isEmpty { job.streamDelivered(events) }
    }
}
