import CourierWorkspace
import Courier
import Synchronization

/// What the engine and background work tell the workbench; delivered through the ``Mailbox``.
package enum EngineUpdate: Sendable {
    /// A request, batch or chain started.
    case started(LifecycleSubject)
    /// It finished, failed or was cancelled.
    case stopped(LifecycleSubject)
    /// A request's transfer moved (from the agent's event stream).
    case progress(Request, TransferProgress)
    /// Events of a request's streamed response wait in its exchange's inbox.
    case streamEvents(Request)
    /// A chain moved on: a step started, finished or paused.
    case chainProgress(chain: ChainRequest, snapshot: ChainSnapshot)
    /// A `paginate:` send made the request for its page `page`, not started yet.
    case pageRequested(request: WorkspaceRequest, name: String, page: Int)
    /// A `paginate:` send stopped: the listing ended, `until` held, `max` was reached, a page
    /// failed, or it was stopped.
    case pagingStopped(PagedRequest, name: String)
    /// A response body was laid out off the input loop; `complete` false for the first screen only.
    case bodyFormatted(exchange: Int, body: FormattedBody)
    /// The workspace file was read again off the input loop: its new definitions, or why not.
    case workspaceRead(WorkspaceReading)
    /// Cache entries written in the background are on disk.
    case cacheWritten
    /// The saved cookie jar's file has been read (off the input loop; sends wait for it).
    case cookieJarRead
    /// Something the user should know about the cookie jar (lines of its file skipped, cookies
    /// dropped past the limits, a write that failed).
    case cookieJarProblem(String)
    /// An OAuth2 authorization-code grant waits for the user to sign in at `url`.
    case openAuthorization(url: String)
    /// Something the user should know while an authorization waits (a forged redirect refused).
    case authorizationNotice(String)
    /// Something the user should know about the demo server, said once it answered (it is not
    /// on its usual port, its TLS listeners or the server itself did not start).
    case demoServerNotice(String)
    /// A response could not be written to the cache (why, in a sentence).
    case cacheWriteFailed(String)
    /// The history database could not be opened or written; recording stopped (why).
    case historyFailed(String)
    /// A run's exchanges were written as HAR (how many, where).
    case historyExported(path: String, count: Int)
    /// The Load pane started a load run (its number there; the SLO of a find-max run's
    /// search): Events logs it, In flight and the status line mention it while it runs.
    case loadRunStarted(run: Int, LoadRun, slo: String?)
    /// A load run the Load pane started (its number there) ended: its final figures, partial
    /// when stopped, or why it could not start.
    case loadRunEnded(run: Int, Result<LoadResult, LoadRunError>)
    /// What a pane's own background work found (a search, a listing, a run's figures), for
    /// that pane alone: the shell hands it to the pane's ``Pane/receive(_:context:)``, and the
    /// type of `result` is the pane's own.
    case paneResult(PaneID, any Sendable)
    /// A schema the service browser asked for was loaded (its services), or why not.
    case serviceCatalog(ServiceSource, Result<GRPCCatalog, ServiceLoadFailure>)
}

/// Where engine callbacks (on the config's callback queue) and background tasks leave their
/// news for the input loop: a lock-guarded queue plus a wake-up, so that the loop sleeps
/// until something arrives and never polls.
package final class Mailbox: Sendable {
    private let updates = Mutex<[EngineUpdate]>([])
    private let wake: @Sendable () -> Void

    /// `wake` is called after each post (the terminal front writes a byte to its wake-up pipe).
    package init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    package func post(_ update: EngineUpdate) {
        updates.withLock { $0.append(update) }
        wake()
    }

    /// Everything posted since the last call, oldest first.
    package func drain() -> [EngineUpdate] {
        updates.withLock { updates in
            defer { updates.removeAll(keepingCapacity: true) }
            return updates
        }
    }
}

/// Tells the mailbox about every request, batch and chain an agent starts and stops.
final class MailboxAccessory: RequestAccessory {
    let mailbox: Mailbox

    init(mailbox: Mailbox) {
        self.mailbox = mailbox
    }

    func requestWillStart(_ subject: AnyObject) {
        if let subject = Self.subject(subject) { mailbox.post(.started(subject)) }
    }

    func requestDidStop(_ subject: AnyObject) {
        if let subject = Self.subject(subject) { mailbox.post(.stopped(subject)) }
    }

    private static func subject(_ object: AnyObject) -> LifecycleSubject? {
        switch object {
        case let request as Request: return .request(request)
        case let batch as BatchRequest: return .batch(batch)
        case let chain as ChainRequest: return .chain(chain)
        default: return nil
        }
    }
}
