import CCurl
import Foundation
import HTTPTypes
#if canImport(Glibc)
import Glibc
#endif

/// Request and response bodies that are not plain memory: multipart forms and body files
/// going out, download bodies coming in to a partial file.
extension EasyTransfer {
    enum BodySink {
        case undecided, memory, file(Int32), closed
    }

    /// libcurl's MIME API: file parts are read from disk as they are sent.
    func configureMultipart(_ form: MultipartForm) -> CURLcode {
        mime = curl_mime_init(handle)
        for part in form.parts {
            guard let mimePart = curl_mime_addpart(mime) else { return CURLE_OUT_OF_MEMORY }
            var code = curl_mime_name(mimePart, part.name)
            switch part {
            case .field(_, let value):
                if code == CURLE_OK { code = Self.setMimeData(mimePart, Data(value.utf8)) }
            case .data(_, let data, let filename, let contentType):
                if code == CURLE_OK { code = Self.setMimeData(mimePart, data) }
                if code == CURLE_OK { code = curl_mime_filename(mimePart, filename ?? part.name) }
                if code == CURLE_OK, let contentType { code = curl_mime_type(mimePart, contentType) }
            case .file(_, let path, let filename, let contentType):
                if code == CURLE_OK { code = curl_mime_filedata(mimePart, path) }
                if code == CURLE_OK, let filename { code = curl_mime_filename(mimePart, filename) }
                if code == CURLE_OK { code = curl_mime_type(mimePart, contentType ?? "application/octet-stream") }
            }
            guard code == CURLE_OK else { return code }
        }
        return courier_easy_setopt_pointer(handle, CURLOPT_MIMEPOST, UnsafeMutableRawPointer(mime))
    }

    static func setMimeData(_ part: OpaquePointer, _ data: Data) -> CURLcode {
        // An empty value still needs a valid pointer.
        let bytes = data.isEmpty ? Data([0]) : data
        return bytes.withUnsafeBytes { buffer in
            curl_mime_data(part, buffer.baseAddress!.assumingMemoryBound(to: CChar.self), data.count)
        }
    }

