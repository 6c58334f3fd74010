import Dispatch
import Synchronization

/// Turns the transport's progress ticks into at most ~20 reports a second per direction,
/// delivered in order on the callback queue and never going backwards.
final class ProgressThrottle: Sendable {
    private struct Sent {
        var lastAt: UInt64 = 0
        var download: Int64 = -1
        var upload: Int64 = -1
    }

    private let queue: DispatchQueue
    private let download: (@Sendable (ProgressReport) -> Void)?
    private let upload: (@Sendable (ProgressReport) -> Void)?
    private let startedAt = DispatchTime.now().uptimeNanoseconds
    private let sent = Mutex(Sent())
    private static let interval: UInt64 = 50_000_000

    /// A throttle for the handlers, or nil when there are none (most requests: nothing is
    /// allocated for them).
    static func forHandlers(queue: DispatchQueue, download: (@Sendable (ProgressReport) -> Void)?,
                            upload: (@Sendable (ProgressReport) -> Void)?) -> ProgressThrottle? {
        guard download != nil || upload != nil else { return nil }
        return ProgressThrottle(queue: queue, download: download, upload: upload)
    }

    private init(queue: DispatchQueue, download: (@Sendable (ProgressReport) -> Void)?,
                 upload: (@Sendable (ProgressReport) -> Void)?) {
        self.queue = queue
        self.download = download
        self.upload = upload
    }

    /// Called on the transport thread with every progress change.
    func report(_ progress: TransferProgress, final: Bool = false) {
        let now = DispatchTime.now().uptimeNanoseconds
        let seconds = max(Double(now - startedAt) / 1e9, 0.001)
        let received = ProgressReport(completed: progress.resumedFrom + progress.bytesReceived,
                                      expected: progress.expectedBytesToReceive.map { progress.resumedFrom + $0 },
                                      bytesPerSecond: Double(progress.bytesReceived) / seconds)
        let sentOut = ProgressReport(completed: progress.bytesSent, expected: progress.expectedBytesToSend,
                                     bytesPerSecond: Double(progress.bytesSent) / seconds)
        let (sendDownload, sendUpload) = sent.withLock { sent -> (Bool, Bool) in
            let due = final || now - sent.lastAt >= Self.interval
                || received.completed == received.expected || sentOut.completed == sentOut.expected
            guard due else { return (false, false) }
            let sendDownload = self.download != nil && received.completed > sent.download
            let sendUpload = self.upload != nil && sentOut.completed > sent.upload
            if sendDownload { sent.download = received.completed }
            if sendUpload { sent.upload = sentOut.completed }
            if sendDownload || sendUpload { sent.lastAt = now }
            return (sendDownload, sendUpload)
        }
        guard sendDownload || sendUpload else { return }
        let downloadHandler = download, uploadHandler = upload
        queue.async {
            if sendUpload { uploadHandler?(sentOut) }
            if sendDownload { downloadHandler?(received) }
        }
    }
}
