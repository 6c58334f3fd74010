import Foundation

/// Runs blocking synchronous test work — parsing tens of MiB, waiting for a child process — on
/// a thread of its own and hands back its result: on the cooperative pool — two threads on this
/// machine — it would hold a thread for seconds, and tests running beside it whose tasks wait
/// for the pool (a WebSocket session's deadline, its close) stalled past their bounds. A child
/// that talks to a server in this process (the demo server's handlers run on the pool) could
/// wait for a thread its own wait holds: copy-as-code's Swift program timed out after 60 s so,
/// with every test around it stalled as long, and a scripted transfer's task once waited 30 s for
/// a thread while two tests ran Chromium and the binary. Assert on the result afterwards,
/// in the test's task: an expectation recorded on another thread belongs to no test.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
