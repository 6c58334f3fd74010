import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file a command writes because the user named it: `--report`, `--junit`, `--har`,
/// `courier load --report`, an importer's `-o`. What is at the path decides how:
///
/// - **Nothing, or a regular file:** the bytes go to a temporary sibling (0600, created
///   with `O_EXCL`) that is renamed over the path only when whole, so a reader never sees
///   half a file and a failure leaves the old one. It then has the old file's mode, or for
///   a new file 0666 less the umask — except ``Privacy/ownerOnly`` files (a HAR holds
///   bodies), which stay 0600.
/// - **A character device or a FIFO** (`/dev/null`, `/dev/stdout`'s pipe, `mkfifo`): written
///   through, never replaced; a write error (`ENOSPC` from `/dev/full`) is an error.
/// - **A symbolic link** that belongs to the user (or to root, as `/dev/stdout` does): to
///   a regular file of the user's, its target is written (the link stays a link); to a
///   character device or a FIFO, written through. Anything else — a link to another
///   user's file, to a directory, a dangling link, a link someone else made — is refused,
///   naming the link and its target.
/// - **A directory, a block device, a socket:** refused.
///
/// Write with ``write(_:)-(Data)`` (buffered: a streamed export never holds the whole
/// file), then ``commit()``; a file dropped without committing leaves nothing behind.
package final class OutputFile {
    /// Who may read a file Courier creates or replaces.
    package enum Privacy: Sendable {
        /// A replaced file keeps its mode; a new one is 0666 less the umask (reports).
        case shared
        /// Always 0600 (exports that hold response bodies).
        case ownerOnly
    }

    /// The path as the user gave it (every message names it).
    package let path: String
    private let descriptor: Int32
    /// The temporary sibling and where it goes; nil when written through.
    private let replacement: (temporary: String, destination: String, mode: mode_t)?
    private var buffer: [UInt8] = []
    private var closed = false
    private static let bufferSize = 1 << 16

    /// Opens `path` for writing as the type's summary says, or throws why not.
    package init(_ path: String, privacy: Privacy = .shared) throws(OutputFileError) {
        self.path = path
        switch try Self.target(of: path) {
        case .throughDevice:
            // No O_TRUNC: if the device was swapped for a regular file meanwhile, it is not emptied.
            let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else { throw OutputFileError(path: path, Self.errnoText()) }
            var info = stat()
            let kind = fstat(descriptor, &info) == 0 ? info.st_mode & S_IFMT : 0
            guard kind == S_IFCHR || kind == S_IFIFO else {
                close(descriptor)
                throw OutputFileError(path: path, "it changed while being opened; nothing was written")
            }
            self.descriptor = descriptor
            replacement = nil
        case .replace(let destination, let existingMode):
            let mode: mode_t = switch privacy {
            case .ownerOnly: 0o600
            case .shared: existingMode ?? (0o666 & ~Self.currentUmask())
            }
            let url = URL(fileURLWithPath: destination)
            let temporary = url.deletingLastPathComponent()
                .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).part").path
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw OutputFileError(path: path, Self.errnoText()) }
            self.descriptor = descriptor
            replacement = (temporary, destination, mode)
        }
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// Writes `data` to a new file at `path` (or through a device) in one go.
    package static func write(_ data: Data, to path: String, privacy: Privacy = .shared) throws(OutputFileError) {
        let file = try OutputFile(path, privacy: privacy)
        try file.write(data)
        try file.commit()
    }

    /// Writes `text` as UTF-8, as ``write(_:to:privacy:)-(Data,_,_)``.
    package static func write(_ text: String, to path: String, privacy: Privacy = .shared) throws(OutputFileError) {
        try write(Data(text.utf8), to: path, privacy: privacy)
    }

    /// Whether writing `path` would replace a regular file (itself, or a link's target):
    /// what an importer's "exists; pass --force" guards. A device or a FIFO is not replaced.
    package static func replacesAFile(at path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Appends `data` (buffered).
    package func write(_ data: Data) throws(OutputFileError) {
        var failure: OutputFileError?
        data.withUnsafeBytes { bytes in
            do throws(OutputFileError) { try write(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Appends `text` as UTF-8 (buffered).
    package func write(_ text: String) throws(OutputFileError) {
        var text = text
        var failure: OutputFileError?
        text.withUTF8 { bytes in
            do throws(OutputFileError) { try write(UnsafeRawBufferPointer(bytes)) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Appends `bytes` (buffered).
    package func write(_ bytes: UnsafeRawBufferPointer) throws(OutputFileError) {
        guard !closed else { throw OutputFileError(path: path, "already closed") }
        if buffer.count + bytes.count > Self.bufferSize { try flush() }
        if bytes.count >= Self.bufferSize {
            try put(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Finishes the file: the rest written, a temporary sibling synced, given its mode and
    /// renamed into place. Throws (and leaves the old file as it was) when any of it fails.
    package func commit() throws(OutputFileError) {
        guard !closed else { return }
        do throws(OutputFileError) {
            try flush()
            if let replacement {
                guard fsync(descriptor) == 0, fchmod(descriptor, replacement.mode) == 0 else {
                    throw OutputFileError(path: path, Self.errnoText())
                }
            }
        } catch {
            discard()
            throw error
        }
        closed = true
        let closing = close(descriptor)
        let closeError = Self.errnoText()
        guard let replacement else {
            if closing != 0 { throw OutputFileError(path: path, closeError) }
            return
        }
        guard closing == 0, rename(replacement.temporary, replacement.destination) == 0 else {
            let reason = closing != 0 ? closeError : Self.errnoText()
            unlink(replacement.temporary)
            throw OutputFileError(path: path, reason)
        }
    }

    /// Drops what was written: a temporary sibling is removed, the path left as it was.
    package func discard() {
        guard !closed else { return }
        closed = true
        close(descriptor)
        if let replacement { unlink(replacement.temporary) }
    }

    deinit { discard() }

    private func flush() throws(OutputFileError) {
        guard !buffer.isEmpty else { return }
        let pending = buffer
        buffer.removeAll(keepingCapacity: true)
        var failure: OutputFileError?
        pending.withUnsafeBytes { bytes in
            do throws(OutputFileError) { try put(bytes) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    private func put(_ bytes: UnsafeRawBufferPointer) throws(OutputFileError) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputFileError(path: path, Self.errnoText())
            }
            offset += written
        }
    }

    // MARK: - What is at the path

    private enum Target {
        case throughDevice
        case replace(destination: String, existingMode: mode_t?)
    }

    private static func target(of path: String) throws(OutputFileError) -> Target {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return .replace(destination: path, existingMode: nil) }
            throw OutputFileError(path: path, errnoText())
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .replace(destination: path, existingMode: info.st_mode & 0o7777)
        case S_IFCHR, S_IFIFO: return .throughDevice
        case S_IFLNK: return try linkTarget(of: path, link: info)
        case let kind: throw OutputFileError(path: path, "it is \(describe(kind)), not a file Courier writes")
        }
    }

    /// A symbolic link is followed only when it is the user's (or root's: `/dev/stdout`) and
    /// leads to a regular file of the user's, a character device or a FIFO.
    private static func linkTarget(of path: String, link: stat) throws(OutputFileError) -> Target {
        let written = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
        let user = geteuid()
        guard link.st_uid == user || link.st_uid == 0 else {
            throw OutputFileError(path: path, "it is a symbolic link to \(written) made by another user (uid \(link.st_uid)); "
                                    + "Courier does not write through it")
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw OutputFileError(path: path, "it is a symbolic link to \(written), which cannot be followed (\(errnoText())); "
                                    + "Courier writes through a link only to a file of yours")
        }
        let kind = info.st_mode & S_IFMT
        switch kind {
        case S_IFREG where info.st_uid == user:
            guard let resolved = realpath(path, nil) else { throw OutputFileError(path: path, errnoText()) }
            defer { free(resolved) }
            return .replace(destination: String(cString: resolved), existingMode: info.st_mode & 0o7777)
        case S_IFREG:
            throw OutputFileError(path: path, "it is a symbolic link to \(written), a file owned by another user (uid \(info.st_uid)); "
                                    + "Courier writes through a link only to a file of yours")
        case S_IFCHR, S_IFIFO:
            return .throughDevice
        default:
            throw OutputFileError(path: path, "it is a symbolic link to \(written), \(describe(kind)); "
                                    + "Courier writes through a link only to a file of yours")
        }
    }

    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: "a directory"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }

    /// The process's umask, read without changing it (`/proc/self/status`), else by setting
    /// and restoring it.
    private static func currentUmask() -> mode_t {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let value = mode_t(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) {
            return value
        }
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}

/// An output file that could not be written: the path as given and why.
package struct OutputFileError: Error, CustomStringConvertible, Sendable {
    package var path: String
    package var reason: String

    init(path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `cannot write PATH: REASON`.
    package var description: String { "cannot write \(path): \(reason)" }
}
