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

    /// Writes `jar` now if its cookies changed since the last write, after any write due:
    /// merged with what other jars wrote to the file meanwhile (``CookieFile/merge(_:since:into:)``).
    /// A jar grown past ``CookieLimits`` (a server setting cookies of new names on every
    /// response) first drops those expiring soonest, and says so.
    func writeIfChanged(_ jar: CookieJar) throws(CookieJarError) {
        var cookies = jar.cookies
        var problems: [CookieJarError] = []
        if cookies.count > CookieLimits.perDomain {
            var selection = CookieSelection()
            for cookie in cookies { selection.insert(cookie) }
            let kept = selection.finish()
            if selection.dropped > 0 {
                let keys = Set(kept.map(Cookie.Key.init))
                jar.drop(cookies.filter { !keys.contains(Cookie.Key($0)) })
                cookies = kept
                problems.append(CookieFile.droppedProblem(selection.dropped, in: path))
            }
        }
        defer { for problem in problems { onFailure?(problem) } }
        let current = Set(cookies)
        guard let base = state.withLock({ $0.written == current ? nil : $0.written ?? [] }) else { return }
        problems += try CookieFile.merge(cookies, since: base, into: path)
        state.withLock { $0.written = current }
    }

    /// The jar's cookies as its file held them when it was read.
    func remember(written: Set<Cookie>) {
        state.withLock { $0.written = written }
    }

    /// Returns once the writes scheduled so far are done.
    func waitUntilWritten() { queue.sync {} }
}
