import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Files that hold responses, history and partial downloads are the user's alone: 0600 in
/// 0700 directories. One found looser — made by an older version, a umask, a copy — is
/// tightened when Courier next uses it, as long as the user owns it.
public enum OwnerOnly {
    /// Creates `path` (and missing parents) as 0700, or tightens it when it is already there.
    public static func makeDirectory(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        tighten(path)
    }

    /// Takes group and other permissions off `path` (a file or a directory) when it has any
    /// and belongs to this user; true when it is now owner-only.
    @discardableResult
    public static func tighten(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFLNK else { return false }
        guard info.st_mode & 0o077 != 0 else { return true }
        guard info.st_uid == geteuid() else { return false }
        return chmod(path, info.st_mode & 0o700) == 0
    }

    /// Makes sure `path` is a regular file of this user's, 0600 — created so when missing and
    /// possible (a read-only folder is left to the file's reader) — without ever following a
    /// symbolic link: a link there (pointing at a system file, say) would otherwise have its
    /// target's mode changed. `companions` are suffixes of files opened beside it (SQLite's
    /// `-journal`, `-wal`), refused as links too.
    public static func prepareFile(_ path: String, companions: [String] = []) throws(OwnerOnlyError) {
        for candidate in [path] + companions.map({ path + $0 }) {
            var info = stat()
            if lstat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
                throw OwnerOnlyError(path: candidate, "is a symbolic link; Courier does not follow links to the files it keeps "
                                        + "(it would change the mode of the file the link points to). Remove the link, "
                                        + "or point Courier at the real directory")
            }
        }
        // Created, looked at and tightened without being opened: closing any descriptor of a
        // file drops every POSIX lock this process holds on it — an SQLite database's, of a
        // connection already open on it (SQLite's "How To Corrupt An SQLite Database File", 2.2).
        if mknod(path, S_IFREG | 0o600, 0) != 0, errno != EEXIST {
            // Read-only or missing folders: whoever opens the file next says what it can do.
            return
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw OwnerOnlyError(path: path, "is a symbolic link; Courier does not follow it")
        default: throw OwnerOnlyError(path: path, "is not a regular file")
        }
        guard info.st_mode & 0o077 != 0, info.st_uid == geteuid() else { return }
        // Never through a link put there since (glibc refuses one with AT_SYMLINK_NOFOLLOW;
        // without /proc it cannot tell, and the path is changed as lstat saw it).
        if fchmodat(AT_FDCWD, path, 0o600, AT_SYMLINK_NOFOLLOW) != 0, errno != EOPNOTSUPP { chmod(path, 0o600) }
    }
}

extension OwnerOnly {
    /// Replaces `path` with `data`: a new 0600 sibling, written whole, renamed over it. A link
    /// at `path` is replaced, never followed (its target is left as it was).
    public static func replaceFile(_ path: String, with data: Data) throws(OwnerOnlyError) {
        let temporary = path + ".\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw OwnerOnlyError(path: temporary, "cannot be created: \(String(cString: strerror(errno)))") }
        let failure = data.withUnsafeBytes { writeAll($0, to: descriptor) }
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw OwnerOnlyError(path: path, "cannot be written: \(String(cString: strerror(failure)))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw OwnerOnlyError(path: path, "cannot be replaced: \(reason)")
        }
    }
}

/// A file Courier keeps (history, cache, cookies) that it will not use as it is.
public struct OwnerOnlyError: Error, CustomStringConvertible, Sendable {
    /// The file or directory.
    public var path: String
    /// What is wrong with it, as the rest of a sentence that starts with the path: `is a
    /// symbolic link; Courier does not follow it`, `is not a regular file`.
    public var reason: String

    init(path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path) \(reason)" }
}
