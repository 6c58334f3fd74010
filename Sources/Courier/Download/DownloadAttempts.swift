import Dispatch
import Foundation

/// An agent's side of resumable downloads: every attempt is planned afresh (so a retry
/// resumes from what the previous one fetched), its resume record is written off the
/// transport thread, and its end moves the body into place, restarts once when the server
/// refuses the resume (416), or keeps what was fetched.
final class DownloadAttempts: Sendable {
    /// Resume records are written here, in order; an attempt's end waits for its record.
    private let records = DispatchQueue(label: "courier.resume-records", qos: .utility)
    /// One attempt per destination file at a time.
    let turns = DestinationTurns()

    /// What an attempt's end asks of the agent.
    enum Ending {
        /// The partial body no longer fits the resource: send the request again from the start.
        case restart
        /// The attempt is over; a non-nil error replaces the request's (the body could not be moved).
        case finished(moveError: RequestError?)
    }

    /// Points a download attempt at its partial file, with Range and If-Range when resuming.
    func plan(_ prepared: inout PreparedRequest, for request: Request, settings: NetworkSettings) throws(RequestError) {
        guard let path = request.resumableDownloadPath else { return }
        let incomplete = settings.incompleteDownloadsDirectory.map { URL(fileURLWithPath: $0) }
            ?? ResumableDownloads.defaultIncompleteDirectory()
        prepared.headers.removeAll { ["range", "if-range"].contains($0.name.lowercased()) }
        let plan = try ResumableDownloads.plan(url: prepared.url, path: path, incompleteDirectory: incomplete)
        prepared.download = plan
        prepared.headers += plan.requestHeaders
    }

    /// Records what a partial body resumes against, once its response has begun (called on
    /// the transport thread, which only queues the write).
    func saveRecord(for plan: DownloadPlan, url: String, etag: String?, lastModified: String?) {
        records.async { ResumableDownloads.saveRecord(for: plan, url: url, etag: etag, lastModified: lastModified) }
    }

    /// Ends an attempt (processing queue): once its resume record is written, a 416 to a
    /// resume restarts (the partial body is dropped), a complete body moves into place, an
    /// error page leaves nothing behind and a cut transfer keeps what it fetched.
    func end(_ plan: DownloadPlan, outcome: TransferOutcome, succeeded: Bool) -> Ending {
        records.sync {}
        let status = outcome.received?.statusCode ?? 0
        if status == 416, plan.resumeOffset > 0 {
            ResumableDownloads.discard(partialFile: plan.partialFile, recordFile: plan.recordFile)
            return .restart
        }
        return .finished(moveError: ResumableDownloads.finish(plan, result: outcome.download ?? DownloadResult(),
                                                              succeeded: succeeded, statusCode: status))
    }
}
