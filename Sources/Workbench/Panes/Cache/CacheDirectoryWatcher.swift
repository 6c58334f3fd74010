import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tells the Cache pane when its directory changes on disk — another `courier`, a `courier
/// cache purge`, a file removed by hand — through inotify, on a thread of its own that posts
/// ``EngineUpdate/cacheWritten`` to the mailbox. A burst of changes (a batch writing a hundred
/// entries) is one post: changes within `settle` of the first are drained with it.
final class CacheDirectoryWatcher: @unchecked Sendable {
    /// The directory watched.
    let directory: String
    private let notify: Int32
    /// Written to stop the thread; its read end joins the thread's `poll`.
    private let stopPipe: (read: Int32, write: Int32)
    private let thread: Thread

    /// Watches `directory` (nil when inotify cannot: no such directory yet, no descriptors).
    init?(directory: String, mailbox: Mailbox, settle: TimeInterval = 0.1) {
        self.directory = directory
        let notify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard notify >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE)
        var pipeEnds: [Int32] = [0, 0]
        guard inotify_add_watch(notify, directory, mask) >= 0, pipe(&pipeEnds) == 0 else {
            close(notify)
            return nil
        }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        self.notify = notify
        stopPipe = (pipeEnds[0], pipeEnds[1])
        let stopRead = pipeEnds[0]
        thread = Thread {
            Self.watch(notify: notify, stop: stopRead, mailbox: mailbox, settle: settle)
            close(notify)
            close(stopRead)
        }
        thread.name = "courier.cache-watcher"
        thread.start()
    }

    deinit {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        close(stopPipe.write)
    }

    /// Waits for changes until the stop pipe is written; posts one update per burst.
    private static func watch(notify: Int32, stop: Int32, mailbox: Mailbox, settle: TimeInterval) {
        var descriptors = [pollfd(fd: notify, events: Int16(POLLIN), revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
        while true {
            guard poll(&descriptors, 2, -1) >= 0 || errno == EINTR else { return }
            if descriptors[1].revents != 0 { return }
            guard descriptors[0].revents != 0 else { continue }
            drain(notify)
            // Let a burst finish, then take it as one change.
            var quiet = [pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
            if poll(&quiet, 1, Int32(settle * 1000)) > 0 { return }
            drain(notify)
            mailbox.post(.cacheWritten)
        }
    }

    private static func drain(_ notify: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(notify, &buffer, buffer.count) > 0 {}
    }
}
