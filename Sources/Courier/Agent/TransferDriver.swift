import Dispatch

/// The seam between an agent and what moves its bytes. ``Transport`` (libcurl, one thread)
/// is the one that ships; tests put a scripted one here to drive retry, priority and resume
/// decisions deterministically. A driver runs each job's completion on the queue it was made
/// with, calling `transferEnded` once per job it did not see cancelled first.
protocol TransferDriver: AnyObject, Sendable {
    /// Queues a job; it starts when a slot is free, highest priority first.
    func submit(_ job: TransferJob)
    /// Drops a job: no completion follows unless it had already ended.
    func cancel(id: Int)
    /// Ends a running job's transfer here, as if the response had ended: its outcome follows
    /// with what came (a stream ended by its reader). Nothing for a job not running.
    func end(id: Int)
    /// Resumes a running job's paused upload (a gRPC call's next message or half-close).
    /// Nothing for a job not running or not paused.
    func resumeSending(id: Int)
    /// Transfers allowed at once.
    func setConcurrencyLimit(_ limit: Int)
    /// Abandons every transfer and frees what the driver holds.
    func shutdown()
    /// Whether the driver has started working (a thread, for libcurl).
    var isRunning: Bool { get }
    /// Passes of the driver's loop so far.
    var loopIterations: Int { get }
}

extension Transport: TransferDriver {}

extension TransferDriver {
    /// A driver that cannot end a transfer early drops it.
    func end(id: Int) { cancel(id: id) }
    /// A driver that pauses no upload has none to resume.
    func resumeSending(id: Int) {}
}
