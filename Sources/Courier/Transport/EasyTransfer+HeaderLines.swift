import Foundation

/// The response's header lines as libcurl hands them over: each block's status line and field
/// lines (kept as bytes until someone reads the head), and the trailer lines that follow a
/// body (HTTP/2 trailers — a gRPC call's status — and chunked HTTP/1.1 trailers).
extension EasyTransfer {
    /// One header line as libcurl hands it over. A status line starts a new block (an
    /// interim 1xx or a redirect replaces the previous one); field lines are kept as bytes.
    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        touch()
        if bytes.starts(with: "HTTP/".utf8) {
            if buffer.fieldLines.capacity == 0 { buffer.fieldLines.reserveCapacity(512) }
            buffer.fieldLines.removeAll(keepingCapacity: true)
            // Every status line (a redirect's target may speak another version) names the
            // version its connection speaks.
            let version = String(decoding: bytes.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") }, as: UTF8.self)
            statusLineSeen = true
            headerBlockDone = false
            job.progress.update { progress in
                progress.phase = .receiving
                progress.connection?.httpVersion = version
            }
        } else {
            let blank = bytes.count <= 2 && (bytes.first == UInt8(ascii: "\r") || bytes.first == UInt8(ascii: "\n"))
            guard !headerBlockDone else {
                if !blank { trailerLines.append(contentsOf: bytes) }
                return
            }
            buffer.fieldLines.append(contentsOf: bytes)
            if blank {
                headerBlockDone = true
                headerBlockEnded()
            }
        }
    }
}
