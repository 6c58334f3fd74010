import Dispatch
import Synchronization

/// Keeps a jar's file up to date: after a transfer that used the jar, the jar is written on a
/// queue of its own (never the transport thread or a callback queue) when its cookies differ
/// from what was last written; transfers ending meanwhile share one write.
final class CookieAutosave: Sendable {
    let path: String
    private let onFailure: (@Sendable (CookieJarError) -> Void)?
    private let queue = DispatchQueue(label: "courier.cookies.save")
    private struct State {
        var scheduled = false
        var written: Set<Cookie>?
    }
    private let state = Mutex(State())

    init(path: String, written: Set<Cookie>, onFailure: (@Sendable (CookieJarError) -> Void)?) {
        self.path = path
        self.onFailure = onFailure
        state.withLock { $0.written = written }
    }

    /// Writes `jar` soon, unless a write is already due.
    func schedule(_ jar: CookieJar) {
        let due = state.withLock { state in
            defer { state.scheduled = true }
            return state.scheduled
        }
        guard !due else { return }
        queue.async {
            self.state.withLock { $0.scheduled = false }
            do throws(CookieJarError) { try self.writeIfChanged(jar) } catch { self.onFailure?(error) }
        }
    }

    /// Writes `jar` now if its cookies changed since the last write, after any write due.
    func writeIfChanged(_ jar: CookieJar) throws(CookieJarError) {
        let cookies = Set(jar.cookies)
        guard state.withLock({ $0.written != cookies }) else { return }
        try jar.save(to: path)
        state.withLock { $0.written = cookies }
    }

    /// Returns once the writes scheduled so far are done.
    func waitUntilWritten() { queue.sync {} }
}