    /// A raw body streamed from a file by libcurl's default read function (`fread`).
    func configureBodyFile(_ path: String) -> CURLcode {
        guard let file = fopen(path, "rb") else { return CURLE_READ_ERROR }
        bodyFile = file
        let size = ResumableDownloads.fileSize(URL(fileURLWithPath: path)) ?? 0
        var code = courier_easy_setopt_long(handle, CURLOPT_POST, 1)
        if code == CURLE_OK { code = courier_easy_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, Int(size)) }
        if code == CURLE_OK { code = courier_easy_setopt_pointer(handle, CURLOPT_READDATA, UnsafeMutableRawPointer(file)) }
        return code
    }

    /// Appends a chunk of body to memory, or to a download's partial file. False stops the
    /// transfer (libcurl then reports a write error).
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // The body of a redirect the transport follows itself is not the response's.
        if isRedirecting { return true }
        if !reportsProgress, !job.measuresOnly { countReceived(bytes.count) }
        guard let plan = job.request.download else {
            guard !job.request.discardsResponseBody else {
                keepPrefix(bytes)
                return true
            }
            if !bodyStarted {
                if beginStream() { bodyStarted = true } else if !reserveBody() { return false }
            }
            if let streaming {
                let events = streaming.consume(bytes)
                if !events.isEmpty { job.streamDelivered(events) }
                return true
            }
            if spool != nil { return appendToSpool(bytes) }
            return appendToMemory(bytes)
        }
        if case .undecided = sink { sink = openSink(for: plan) }
        switch sink {
        case .file(let descriptor):
            return writeAll(bytes, to: descriptor) == nil
        case .memory:
            return appendToMemory(bytes)
        case .undecided, .closed:
            return false
        }
    }

    /// Keeps the first ``TransferJob/keptBodyPrefix`` bytes of a body otherwise dropped.
    private func keepPrefix(_ bytes: UnsafeRawBufferPointer) {
        let room = job.keptBodyPrefix - buffer.body.count
        guard room > 0 else { return }
        buffer.body.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes.prefix(room)))
    }

    /// A 2xx body goes to the partial file — appended when it answers our Range, from the
    /// start otherwise (a 200 means the resource changed or Range was ignored); any other
    /// status (an error page) stays in memory so it can be shown.
    func openSink(for plan: DownloadPlan) -> BodySink {
        var status = 0
        _ = courier_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        guard (200..<300).contains(status) else { return .memory }
        let fields = ReceivedHead.fields(in: buffer.fieldLines)
        let rangeStart = Self.contentRangeStart(fields)
        let append = status == 206 && plan.resumeOffset > 0 && rangeStart == plan.resumeOffset
        if status == 206 && !append && rangeStart != 0 { return .closed }
        let descriptor = open(plan.partialFile.path, O_WRONLY | O_CREAT | O_NOFOLLOW | (append ? O_APPEND : O_TRUNC), 0o600)
        guard descriptor >= 0 else { return .closed }
        download.wroteToFile = true
        if append { job.progress.update { $0.resumedFrom = plan.resumeOffset } }
        job.downloadBodyStarted(plan, etag: fields[.eTag], lastModified: fields[.lastModified])
        return .file(descriptor)
    }

    /// Sizes the in-memory body from Content-Length (up to 8 MiB) so that it grows once, or
    /// opens the spool file when that length passes the spool threshold; false when that
    /// length is already over the limit.
    private func reserveBody() -> Bool {
        bodyStarted = true
        let length = announcedLength() ?? -1
        if let plan = job.request.spool, length > plan.threshold {
            guard length <= plan.maximumBytes else {
                bodyLimitExceeded = true
                spoolLimitExceeded = true
                return false
            }
            return startSpool(plan)
        }
        if length > job.request.maximumBodyBytes {
            bodyLimitExceeded = true
            return false
        }
        if length > ResponseBuffer.bodyLimit {
            largeBody = Data(capacity: Int(min(length, 8 << 20)))
        } else if length > 0 {
            buffer.body.reserveCapacity(Int(length))
        }
        return true
    }

    /// Keeps a chunk in memory — in the reused buffer while the body fits it — or stops the
    /// transfer once the body would pass the limit.
    private func appendToMemory(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let total = (largeBody?.count ?? buffer.body.count) + bytes.count
        if let plan = job.request.spool, total > plan.threshold {
            return startSpool(plan) && appendToSpool(bytes)
        }
        guard total <= job.request.maximumBodyBytes else {
            bodyLimitExceeded = true
            return false
        }
        if largeBody == nil, total <= ResponseBuffer.bodyLimit {
            buffer.body.append(contentsOf: bytes)
            return true
        }
        if largeBody == nil {
            largeBody = Data(buffer.body)
            buffer.body.removeAll(keepingCapacity: true)
        }
        largeBody?.append(contentsOf: bytes)
        return true
    }

    /// Opens the spool file and moves what memory holds of the body into it; false (the
    /// transfer stops, ``spoolFailure`` says why) when it cannot.
    private func startSpool(_ plan: SpoolPlan) -> Bool {
        switch SpoolWriter.create(in: plan.directory) {
        case .failure(let failure):
            spoolFailure = failure
            return false
        case .success(let writer):
            spool = writer
            let current = job.progress.update { $0.spoolFile = writer.url }
            if reportsProgress { job.transferProgressed(current) }
        }
        let held = largeBody ?? Data(buffer.body)
        largeBody = nil
        buffer.body.removeAll(keepingCapacity: true)
        return held.isEmpty || held.withUnsafeBytes(appendToSpool)
    }

    /// Writes a chunk to the spool file, or stops the transfer at the spool limit or on a
    /// write error.
    private func appendToSpool(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let spool, let plan = job.request.spool else { return false }
        guard spool.count + Int64(bytes.count) <= plan.maximumBytes else {
            bodyLimitExceeded = true
            spoolLimitExceeded = true
            return false
        }
        if let failure = spool.write(bytes) {
            spoolFailure = failure
            return false
        }
        return true
    }

    /// The body's size from Content-Length; nil when the response gives none.
    func announcedLength() -> Int64? {
        var length: curl_off_t = -1
        _ = courier_easy_getinfo_off(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length)
        return length >= 0 ? Int64(length) : nil
    }

    /// The first byte position of `Content-Range: bytes a-b/n`.
    static func contentRangeStart(_ fields: HTTPFields) -> Int64? {
        guard let value = fields[.contentRange], value.hasPrefix("bytes ") else { return nil }
        return Int64(value.dropFirst(6).prefix { $0.isNumber })
    }
}
