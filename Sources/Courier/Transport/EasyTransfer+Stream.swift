import CCurl
import Foundation

/// A streamed body: at its first byte the response's status and content type decide
/// whether it streams (``StreamSession/begin(statusCode:detected:)``); a streaming body
/// goes to the run's stream chunk by chunk, is not held whole, and is not bounded by
/// `maximumBodyBytes` — the stream keeps its newest part within ``StreamLimits``.
extension EasyTransfer {
    /// Whether this response streams; sets ``streaming`` when it does.
    func beginStream() -> Bool {
        guard let session = job.streamSession else { return false }
        var status = 0
        _ = courier_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        // Only Content-Type is looked at, as libcurl parsed it (CURLINFO_CONTENT_TYPE, its own
        // C string): parsing the whole block here cost more than the rest of a small GET's
        // Swift work on the transport thread, and scanning the lines for it half a microsecond.
        guard session.begin(statusCode: status, detected: {
            var contentType: UnsafeMutablePointer<CChar>?
            guard courier_easy_getinfo_string(handle, CURLINFO_CONTENT_TYPE, &contentType) == CURLE_OK, let contentType else { return nil }
            return StreamMode.detected(forContentType: UnsafeRawBufferPointer(start: contentType, count: strlen(contentType)))
        }) else { return false }
        streaming = session
        // The head as it is now, for a reader that hands the stream on (a proxy): the lines
        // are copied, not parsed, so a stream nobody asks the head of pays next to nothing.
        session.setHead(ReceivedHead(url: currentURL, statusCode: status, httpVersion: "", fieldLines: buffer.fieldLines))
        job.progress.markStreaming()
        return true
    }

    /// Ends the attempt's stream: delivers what the end completed (a last line without its
    /// line end) and returns the newest raw bytes kept, as the response's body; nil when the
    /// response did not stream.
    func endStream() -> Data? {
        guard let streaming else { return nil }
        self.streaming = nil
        let last = streaming.endAttempt()
        if !last.isEmpty { job.streamDelivered(last) }
        return streaming.transcript
    }
}
