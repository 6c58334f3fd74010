import Foundation

/// Runs CPU-heavy synchronous test work (parsing tens of MiB) on a thread of its own and hands
/// back its result: on the cooperative pool — two threads on this machine — it would hold a
/// thread for seconds, and tests running beside it whose tasks wait for the pool (a WebSocket
/// session's deadline, its close) stalled past their bounds. Assert on the result afterwards,
/// in the test's task: an expectation recorded on another thread belongs to no test.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
