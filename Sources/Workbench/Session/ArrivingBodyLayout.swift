import Foundation
import Synchronization

/// A body spooled to a file, shown while it arrives: the file's bytes so far are laid out again
/// each time the transfer has doubled them (from 64 KiB), so that the first screen follows the
/// headers by a fraction of a second and all the passes together read the file at most twice.
/// Each pass is one background layout, started on the input loop from the engine's progress news
/// and at each tick (passes then follow one another while the file keeps doubling); when the
/// transfer ends, the whole file is laid out as any spooled body is, and its first lines do not
/// replace the longer prefix on screen until they pass it.
final class ArrivingBodyLayout: Sendable {
    /// The first pass waits for this many bytes (a screen of any body).
    static let firstPassBytes: Int64 = 64 * 1024
    /// Passes up to this many bytes run at nice 5 and make the first screens quickly; longer
    /// ones only on a core nothing else wants.
    static let screenfulPassBytes: Int64 = 4 * 1024 * 1024

    let file: URL
    let ticket = LayoutTicket()
    private let state = Mutex(State())

    private struct State {
        var isRunning = false
        var laidOutBytes: Int64 = 0
    }

    init(file: URL) {
        self.file = file
    }

    /// Whether a pass should start now, the file holding `fileSize` bytes; if so, it is marked running.
    func claimPass(fileSize: Int64) -> Bool {
        state.withLock { state in
            guard !state.isRunning, !ticket.isCancelled, fileSize >= max(Self.firstPassBytes, state.laidOutBytes * 2) else { return false }
            state.isRunning = true
            return true
        }
    }

    /// A pass over `bytes` bytes ended.
    func passEnded(bytes: Int64) {
        state.withLock { state in
            state.isRunning = false
            state.laidOutBytes = max(state.laidOutBytes, bytes)
        }
    }
}
