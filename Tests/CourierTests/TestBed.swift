import Courier
import Dispatch
import Foundation
import Synchronization

/// A demo server and an agent of their own, for one test.
struct TestBed {
    let server: TestDemoServer
    let config: NetworkConfig
    let agent: NetworkAgent

    /// A request to `path` on this bed's server, sent by this bed's agent.
    func request(_ path: String, method: HTTPMethod = .get, arguments: JSONValue? = nil,
                 headers: [String: String]? = nil,
                 _ configure: (inout ConfigurableRequest.Definition) -> Void = { _ in }) -> ConfigurableRequest {
        let request = ConfigurableRequest(path, method: method, arguments: arguments, headers: headers)
        configure(&request.definition)
        request.agent = agent
        return request
    }

    /// A fresh counter name, so that tests running at once never share one.
    func uniqueName(_ prefix: String) -> String { "\(prefix)-\(UUID().uuidString.prefix(8))" }

    /// The server-side count of `/counter/name`, read without incrementing it.
    func counterValue(_ name: String) async throws -> Int {
        let peek = request("/counter/\(name)/peek")
        try await peek.run()
        return peek.responseJSON?["count"]?.intValue ?? -1
    }
}

/// Runs `body` with a fresh loopback demo server and agent; stops the server afterwards.
func withTestBed<T>(_ configure: (NetworkConfig) -> Void = { _ in },
                    _ body: (TestBed) async throws -> T) async throws -> T {
    let server = try await TestDemoServer.start()
    let config = NetworkConfig()
    config.baseURL = server.baseURL
    config.proxy = .none
    configure(config)
    let bed = TestBed(server: server, config: config, agent: NetworkAgent(config: config))
    do {
        let result = try await body(bed)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// Records lifecycle events from accessories, delegates and closures, in order.
final class EventLog: RequestAccessory, RequestDelegate, Sendable {
    private typealias Waiter = (count: Int, continuation: CheckedContinuation<Void, Never>)
    private let state = Mutex<(entries: [String], waiters: [Waiter])>(([], []))

    var events: [String] { state.withLock { $0.entries } }

    func record(_ event: String) {
        let ready = state.withLock { state in
            state.entries.append(event)
            let total = state.entries.count
            defer { state.waiters.removeAll { $0.count <= total } }
            return state.waiters.filter { $0.count <= total }.map(\.continuation)
        }
        ready.forEach { $0.resume() }
    }

    func count(of event: String) -> Int { events.filter { $0 == event }.count }

    /// Suspends until at least `count` events were recorded.
    func waitForEvents(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let enough = state.withLock { state -> Bool in
                if state.entries.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if enough { continuation.resume() }
        }
    }

    func requestWillStart(_ subject: AnyObject) { record("accessory.willStart") }
    func requestWillStop(_ subject: AnyObject) { record("accessory.willStop") }
    func requestDidStop(_ subject: AnyObject) { record("accessory.didStop") }
    func requestFinished(_ request: Request) { record("delegate.finished") }
    func requestFailed(_ request: Request) { record("delegate.failed") }
}

/// Resumes a waiter once `requestDidStop` fires: the last callback of a run.
final class DidStopSignal: RequestAccessory, Sendable {
    private let state = Mutex<(fired: Bool, continuation: CheckedContinuation<Void, Never>?)>((false, nil))

    func requestDidStop(_ subject: AnyObject) {
        let continuation = state.withLock { state in
            state.fired = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume()
    }

    /// Returns once didStop has fired (at once if it already has).
    func wait() async {
        await withCheckedContinuation { continuation in
            let fired = state.withLock { state -> Bool in
                if state.fired { return true }
                state.continuation = continuation
                return false
            }
            if fired { continuation.resume() }
        }
    }
}
