import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Resumable downloads on disk: where a body goes, what an interrupted one resumes from, and
/// how a finished one moves into place. Partial bodies and their resume records live in an
/// Incomplete directory, keyed by URL and destination.
enum ResumableDownloads {
    /// `$XDG_CACHE_HOME/courier/incomplete`, or `~/.cache/courier/incomplete`.
    static func defaultIncompleteDirectory() -> URL {
        URL(fileURLWithPath: XDGDirectories.cacheHome() + "/courier/incomplete")
    }

    /// The file a download writes: `path` itself, or inside it when it is a directory (or ends
    /// with "/"), named after the URL's last path component made safe (``safeFileName(from:)``),
    /// so that a URL never steers the file out of the directory.
    static func destination(for path: String, url: String) -> URL {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        guard path.hasSuffix("/") || (exists && isDirectory.boolValue) else { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: path).appendingPathComponent(safeFileName(from: url))
    }

    /// One plain path component from a URL's last segment: percent-decoded, cut after its last
    /// `/` (a decoded `%2F` is not a way out), without control characters or leading dots (no
    /// `..`, no hidden files), at most 255 bytes; `download` when nothing is left.
    static func safeFileName(from url: String) -> String {
        let decoded = URL(string: url)?.lastPathComponent ?? ""
        let segment = decoded.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        var name = String(String.UnicodeScalarView(segment.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && $0 != "\\" }))
        while name.hasPrefix(".") { name.removeFirst() }
        while name.utf8.count > 255 { name.removeLast() }
        return name.isEmpty ? "download" : name
    }

    /// Plans the next attempt: resume when a partial body and a usable record exist, start
    /// over (discarding both) otherwise.
    static func plan(url: String, path: String, incompleteDirectory: URL) throws(RequestError) -> DownloadPlan {
        let destination = destination(for: path, url: url)
        do {
            try OwnerOnly.makeDirectory(incompleteDirectory.path)
        } catch {
            throw RequestError(family: .transport, code: .cannotCreateFile,
                               message: "Cannot create the Incomplete directory \(incompleteDirectory.path): \(error.localizedDescription)")
        }
        IncompleteSweep.sweepOnce(incompleteDirectory)
        let key = SHA256Hex.of(Data("\(url)\n\(destination.path)".utf8))
        let partial = incompleteDirectory.appendingPathComponent(key + ".part")
        let recordFile = incompleteDirectory.appendingPathComponent(key + ".json")
        if let record = readRecord(recordFile), record.url == url, record.destination == destination.path,
           let validator = record.validator, let size = fileSize(partial), size > 0 {
            return DownloadPlan(destination: destination, partialFile: partial, recordFile: recordFile,
                                resumeOffset: size, validator: validator)
        }
        discard(partialFile: partial, recordFile: recordFile)
        return DownloadPlan(destination: destination, partialFile: partial, recordFile: recordFile,
                            resumeOffset: 0, validator: nil)
    }

    /// Writes the resume record for the response now arriving (a few hundred bytes, once
    /// per attempt; ``DownloadAttempts`` does it off the transport thread).
    static func saveRecord(for plan: DownloadPlan, url: String, etag: String?, lastModified: String?) {
        let record = ResumeRecord(url: url, destination: plan.destination.path, etag: etag,
                                  lastModified: lastModified)
        guard let data = try? JSONEncoder().encode(record) else { return }
        let temporary = plan.recordFile.appendingPathExtension("tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data,
                                             attributes: [.posixPermissions: 0o600]) else { return }
        _ = rename(temporary.path, plan.recordFile.path)
    }

    /// After a finished attempt: a complete body moves atomically into place and its record
    /// goes (a body that cannot be moved stays); an error page leaves nothing behind; a cut
    /// transfer keeps what it fetched.
    /// Returns the error to report, if moving failed.
    static func finish(_ plan: DownloadPlan, result: DownloadResult, succeeded: Bool, statusCode: Int) -> RequestError? {
        if succeeded && (200..<300).contains(statusCode) {
            if !result.wroteToFile {
                // An empty body: if the file cannot be made, moving it below reports why.
                _ = FileManager.default.createFile(atPath: plan.partialFile.path, contents: Data(),
                                                   attributes: [.posixPermissions: 0o600])
            }
            // Only a body in place lets go of its partial file: one that cannot be moved (a
            // read-only destination) stays in Incomplete rather than being thrown away.
            let failure = moveIntoPlace(plan.partialFile, destination: plan.destination)
            if failure == nil { discard(partialFile: plan.partialFile, recordFile: plan.recordFile) }
            return failure
        }
        if !result.wroteToFile {
            // An error page (or nothing): the resource is not what we were fetching.
            discard(partialFile: plan.partialFile, recordFile: plan.recordFile)
        }
        return nil
    }

    static func discard(partialFile: URL, recordFile: URL) {
        try? FileManager.default.removeItem(at: partialFile)
        try? FileManager.default.removeItem(at: recordFile)
    }

    /// rename(2) when both sides share a file system; otherwise a copy into a temporary file
    /// beside the destination, then rename, so the destination is never half-written.
    private static func moveIntoPlace(_ source: URL, destination: URL) -> RequestError? {
        let directory = destination.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if rename(source.path, destination.path) == 0 { return nil }
        let temporary = directory.appendingPathComponent(".\(destination.lastPathComponent).courier-\(UUID().uuidString)")
        do {
            try FileManager.default.copyItem(at: source, to: temporary)
            guard rename(temporary.path, destination.path) == 0 else {
                throw CocoaError(.fileWriteUnknown)
            }
            return nil
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return RequestError(family: .transport, code: .cannotCreateFile,
                                message: "Cannot move the download into \(destination.path): \(error.localizedDescription)")
        }
    }

    private static func readRecord(_ url: URL) -> ResumeRecord? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(ResumeRecord.self, from: data)
    }

    static func fileSize(_ url: URL) -> Int64? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              let size = attributes[.size] as? NSNumber else { return nil }
        return size.int64Value
    }
}
