#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names and which version of it: device, inode, size and change times.
/// A cache entry rewritten (a new file renamed over it), touched, truncated or deleted by
/// any process gets another signature, or none.
struct FileSignature: Sendable, Hashable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: Int64
    let changed: Int64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_ctim.tv_nsec)
    }

    /// The signature of the regular file `name` in the directory open as `directory` now
    /// (one path component to resolve, not the whole path); nil when there is none.
    static func of(_ name: String, in directory: Int32) -> FileSignature? {
        var info = stat()
        guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG
        else { return nil }
        return FileSignature(info)
    }

    /// The signature of the regular file at `path` now; nil when there is none.
    static func of(_ path: String) -> FileSignature? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileSignature(info)
    }
}

/// The signatures of both files of an entry.
struct EntrySignatures: Sendable, Hashable {
    let data: FileSignature
    let metadata: FileSignature
}
