import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A cache directory held open, so that checking a kept entry's files resolves one path
/// component instead of the whole path. The handle is checked against the path at most every
/// tenth of a second: a directory moved away and replaced by another is let go of then.
final class CacheDirectoryHandle: Sendable {
    let path: String
    let descriptor: Int32
    private let identity: (device: UInt64, inode: UInt64)
    /// Uptime in nanoseconds when the path last led to this directory.
    private let checkedAt: Atomic<UInt64>
    static let recheckInterval: UInt64 = 100_000_000

    /// Opens `path`; nil when it is not a directory that can be opened.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            return nil
        }
        self.path = path
        self.descriptor = descriptor
        identity = (UInt64(info.st_dev), UInt64(info.st_ino))
        checkedAt = Atomic(DispatchTime.now().uptimeNanoseconds)
    }

    deinit { close(descriptor) }

    /// Whether the path still leads to this directory (checked again once the interval passed).
    var isCurrent: Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        guard now &- checkedAt.load(ordering: .relaxed) > Self.recheckInterval else { return true }
        var info = stat()
        guard stat(path, &info) == 0, UInt64(info.st_dev) == identity.device, UInt64(info.st_ino) == identity.inode
        else { return false }
        checkedAt.store(now, ordering: .relaxed)
        return true
    }
}
