#if canImport(Glibc)
@preconcurrency import Glibc  // stdout, before any module that imports it
#endif
import Dispatch
import Foundation
import Synchronization

/// Ctrl-C and SIGTERM for a command that stops cleanly (`courier run`, `mock`, `record`): the
/// first calls the handler with the signal; a second ends the process at once with 128 + the
/// signal, standard output flushed.
final class StopSignals: Sendable {
    private let state = Mutex<(sources: [DispatchSourceSignal], received: Int32?)>(([], nil))
    /// Those waited for by ``wait()``: kept, so that a second signal still ends the process
    /// after the wait returned.
    private static let kept = Mutex<[StopSignals]>([])

    /// The first signal received, if one was.
    var received: Int32? { state.withLock { $0.received } }

    /// Takes SIGINT and SIGTERM from now on: `first` hears the first of them.
    func install(_ first: @escaping @Sendable (Int32) -> Void) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                let isFirst = state.withLock { state -> Bool in
                    defer { state.received = state.received ?? number }
                    return state.received == nil
                }
                guard isFirst else {
                    fflush(stdout)
                    exit(128 + number)
                }
                first(number)
            }
            source.resume()
            state.withLock { $0.sources.append(source) }
        }
    }

    /// Waits for Ctrl-C or SIGTERM; returns which.
    static func wait() async -> Int32 {
        let signals = StopSignals()
        kept.withLock { $0.append(signals) }
        return await withCheckedContinuation { continuation in signals.install { continuation.resume(returning: $0) } }
    }
}
