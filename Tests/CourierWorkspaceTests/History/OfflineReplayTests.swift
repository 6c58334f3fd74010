@testable import CourierChecks
import CourierDemoServer
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
@testable import CourierWorkspace
import Foundation
import Glibc
import Testing

/// `courier run --offline`: a run answered from the cache and the history while a listener on
/// the demo server's port counts every connection — and sees none.
@Suite struct OfflineReplayTests {
    let demo = repositoryRoot + "/workspaces/demo.yaml"

    private func run(_ names: [String], baseURL: String, cache: String, state: String, offline: Bool) async -> RunCapture {
        var run = HeadlessRun(workspacePath: demo, names: names)
        run.cacheDirectory = cache
        run.stateDirectory = state
        run.json = true
        run.offline = offline
        run.offlineDemoURL = baseURL
        var output: [String] = []
        var errors: [String] = []
        let status = await run.run(startDemoServer: { DemoServerHandle(baseURL: baseURL, stop: {}) },
                                   output: { output.append($0) }, errors: { errors.append($0) })
        return RunCapture(status: status, output: output, errors: errors)
    }

    @Test func anOfflineRunIsAnsweredFromTheCacheAndTheHistoryWithoutAConnection() async throws {
        let cache = temporaryDirectory("courier-cache")
        let state = temporaryDirectory("courier-state")
        // The runs reach the demo server through a proxy that counts connections: the online
        // run is forwarded, and for the offline one the server is gone and the proxy only
        // counts. The URL (part of every cache key and history row) stays the same.
        let server = try await DemoServer.start()
        let proxy = try CountingProxy(upstreamPort: server.port)
        defer { proxy.stop() }
        let baseURL = "http://127.0.0.1:\(proxy.port)"
        let online = await run(["get-args", "cities", "checkout", "server-error"], baseURL: baseURL, cache: cache, state: state, offline: false)
        expectEqual(online.status, 1)   // server-error is meant to fail
        #expect(proxy.accepted > 0, "the online run went through the proxy")
        await server.stop()
        let connectionsOnline = proxy.accepted

        let offline = await run(["get-args", "cities", "checkout", "server-error"], baseURL: baseURL, cache: cache, state: state, offline: true)
        let lines = try Workbench_jsonLines(offline.output)
        let results = lines.filter { $0["name"] != nil }
        #expect(results.map { $0["name"] as? String } == ["get-args", "cities", "login", "profile", "orders", "checkout-order", "vip-offer", "server-error"])
        let byName = Dictionary(results.map { ($0["name"] as! String, $0) }, uniquingKeysWith: { a, _ in a })
        expectEqual(byName["cities"]?["fromCache"] as? Bool, true)
        #expect(byName["get-args"]?["fromHistory"] is Int)
        expectEqual(byName["get-args"]?["status"] as? Int, 200)
        #expect(byName["checkout-order"]?["ok"] as? Bool == true, "\(results.map { ($0["name"] ?? "", $0["error"] ?? "", $0["url"] ?? "") })")
        expectEqual(byName["vip-offer"]?["skipped"] as? Bool, true)   // the chain's conditions read the replayed captures
        let replayedFailure = try #require(byName["server-error"]?["error"] as? [String: Any])
        expectEqual(replayedFailure["code"] as? Int, -8)   // replayed as it happened
        expectEqual(offline.status, 1)
        #expect(proxy.accepted == connectionsOnline, "the offline run opened no connection")
        // Offline runs are not recorded.
        let recorded = try HistoryStore(stateDirectory: state).exchanges().map(\.request)
        #expect(recorded.count == 7, "\(recorded)")

        // A request that was never sent has no answer: a parameter error that says why.
        let never = await run(["created"], baseURL: baseURL, cache: cache, state: state, offline: true)
        let error = try #require(try Workbench_jsonLines(never.output).first?["error"] as? [String: Any])
        expectEqual(error["family"] as? String, "parameter")
        expectEqual(error["code"] as? Int, -12)
        let message = try #require(error["message"] as? String)
        #expect(message.contains("no exchange in history for GET \(baseURL)/status/201"))
        #expect(message.contains("not cached") || message.contains("not in the cache"))
        expectEqual(proxy.accepted, connectionsOnline)
    }
}

/// A TCP proxy on a free 127.0.0.1 port that counts the connections it accepts and forwards
/// each to `upstreamPort` (closing it when the upstream is gone).
final class CountingProxy: @unchecked Sendable {
    let port: Int
    private let listener: LoopbackListener
    private let count = Counter()

    /// A count shared by threads (an NSLock: with -DCOURIER_TSAN, `@testable import
    /// Workbench` brings a second `Mutex` into scope).
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        /// Adds one; returns the new count.
        @discardableResult
        func increment() -> Int { lock.withLock { count += 1; return count } }
        var value: Int { lock.withLock { count } }
    }

    init(upstreamPort: Int) throws {
        listener = try LoopbackListener(backlog: 64)
        port = listener.port
        let (listener, count) = (listener, count)
        Thread {
            while let client = listener.accept() {
                count.increment()
                Self.forward(client, to: upstreamPort)
            }
            listener.closeWhenDone()
        }.start()
    }

    var accepted: Int { count.value }

    func stop() {
        listener.stop()
    }

    /// Pumps bytes both ways on two threads until either side closes.
    private static func forward(_ client: Int32, to upstreamPort: Int) {
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = LoopbackPorts.address(port: upstreamPort)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(upstream)
            close(client)
            return
        }
        let done = Counter()
        for (from, to) in [(client, upstream), (upstream, client)] {
            Thread {
                var buffer = [UInt8](repeating: 0, count: 16_384)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(from, $0.baseAddress, $0.count) }
                    if count <= 0 { break }
                    let written = buffer.withUnsafeBytes { write(to, $0.baseAddress, count) }
                    if written != count { break }
                }
                shutdown(to, Int32(SHUT_WR))
                if done.increment() == 2 {
                    close(client)
                    close(upstream)
                }
            }.start()
        }
    }
}
