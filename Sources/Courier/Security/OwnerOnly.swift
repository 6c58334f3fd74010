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
}
