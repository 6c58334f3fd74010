import Dispatch
import Synchronization

/// What `{{demo}}`, `{{demoWS}}` and the `{{demoTLS}}` family are, for a demo server that may
/// still be starting in another process. The workbench picks its demo server's port, draws its
/// first screen, then starts the server in a child process (``launch()``; sooner if something
/// needs it): `{{demo}}` is known at once, the TLS listeners' addresses once the child says
/// them (it makes a CA and keys first; a template naming one waits for them, at most
/// ``waitLimit``), and a request waits for the plain listener with ``waitUntilListening()``.
public final class DemoServerAddresses: Sendable {
    private struct State {
        var baseURL: String?
        var tls: DemoTLSVariables?
        var listening: Bool
        var tlsKnown: Bool
        var noticeObservers: [@Sendable (String) -> Void] = []
        /// What was said before an observer came, for observers that come later.
        var notices: [String] = []
    }

    private let state: Mutex<State>
    private let listeningNow = DispatchGroup()
    private let tlsKnown = DispatchGroup()
    /// Starts the server; taken by the first ``launch()``.
    private let launcher: Mutex<(@Sendable (DemoServerAddresses) -> Void)?>

    /// How long a request or a lookup waits for a server that has not answered yet.
    public static let waitLimit: DispatchTimeInterval = .seconds(30)

    /// A server listening now.
    public init(baseURL: String, tls: DemoTLSVariables?) {
        state = Mutex(State(baseURL: baseURL, tls: tls, listening: true, tlsKnown: true))
        launcher = Mutex(nil)
    }

    /// A server to be started at `baseURL` by `launch`: ``listening()`` and
    /// ``tlsListening(_:notice:)`` (or ``failed(_:)``) say when it is up.
    public init(startingAt baseURL: String, launch: @escaping @Sendable (DemoServerAddresses) -> Void) {
        state = Mutex(State(baseURL: baseURL, listening: false, tlsKnown: false))
        launcher = Mutex(launch)
        listeningNow.enter()
        tlsKnown.enter()
    }

    /// Starts the server, the first time only: after the first screen, or when a request or a
    /// template needs it.
    public func launch() {
        let launch = launcher.withLock { launcher in
            defer { launcher = nil }
            return launcher
        }
        launch?(self)
    }

    /// Something the user should know before the server answers (that it is not on its usual
    /// port), said like the notices that follow.
    public func say(_ notice: String) {
        update(notice) { _ in [] }
    }

    /// The plain listener is up.
    public func listening() {
        update(nil) { state in
            guard !state.listening else { return [] }
            state.listening = true
            return [listeningNow]
        }
    }

    /// The TLS listeners are up (nil: they did not start, and `notice` says why).
    public func tlsListening(_ tls: DemoTLSVariables?, notice: String?) {
        update(notice) { state in
            guard !state.tlsKnown else { return [] }
            state.tls = tls
            state.tlsKnown = true
            return [tlsKnown]
        }
    }

    /// The server did not start, or stopped answering before it was up: `{{demo}}` is unknown
    /// from now on.
    public func failed(_ why: String) {
        update("the demo server did not start: \(why)") { state in
            var released: [DispatchGroup] = []
            state.baseURL = nil
            if !state.listening { state.listening = true; released.append(listeningNow) }
            if !state.tlsKnown { state.tlsKnown = true; released.append(tlsKnown) }
            return released
        }
    }

    /// Calls `body` with each sentence the user should know about the server: those said
    /// already, now, and the rest as they are said.
    public func onNotice(_ body: @escaping @Sendable (String) -> Void) {
        let said = state.withLock { state in
            state.noticeObservers.append(body)
            return state.notices
        }
        said.forEach(body)
    }

    /// The plain listener's URL, `http://127.0.0.1:PORT`; nil when the server did not start.
    public var baseURL: String? {
        state.withLock { $0.baseURL }
    }

    /// Returns once the plain listener is up (or the server failed), at most ``waitLimit``.
    public func waitUntilListening() {
        launch()
        if !state.withLock({ $0.listening }) { _ = listeningNow.wait(timeout: .now() + Self.waitLimit) }
    }

    /// Whether the TLS listeners' addresses are still to come (``tls`` would wait for them).
    public var tlsPending: Bool {
        !state.withLock { $0.tlsKnown }
    }

    /// The TLS listeners, waiting for them; nil when they, or the server, did not start.
    public var tls: DemoTLSVariables? {
        launch()
        if !state.withLock({ $0.tlsKnown }) { _ = tlsKnown.wait(timeout: .now() + Self.waitLimit) }
        return state.withLock { $0.tls }
    }

    /// Applies `change` (which returns the waits it ends) and says `notice`.
    private func update(_ notice: String?, _ change: (inout State) -> [DispatchGroup]) {
        let (released, observers) = state.withLock { state in
            let released = change(&state)
            guard let notice else { return (released, [@Sendable (String) -> Void]()) }
            state.notices.append(notice)
            return (released, state.noticeObservers)
        }
        released.forEach { $0.leave() }
        if let notice { observers.forEach { $0(notice) } }
    }
}
