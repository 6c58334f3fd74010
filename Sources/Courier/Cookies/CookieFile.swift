import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a Netscape-format cookie file held: its cookies (those libcurl reads as written, not
/// expired, within ``CookieLimits``) and what was left out, each problem once.
struct CookieFileContents {
    var cookies: [Cookie] = []
    /// Lines kept as they were though no cookie came of them (not UTF-8, not a cookie line, a
    /// cookie libcurl would misread): written back after the cookies when the file is merged,
    /// so a bad byte loses nothing; at most ``CookieFile/keptLineLimit``.
    var unreadLines: [[UInt8]] = []
    /// Why lines were skipped and cookies dropped, for the user.
    var problems: [CookieJarError] = []
    /// Steps the reading took (bytes scanned in chunks, cookies offered and sorted): what the
    /// complexity test counts.
    var work = 0
}

/// Reading, merging and writing a jar's file: as bytes, a bad line skipped and said with its
/// number; never blocking on a FIFO; a write merged with what another process wrote meanwhile
/// under a lock beside the file (`<file>.lock`, `flock`).
enum CookieFile {
    /// A line longer than this is not a cookie (libcurl 7.88 reads cookie lines of up to 5,000
    /// bytes); it is skipped without being held.
    static let lineLimit = 8192
    /// Skipped lines kept to be written back; more are dropped, and said.
    static let keptLineLimit = 100
    /// Problems of single lines told; more are counted in one sentence.
    static let toldLineLimit = 5

    /// The file at `path`. Throws, saying what it is, when it is not a regular file (a FIFO is
    /// opened without blocking and refused) or cannot be opened.
    static func read(_ path: String, now: Date = Date()) throws(CookieJarError) -> CookieFileContents {
        try read(openFile(path), path: path, now: now)
    }

    /// The file at `path` opened for ``read(_:path:now:)``: throws, saying what it is, when it is
    /// not a regular file (a FIFO is opened without blocking and refused) or cannot be opened.
    static func openFile(_ path: String) throws(CookieJarError) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw CookieJarError("cannot read the cookie file \(path): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw CookieJarError("cannot read the cookie file \(path): \(reason)")
        }
        if let kind = kindOtherThanFile(info.st_mode) {
            close(descriptor)
            throw CookieJarError("\(path) is \(kind), not a cookie file")
        }
        return descriptor
    }

    /// The cookie file open on `descriptor` (from ``openFile(_:)``), which it closes.
    static func read(_ descriptor: Int32, path: String, now: Date = Date()) throws(CookieJarError) -> CookieFileContents {
        defer { close(descriptor) }
        var contents = CookieFileContents()
        var selection = CookieSelection()
        var skipped: [(line: Int, reason: String)] = []
        var skippedCount = 0
        var lineNumber = 0
        func take(_ bytes: ArraySlice<UInt8>, tooLong: Bool) {
            lineNumber += 1
            var reason: String?
            if tooLong {
                reason = "is longer than \(lineLimit) bytes"
            } else if let text = String(validating: bytes, as: UTF8.self) {
                if let cookie = Cookie(netscapeLine: text) {
                    if cookie.isExpired(at: now) {
                        // Gone: libcurl would not send it, and the next write leaves it out.
                    } else if let problem = CookieJar.problem(with: cookie) {
                        reason = "holds a cookie libcurl would misread (\(problem))"
                    } else {
                        selection.insert(cookie)
                    }
                } else if !isCommentOrBlank(text) {
                    reason = "is not a cookie (domain, subdomains, path, secure, expiry, name and value, tab-separated)"
                }
            } else {
                reason = "is not UTF-8 text"
            }
            guard let reason else { return }
            skippedCount += 1
            if skipped.count < toldLineLimit { skipped.append((lineNumber, reason)) }
            if !tooLong, contents.unreadLines.count < keptLineLimit { contents.unreadLines.append(Array(bytes)) }
        }

        var pending: [UInt8] = []
        var pendingTooLong = false
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw CookieJarError("cannot read the cookie file \(path): \(String(cString: strerror(errno)))")
            }
            guard count > 0 else { break }
            contents.work += 1
            var start = 0
            while start < count {
                let end = buffer[start ..< count].firstIndex(of: UInt8(ascii: "\n")) ?? count
                if !pendingTooLong {
                    if pending.count + (end - start) > lineLimit {
                        pendingTooLong = true
                        pending = []
                    } else {
                        pending += buffer[start ..< end]
                    }
                }
                guard end < count else { break }
                take(pending[...], tooLong: pendingTooLong)
                pending.removeAll(keepingCapacity: true)
                pendingTooLong = false
                start = end + 1
            }
        }
        if !pending.isEmpty || pendingTooLong { take(pending[...], tooLong: pendingTooLong) }

        contents.cookies = selection.finish()
        contents.work += selection.work
        for (line, reason) in skipped { contents.problems.append(CookieJarError("\(path):\(line): the line \(reason); it is skipped")) }
        if skippedCount > skipped.count {
            contents.problems.append(CookieJarError("\(path): \(skippedCount - skipped.count) more line\(skippedCount - skipped.count == 1 ? "" : "s") skipped"))
        }
        if skippedCount > contents.unreadLines.count {
            contents.problems.append(CookieJarError("\(path): \(skippedCount - contents.unreadLines.count) skipped line(s) will not be written back "
                                                        + "(only \(keptLineLimit) lines of up to \(lineLimit) bytes are kept)"))
        }
        if selection.dropped > 0 { contents.problems.append(droppedProblem(selection.dropped, in: path)) }
        return contents
    }

    /// The sentence for cookies dropped past ``CookieLimits``.
    static func droppedProblem(_ count: Int, in path: String) -> CookieJarError {
        CookieJarError("\(path): \(count) cookie\(count == 1 ? "" : "s") dropped: a jar keeps at most \(CookieLimits.maximum) "
                           + "cookies, \(CookieLimits.perDomain) a domain; those expiring soonest go first")
    }

    /// What `mode` is when it is not a regular file: "a FIFO", "a directory", …
    static func kindOtherThanFile(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "not a regular file"
        }
    }

    private static func isCommentOrBlank(_ text: String) -> Bool {
        let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }

    // MARK: - Writing

    static let header = "# Netscape HTTP Cookie File\n# Kept by Courier; cookie values are secrets (this file is 0600).\n\n"

    /// Writes `cookies` (and `unreadLines` after them) to `path`, 0600, replacing it at once
    /// (written beside it, then renamed); its folder is made 0700 when missing.
    static func write(_ cookies: [Cookie], unreadLines: [[UInt8]] = [], to path: String) throws(CookieJarError) {
        try makeDirectory(of: path)
        var bytes = Array((header + cookies.map { $0.netscapeLine + "\n" }.joined()).utf8)
        for line in unreadLines { bytes += line + [UInt8(ascii: "\n")] }
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CookieJarError("cannot write \(temporary): \(String(cString: strerror(errno)))") }
        let failure = bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw CookieJarError("cannot write \(temporary): \(String(cString: strerror(failure)))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CookieJarError("cannot replace \(path): \(reason)")
        }
    }

    private static func makeDirectory(of path: String) throws(CookieJarError) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            // A folder made here is the user's alone; one already there (`/tmp`) is left as it is.
            if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) { try OwnerOnly.makeDirectory(directory) }
        } catch {
            throw CookieJarError("cannot make the directory \(directory): \(error.localizedDescription)")
        }
    }

    // MARK: - Merging

    /// Brings the file at `path` up to date with a jar whose cookies were `base` when it last
    /// read or wrote the file and are `ours` now, keeping what other jars (another `courier
    /// run`, the workbench) wrote there meanwhile: read, merged and written under an exclusive
    /// `flock` of `<path>.lock`. A cookie this jar changed or added is ours; one it removed
    /// goes, unless another jar changed it since; the rest is the file's. Returns the problems
    /// met (cookies dropped past ``CookieLimits``; lines of the file it skipped are kept).
    @discardableResult
    static func merge(_ ours: [Cookie], since base: Set<Cookie>, into path: String) throws(CookieJarError) -> [CookieJarError] {
        try makeDirectory(of: path)
        return try withLock(path) { () throws(CookieJarError) -> [CookieJarError] in
            var theirs = CookieFileContents()
            var info = stat()
            if stat(path, &info) == 0 || errno != ENOENT { theirs = try read(path) }
            let (merged, dropped) = combine(ours, since: base, with: theirs.cookies)
            try write(merged, unreadLines: theirs.unreadLines, to: path)
            return dropped > 0 ? [droppedProblem(dropped, in: path)] : []
        }
    }

    /// The three-way merge of ``merge(_:since:into:)``, within ``CookieLimits``.
    static func combine(_ ours: [Cookie], since base: Set<Cookie>, with theirs: [Cookie]) -> (cookies: [Cookie], dropped: Int) {
        let baseByKey = Dictionary(base.map { (Cookie.Key($0), $0) }, uniquingKeysWith: { _, last in last })
        let oursByKey = Dictionary(ours.map { (Cookie.Key($0), $0) }, uniquingKeysWith: { _, last in last })
        var selection = CookieSelection()
        for cookie in theirs {
            let key = Cookie.Key(cookie)
            if let mine = oursByKey[key] {
                // Ours when we changed it since the base; theirs when only they did.
                selection.insert(baseByKey[key] == mine ? cookie : mine)
            } else if let old = baseByKey[key], old == cookie {
                continue   // we removed it, and they left it as it was
            } else {
                selection.insert(cookie)
            }
        }
        let theirKeys = Set(theirs.map(Cookie.Key.init))
        for cookie in ours where !theirKeys.contains(Cookie.Key(cookie)) {
            // Not in the file: ours new, or one they removed that we had not changed.
            if let old = baseByKey[Cookie.Key(cookie)], old == cookie { continue }
            selection.insert(cookie)
        }
        let cookies = selection.finish()
        return (cookies, selection.dropped)
    }

    /// Runs `body` holding an exclusive `flock` on `<path>.lock` (0600, created when missing).
    /// When that file cannot be opened or is not a regular file (a FIFO there would block the
    /// open, a link lead elsewhere), `body` runs unlocked, as the cache's writes do.
    static func withLock<T>(_ path: String, _ body: () throws(CookieJarError) -> T) throws(CookieJarError) -> T {
        let descriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return try body() }
        while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
        return try body()
    }
}
