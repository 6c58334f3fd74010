import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// When a request's body goes to a spool file instead of memory: past `threshold` bytes
/// (announced or received), into `directory`, up to `maximumBytes`.
struct SpoolPlan: Sendable, Equatable {
    var threshold: Int
    var directory: URL
    var maximumBytes: Int64

    /// `$XDG_CACHE_HOME/courier/spool`, read once (every request's plan names it: reading
    /// the environment for each was a dictionary of it per request).
    static let defaultDirectory = URL(fileURLWithPath: XDGDirectories.cacheHome() + "/courier/spool")

    /// The request's error when its body could not be spooled.
    func error(_ failure: SpoolFailure, curlCode: Int) -> RequestError {
        RequestError(family: .transport, code: .cannotWriteToFile,
                     message: "The response body passed \(threshold) bytes, the most kept in memory "
                        + "(spoolResponseBodiesOver), and could not be spooled to a file: \(failure.reason).",
                     curlCode: curlCode)
    }

    /// The request's error when its spooled body passed ``maximumBytes``.
    func limitError(curlCode: Int) -> RequestError {
        RequestError(family: .transport, code: .dataLengthExceedsMaximum,
                     message: "The response body is larger than the limit of \(maximumBytes) bytes spooled "
                        + "to disk (maximumSpooledResponseBodyBytes); download it to a file instead, or raise the limit.",
                     curlCode: curlCode)
    }
}

/// Writes one response body to its spool file, on the transport thread. The file is named
/// after this process (`<pid>-<random>.body`), 0600 in a 0700 directory, created exclusively
/// and never through a link. ``finish()`` hands it over as a ``SpooledBody`` (which removes
/// it when released); ``abandon()`` removes it.
final class SpoolWriter {
    let url: URL
    private var descriptor: Int32
    private(set) var count: Int64 = 0
    /// ``finish()`` gave the file to a ``SpooledBody``, or ``abandon()`` removed it.
    private var handedOver = false

    private init(url: URL, descriptor: Int32) {
        self.url = url
        self.descriptor = descriptor
    }

    deinit { abandon() }

    /// A new spool file in `directory`; on failure, why, as the rest of a sentence.
    static func create(in directory: URL) -> Result<SpoolWriter, SpoolFailure> {
        do {
            try OwnerOnly.makeDirectory(directory.path)
        } catch {
            return .failure(SpoolFailure("the spool directory \(directory.path) cannot be made: \(error.localizedDescription)"))
        }
        SpoolSweep.sweepOnce(directory)
        let url = directory.appendingPathComponent("\(getpid())-\(UUID().uuidString.lowercased()).body")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            return .failure(SpoolFailure("\(url.path) cannot be created: \(String(cString: strerror(errno)))"))
        }
        return .success(SpoolWriter(url: url, descriptor: descriptor))
    }

    /// Appends `bytes`; nil, or why it could not (a full disk).
    func write(_ bytes: UnsafeRawBufferPointer) -> SpoolFailure? {
        guard descriptor >= 0 else { return SpoolFailure("\(url.path) was closed") }
        if let code = writeAll(bytes, to: descriptor) {
            return SpoolFailure("writing \(url.path) failed after \(count) bytes: \(String(cString: strerror(code)))")
        }
        count += Int64(bytes.count)
        return nil
    }

    /// Closes the file and hands it to the body that owns it from now on.
    func finish() -> SpooledBody {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        let body = SpooledBody(url: url, count: count)
        handedOver = true
        return body
    }

    /// Closes and removes the file, unless ``finish()`` handed it over.
    func abandon() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if !handedOver {
            unlink(url.path)
            handedOver = true
        }
    }
}

/// Why a body could not be spooled, as the rest of a sentence.
struct SpoolFailure: Error, Sendable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// Spool files left by processes that ended without removing them (killed, crashed): a file
/// whose name starts with the id of a process that no longer exists is removed — once per
/// directory per process, when its first body is spooled there. Files of running processes
/// (another Courier's) are left alone.
enum SpoolSweep {
    private static let swept = Mutex<Set<String>>([])

    static func sweepOnce(_ directory: URL) {
        let first = swept.withLock { $0.insert(directory.standardized.path).inserted }
        if first { sweep(directory) }
    }

    /// Removes the spool files of processes that are gone; returns their names.
    @discardableResult
    static func sweep(_ directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            guard name.hasSuffix(".body"), let dash = name.firstIndex(of: "-"), let pid = Int32(name[..<dash]),
                  pid > 0, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { return false }
            return unlink(directory.appendingPathComponent(name).path) == 0
        }
    }
}
