import Foundation

/// Where a resumable download writes, and what it resumes from.
struct DownloadPlan: Sendable {
    /// The file the body ends up in.
    let destination: URL
    /// The body so far, kept in the Incomplete directory between attempts.
    let partialFile: URL
    /// The resume record beside it: URL, destination and the validators for If-Range.
    let recordFile: URL
    /// Bytes already in `partialFile` that this attempt asks the server to skip.
    let resumeOffset: Int64
    /// The ETag or Last-Modified sent as `If-Range`.
    let validator: String?

    /// Range and If-Range for a resumed attempt; nothing for a fresh one.
    var requestHeaders: [(name: String, value: String)] {
        guard resumeOffset > 0, let validator else { return [] }
        return [(name: "Range", value: "bytes=\(resumeOffset)-"), (name: "If-Range", value: validator)]
    }
}

/// What the transport did with a download's body.
struct DownloadResult: Sendable {
    /// The body went to the partial file (a 2xx response), not to memory.
    var wroteToFile = false
}

/// The resume record kept beside a partial download.
struct ResumeRecord: Codable, Sendable {
    var url: String
    var destination: String
    var etag: String?
    var lastModified: String?

    /// The validator If-Range can use: a strong ETag, else Last-Modified.
    var validator: String? {
        if let etag, !etag.hasPrefix("W/") { return etag }
        return lastModified
    }
}
