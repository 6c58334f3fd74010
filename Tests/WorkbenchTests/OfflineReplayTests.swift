import CourierDemoServer
import Foundation
import Glibc
import Testing
@testable import Workbench

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
        // On ::1, where no other test listens: once the server stops, its port is free for the
        // counting listener and cannot be taken meanwhile by another test's server (127.0.0.1).
        let server = try await DemoServer.start(host: "::1")
        let baseURL = server.baseURL
        let online = await run(["get-args", "cities", "checkout", "server-error"], baseURL: baseURL, cache: cache, state: state, offline: false)
        #expect(online.status == 1)   // server-error is meant to fail
        let port = server.port
        await server.stop()

        let counter = try ConnectionCounter(port: port)
        defer { counter.stop() }
        let offline = await run(["get-args", "cities", "checkout", "server-error"], baseURL: baseURL, cache: cache, state: state, offline: true)
        let lines = try Workbench_jsonLines(offline.output)
        let results = lines.filter { $0["name"] != nil }
        #expect(results.map { $0["name"] as? String } == ["get-args", "cities", "login", "profile", "orders", "checkout-order", "vip-offer", "server-error"])
        let byName = Dictionary(results.map { ($0["name"] as! String, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byName["cities"]?["fromCache"] as? Bool == true)
        #expect(byName["get-args"]?["fromHistory"] is Int)
        #expect(byName["get-args"]?["status"] as? Int == 200)
        #expect(byName["checkout-order"]?["ok"] as? Bool == true, "\(results.map { ($0["name"] ?? "", $0["error"] ?? "", $0["url"] ?? "") })")
        #expect(byName["vip-offer"]?["skipped"] as? Bool == true)   // the chain's conditions read the replayed captures
        let replayedFailure = try #require(byName["server-error"]?["error"] as? [String: Any])
        #expect(replayedFailure["code"] as? Int == -8)   // replayed as it happened
        #expect(offline.status == 1)
        #expect(counter.accepted == 0)
        // Offline runs are not recorded.
        let recorded = try HistoryStore(stateDirectory: state).exchanges().map(\.request)
        #expect(recorded.count == 7, "\(recorded)")

        // A request that was never sent has no answer: a parameter error that says why.
        let never = await run(["created"], baseURL: baseURL, cache: cache, state: state, offline: true)
        let error = try #require(try Workbench_jsonLines(never.output).first?["error"] as? [String: Any])
        #expect(error["family"] as? String == "parameter")
        #expect(error["code"] as? Int == -12)
        let message = try #require(error["message"] as? String)
        #expect(message.contains("no exchange in history for GET \(baseURL)/status/201"))
        #expect(message.contains("not cached") || message.contains("not in the cache"))
        #expect(counter.accepted == 0)
    }
}

/// A TCP listener on [::1]:port that accepts and counts connections, closing each.
final class ConnectionCounter: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var count = 0
    private var thread: Thread?

    init(port: Int) throws {
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = in_port_t(UInt16(port).bigEndian)
        address.sin6_addr = in6addr_loopback
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        let thread = Thread { [weak self] in
            while true {
                let client = accept(descriptor, nil, nil)
                if client < 0 { return }
                self?.lock.withLock { self?.count += 1 }
                close(client)
            }
        }
        self.thread = thread
        thread.start()
    }

    var accepted: Int { lock.withLock { count } }

    func stop() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }
}
