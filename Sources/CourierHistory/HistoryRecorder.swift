import Courier
import CourierFormat
import CourierRunner
import Dispatch
import Foundation
import Synchronization

/// Writes exchanges into the history database from one serial queue of its own, so that a
/// run's transport thread and the workbench's input loop never wait for SQLite.
///
/// The database is opened on that queue at the first exchange. When it cannot be opened or
/// written (locked past the busy timeout, corrupt, a full disk), the problem is reported once
/// through `onFailure` and the recorder stops recording: the run goes on, and its own output
/// loses nothing.
package final class HistoryRecorder: ExchangeRecording {
    /// What every exchange of this run shares.
    package struct Context: Sendable {
        package var runID: String
        package var workspace: String
        package var workspacePath: String
        package var environment: String?
        /// Response (and request) bodies are kept whole up to this many bytes; a larger one
        /// keeps its size and SHA-256.
        package var bodyLimit: Int
        /// A session's transcript keeps at most this many messages (the newest), and at most
        /// `bodyLimit` bytes of their data together.
        package var messageLimit: Int
        package var retention: HistoryRetention
        /// A spooled response body is kept by reference (a redacted copy) up to this many
        /// bytes; 0: none.
        package var spooledBodyLimit: Int
        /// The kept spooled bodies together take at most this many bytes, the oldest let go.
        package var spooledTotalLimit: Int

        package init(workspace: Workspace, environment: String?, bodyLimit: Int = HistorySettings.defaultBodyLimit,
                    messageLimit: Int = HistorySettings.defaultMessageLimit,
                    retention: HistoryRetention = .standard, runID: String = UUID().uuidString) {
            self.runID = runID
            self.workspace = workspace.name
            self.workspacePath = HistoryStore.workspacePath(ofFile: workspace.file)
            self.environment = environment
            self.bodyLimit = bodyLimit
            self.messageLimit = messageLimit
            self.retention = retention
            spooledBodyLimit = workspace.config.historySpooledBodyLimit
            spooledTotalLimit = workspace.config.historySpooledTotalLimit
        }
    }

    package let context: Context
    private let open: @Sendable () throws -> HistoryStore
    private let onFailure: @Sendable (String) -> Void
    private let queue = DispatchQueue(label: "courier.history.writer")
    private let state = Mutex(State())

    private struct State {
        var store: HistoryStore?
        var failed = false
        var recorded = 0
    }

    /// A recorder for one run; `open` is called once, on the writer's queue.
    package init(context: Context, open: @escaping @Sendable () throws -> HistoryStore,
                onFailure: @escaping @Sendable (String) -> Void = { _ in }) {
        self.context = context
        self.open = open
        self.onFailure = onFailure
    }

    /// Records a finished request: a few cheap copies here, the redaction, hashing and
    /// writing on the writer's queue.
    package func record(_ request: WorkspaceRequest, result: RequestResult) {
        // A parameter error stops a request before any network use: nothing was exchanged.
        if result.error?.family == RequestError.Family.parameter.rawValue, request.response == nil { return }
        guard !state.withLock({ $0.failed }) else { return }
        let snapshot = HistorySnapshot(request: request, result: result)
        let context = self.context
        queue.async {
            var exchange = HistoryExchange(snapshot, context: context)
            let kept = self.keepSpooledBody(of: snapshot, in: &exchange)
            self.write(exchange)
            if kept { self.trimKeptBodies() }
        }
    }

    /// A spooled body within the limit is copied, redacted, into the history's `bodies/`;
    /// returns whether it was. A copy that fails is told, and the exchange recorded without it.
    private func keepSpooledBody(of snapshot: HistorySnapshot, in exchange: inout HistoryExchange) -> Bool {
        // One past the total would be let go as soon as copied: not copied at all.
        let limit = min(context.spooledBodyLimit, context.spooledTotalLimit)
        guard limit > 0, let spooled = snapshot.spooled, spooled.count <= Int64(limit), let store = openedStore() else { return false }
        do {
            exchange.responseBodyFile = try store.keepBody(copying: spooled.url.path, contentType: exchange.contentType, scope: snapshot.scope)
            return true
        } catch {
            onFailure("the history keeps \(exchange.request)'s response without its body: \(Self.describe(error))")
            return false
        }
    }

    private func trimKeptBodies() {
        guard let store = state.withLock({ $0.failed ? nil : $0.store }) else { return }
        do {
            try store.trimKeptBodies(toTotal: context.spooledTotalLimit)
        } catch {
            onFailure("cannot let go of the history's oldest kept bodies: \(Self.describe(error))")
        }
    }

    /// Opens the database now, on the writer's queue, instead of at the first exchange, and
    /// returns once it is open (or its failure reported): a run opens it before its transfers
    /// take the process's file descriptors.
    package func openNow() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                _ = self.openedStore()
                continuation.resume()
            }
        }
    }

    /// Records an exchange built elsewhere.
    package func record(_ exchange: HistoryExchange) {
        queue.async { self.write(exchange) }
    }

    /// How many exchanges were written so far.
    package var recordedCount: Int { state.withLock { $0.recorded } }

    /// Whether recording stopped after a failure.
    package var hasFailed: Bool { state.withLock { $0.failed } }

    /// Waits until every exchange recorded so far is written, then prunes this workspace's
    /// history as `context.retention` says and closes the database: when it returns, the
    /// database is checkpointed and its write-ahead log and index are gone (SQLite removes
    /// them as the last connection closes), not left to close whenever the recorder is freed.
    /// A later write opens it again.
    package func finish() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                if let store = self.state.withLock({ $0.failed ? nil : $0.store }) {
                    do {
                        try store.prune(self.context.retention, workspacePath: self.context.workspacePath)
                        // Copies no exchange names (cut short by a crash) go too.
                        try store.sweepKeptBodies()
                    } catch {
                        self.fail("cannot prune the history in \(store.path): \(Self.describe(error))")
                    }
                }
                // The last reference: the database closes here, before the resume.
                self.state.withLock { $0.store = nil }
                continuation.resume()
            }
        }
    }

    /// Runs `body` with the database on the writer's queue — after every exchange recorded
    /// so far is written — and hands its result to `deliver` there; nothing when the
    /// database cannot be opened (that is reported once, as for writes). An error `body`
    /// throws goes to `onFailure` without stopping the recording.
    package func read<T: Sendable>(_ body: @escaping @Sendable (HistoryStore) throws -> T, deliver: @escaping @Sendable (T) -> Void) {
        queue.async {
            guard let store = self.openedStore() else { return }
            do {
                deliver(try body(store))
            } catch {
                // A failed read (or export) is told, but recording goes on.
                self.onFailure("\(Self.describe(error))")
            }
        }
    }

    private func openedStore() -> HistoryStore? {
        if let opened = state.withLock({ $0.failed ? nil : $0.store }) { return opened }
        guard !state.withLock({ $0.failed }) else { return nil }
        do {
            let store = try open()
            state.withLock { $0.store = store }
            return store
        } catch {
            fail("cannot open the history database: \(Self.describe(error)); this run is not recorded")
            return nil
        }
    }

    private func write(_ exchange: HistoryExchange) {
        guard let store = openedStore() else { return }
        do {
            try store.insert(exchange)
            state.withLock { $0.recorded += 1 }
        } catch {
            fail("cannot write to the history database \(store.path): \(Self.describe(error)); the rest of this run is not recorded")
        }
    }

    private func fail(_ message: String) {
        let first = state.withLock { state -> Bool in
            defer { state.failed = true }
            return !state.failed
        }
        if first { onFailure(message) }
    }

    package static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }
}
