import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of one cache directory: `<name>` (the body) and `<name>.metadata` beside it,
/// plus `.lock`, which writers hold exclusively and readers shared, so a reader always sees
/// a data file and a metadata file from the same write. Directories are created 0700,
/// files 0600; each file is written to a temporary file in the same directory and renamed.
struct CacheFiles: Sendable {
    let directory: String

    static let metadataSuffix = ".metadata"
    static let temporarySuffix = ".tmp"
    private static let lockName = ".lock"

    func dataPath(_ name: String) -> String { directory + "/" + name }
    func metadataPath(_ name: String) -> String { directory + "/" + name + Self.metadataSuffix }

    // MARK: - Writing

    /// Writes both files of an entry. The slow part (writing the bodies) happens outside the
    /// lock; under it, the two renames, so the pair always matches.
    /// Returns the signatures of the two files as written (taken under the lock, so no other
    /// writer's files).
    @discardableResult
    func write(name: String, data: Data, metadata: Data) throws(CacheStoreError) -> EntrySignatures? {
        try Self.makeDirectory(directory)
        let dataTemporary = try writeTemporary(data, for: name)
        let metadataTemporary: String
        do {
            metadataTemporary = try writeTemporary(metadata, for: name + Self.metadataSuffix)
        } catch {
            unlink(dataTemporary)
            throw error
        }
        let renamed = withLock(exclusive: true) { () -> Result<EntrySignatures?, CacheStoreError> in
            if rename(dataTemporary, dataPath(name)) != 0 || rename(metadataTemporary, metadataPath(name)) != 0 {
                return .failure(CacheStoreError("cannot move the entry \(name) into place", errno: errno))
            }
            guard let data = FileSignature.of(dataPath(name)), let metadata = FileSignature.of(metadataPath(name))
            else { return .success(nil) }
            return .success(EntrySignatures(data: data, metadata: metadata))
        }
        switch renamed {
        case .success(let signatures):
            return signatures
        case .failure(let error):
            unlink(dataTemporary)
            unlink(metadataTemporary)
            throw error
        }
    }

    private func writeTemporary(_ bytes: Data, for target: String) throws(CacheStoreError) -> String {
        let path = "\(directory)/.\(target).\(UUID().uuidString)\(Self.temporarySuffix)"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CacheStoreError("cannot create \(path)", errno: errno) }
        defer { close(fd) }
        fchmod(fd, 0o600)
        let failure = bytes.withUnsafeBytes { writeAll($0, to: fd) }
        if let failure {
            unlink(path)
            throw CacheStoreError("cannot write \(path)", errno: failure)
        }
        return path
    }

    /// Creates `path` and any missing parents with mode 0700; an existing `path` is tightened
    /// to 0700, but never a parent that was already there (`/tmp`, a home folder: other users'
    /// and programs' business).
    static func makeDirectory(_ path: String, tighteningExisting: Bool = true) throws(CacheStoreError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw CacheStoreError("\(path) exists and is not a directory") }
            if tighteningExisting { OwnerOnly.tighten(path) }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try makeDirectory(parent, tighteningExisting: false) }
        if mkdir(path, 0o700) == 0 {
            chmod(path, 0o700)
        } else if errno != EEXIST {
            throw CacheStoreError("cannot create the directory \(path)", errno: errno)
        }
    }

    // MARK: - Reading and removing

    /// Holds the directory's lock around `body`: shared for readers, exclusive for writers.
    /// When the lock file cannot be opened (no directory yet, or a read-only one), or is not
    /// a regular file (a FIFO there would block the open forever, a symbolic link lead
    /// elsewhere), `body` runs unlocked; loads still verify the body against its metadata.
    func withLock<T>(exclusive: Bool, _ body: () throws -> T) rethrows -> T {
        let path = directory + "/" + Self.lockName
        let fd = open(path, (exclusive ? O_RDWR : O_RDONLY) | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else { return try body() }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return try body() }
        while flock(fd, exclusive ? LOCK_EX : LOCK_SH) != 0, errno == EINTR {}
        return try body()
    }

    func read(_ path: String) -> Data? {
        readSigned(path)?.data
    }

    /// The bytes of the regular file at `path` and the signature of the file they came from.
    func readSigned(_ path: String) -> (data: Data, signature: FileSignature)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var data = Data(count: Int(info.st_size))
        var filled = 0
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            while filled < buffer.count {
                let count = Glibc.read(fd, buffer.baseAddress! + filled, buffer.count - filled)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                filled += count
            }
            return true
        }
        // A file that shrank while being read is not what its signature says.
        guard complete else { return nil }
        return (data, FileSignature(info))
    }

    /// Removes both files of an entry; true when either existed.
    @discardableResult
    func remove(name: String) -> Bool {
        withLock(exclusive: true) {
            let data = unlink(dataPath(name)) == 0
            let metadata = unlink(metadataPath(name)) == 0
            return data || metadata
        }
    }

    /// The names of entries with at least one of their two files present.
    func entryNames() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var names = Set<String>()
        for file in files where Self.isRegularFile(directory + "/" + file) {
            let name = file.hasSuffix(Self.metadataSuffix) ? String(file.dropLast(Self.metadataSuffix.count)) : file
            if CacheDigest.isEntryName(name) { names.insert(name) }
        }
        return names.sorted()
    }

    /// Temporary files left by writers that died before renaming them.
    func abandonedTemporaryFiles(olderThan age: TimeInterval, now: Date) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasPrefix(".") && $0.hasSuffix(Self.temporarySuffix) }
            .map { directory + "/" + $0 }
            .filter { path in
                guard let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
                else { return false }
                return now.timeIntervalSince(modified) > age
            }
    }

    /// Bytes of every regular file in the directory, lock and temporary files included.
    func totalSize() -> Int {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.reduce(0) { $0 + Self.size(of: directory + "/" + $1) }
    }

    static func size(of path: String) -> Int {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return 0 }
        return Int(info.st_size)
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}

/// A failure to write or remove cache files; logged, never shown as a request's error.
struct CacheStoreError: Error, CustomStringConvertible {
    let description: String

    init(_ what: String, errno code: Int32? = nil) {
        description = code.map { "\(what): \(String(cString: strerror($0)))" } ?? what
    }
}
