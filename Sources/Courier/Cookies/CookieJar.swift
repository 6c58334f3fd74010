import CCurl
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The cookies of a session, kept by libcurl's own cookie engine: every transfer of an agent
/// using the jar stores the `Set-Cookie` fields it receives (redirects within a request
/// included) and sends the cookies that match its URL, as a browser does. One jar may serve
/// several agents; any thread may read or change it while transfers run (libcurl's share
/// interface, locked).
///
/// ```swift
/// let jar = CookieJar()
/// let agent = NetworkAgent(config: config, cookieJar: jar)   // nil: no cookies at all
/// try await ConfigurableRequest("https://example.com/login", method: .post).run()
/// for cookie in jar.cookies { print(cookie.name, cookie.domain) }
/// try jar.save(to: path)                                     // 0600, Netscape format
/// ```
///
/// What libcurl keeps is what a jar can say: no `SameSite` (see ``Cookie``).
public final class CookieJar: Sendable {
    /// The store transfers attach to.
    let share: CookieShare
    /// An easy handle attached to the share, through which the jar is read and changed.
    private let control: Mutex<ControlHandle>
    /// Writes the jar to its file after transfers; nil for a jar without one.
    private let autosave: CookieAutosave?

    /// An empty jar.
    public init() {
        share = CookieShare()
        control = Mutex(ControlHandle(share: share))
        autosave = nil
    }

    /// A jar kept in a file: the cookies there now (none when it does not exist yet), and
    /// written back (0600) whenever a transfer using the jar, or a change through this API,
    /// leaves its cookies changed — on a queue of its own; `onSaveFailure` hears when that
    /// fails (a full disk). ``saveToFile()`` writes at once, and throws.
    public init(file path: String, onSaveFailure: (@Sendable (CookieJarError) -> Void)? = nil) throws(CookieJarError) {
        var loaded: [Cookie] = []
        if FileManager.default.fileExists(atPath: path) {
            OwnerOnly.tighten(path)
            loaded = try Self.read(path)
        }
        share = CookieShare()
        control = Mutex(ControlHandle(share: share))
        autosave = CookieAutosave(path: path, written: Set(loaded), onFailure: onSaveFailure)
        for cookie in loaded { give(cookie.netscapeLine) }
    }

    /// The file the jar is kept in (``init(file:onSaveFailure:)``); nil for a jar in memory only.
    public var file: String? { autosave?.path }

    /// Writes the jar to its file now, when its cookies differ from what was last written
    /// there (after any write already due). Does nothing for a jar without a file.
    public func saveToFile() throws(CookieJarError) {
        guard let autosave else { return }
        autosave.waitUntilWritten()
        try autosave.writeIfChanged(self)
    }

    /// Returns once the file writes due so far are done.
    func waitUntilWritten() { autosave?.waitUntilWritten() }

    /// A transfer using the jar ended: its file is brought up to date soon.
    func transferEnded() {
        autosave?.schedule(self)
    }

    /// A jar holding the cookies of a Netscape-format file (``load(from:)``).
    public convenience init(contentsOfFile path: String) throws(CookieJarError) {
        self.init()
        try load(from: path)
    }

    /// The cookies that have not expired, in libcurl's order.
    public var cookies: [Cookie] {
        let now = Date()
        return lines().compactMap { Cookie(netscapeLine: $0) }.filter { !$0.isExpired(at: now) }
    }

    /// Adds `cookie`, or replaces the one of the same domain, path and name.
    public func set(_ cookie: Cookie) throws(CookieJarError) {
        if let problem = Self.problem(with: cookie) { throw CookieJarError(problem) }
        give(cookie.netscapeLine)
        autosave?.schedule(self)
    }

    /// Removes the cookies named `name`, of `domain` (any when nil; a leading dot is
    /// ignored) and `path` (any when nil); returns how many there were.
    @discardableResult
    public func remove(name: String, domain: String? = nil, path: String? = nil) -> Int {
        let domain = domain.map { ($0.hasPrefix(".") ? String($0.dropFirst()) : $0).lowercased() }
        let matching = cookies.filter { cookie in
            cookie.name == name && (domain == nil || cookie.domain.lowercased() == domain) && (path == nil || cookie.path == path)
        }
        // libcurl deletes one cookie only by replacing it with an expired one (its Netscape line
        // with an expiry in the past), dropped when it next adds a cookie; `cookies` hides it
        // until then.
        for cookie in matching { give(cookie.netscapeLine(expiresAt: 1)) }
        if !matching.isEmpty { autosave?.schedule(self) }
        return matching.count
    }

    /// Removes every cookie.
    public func clear() {
        give("ALL")
        autosave?.schedule(self)
    }

    /// Adds the cookies of a Netscape-format file (curl's `-c` files, browsers' exports);
    /// expired ones and other lines are skipped. Returns how many were added.
    @discardableResult
    public func load(from path: String) throws(CookieJarError) -> Int {
        let loaded = try Self.read(path)
        for cookie in loaded { give(cookie.netscapeLine) }
        autosave?.schedule(self)
        return loaded.count
    }

    /// The cookies of a Netscape-format file that have not expired and that libcurl reads as written.
    private static func read(_ path: String) throws(CookieJarError) -> [Cookie] {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CookieJarError("cannot read the cookie file \(path): \(error.localizedDescription)")
        }
        let now = Date()
        return text.split(whereSeparator: \.isNewline).compactMap { Cookie(netscapeLine: $0) }
            .filter { !$0.isExpired(at: now) && problem(with: $0) == nil }
    }

    /// Writes the cookies that have not expired to `path` in the Netscape format, as a file
    /// of the user's alone (0600, its directory 0700): their values are secrets. The file is
    /// replaced at once (written beside it, then renamed).
    public func save(to path: String) throws(CookieJarError) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            // A folder made here is the user's alone; one already there (`/tmp`) is left as it is.
            if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) { try OwnerOnly.makeDirectory(directory) }
        } catch {
            throw CookieJarError("cannot make the directory \(directory): \(error.localizedDescription)")
        }
        let text = Self.fileHeader + cookies.map { $0.netscapeLine + "\n" }.joined()
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CookieJarError("cannot write \(temporary): \(String(cString: strerror(errno)))") }
        let failure = Array(text.utf8).withUnsafeBytes { writeAll($0, to: descriptor) }
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

    static let fileHeader = "# Netscape HTTP Cookie File\n# Kept by Courier; cookie values are secrets (this file is 0600).\n\n"

    /// What libcurl would misread in `cookie`'s line, or nil.
    private static func problem(with cookie: Cookie) -> String? {
        func has(_ text: String, _ characters: String) -> Bool {
            text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || characters.unicodeScalars.contains($0) }
        }
        if cookie.name.isEmpty || has(cookie.name, " ;=\t,") || cookie.name.hasPrefix("#") {
            return "the cookie name \"\(cookie.name)\" is empty or has a space, ';', '=', ',' or a control character"
        }
        if has(cookie.value, ";") { return "the value of cookie \(cookie.name) has a ';' or a control character" }
        if cookie.domain.isEmpty || has(cookie.domain, " ;/") { return "the cookie domain \"\(cookie.domain)\" is not a host name" }
        if !cookie.path.hasPrefix("/") || has(cookie.path, ";") { return "the cookie path \"\(cookie.path)\" does not start with /" }
        return nil
    }

    /// Hands one `CURLOPT_COOKIELIST` string to libcurl (a Netscape line, or a command such as `ALL`).
    private func give(_ text: String) {
        control.withLock { control in
            _ = text.withCString { courier_easy_setopt_string(control.raw, CURLOPT_COOKIELIST, $0) }
        }
    }

    /// The store's lines (`CURLINFO_COOKIELIST`), expired cookies included.
    private func lines() -> [String] {
        control.withLock { control in
            var list: UnsafeMutableRawPointer?
            guard courier_easy_getinfo_pointer(control.raw, CURLINFO_COOKIELIST, &list) == CURLE_OK, let list else { return [] }
            let first = list.assumingMemoryBound(to: curl_slist.self)
            defer { curl_slist_free_all(first) }
            var lines: [String] = []
            var item: UnsafeMutablePointer<curl_slist>? = first
            while let current = item {
                if let data = current.pointee.data { lines.append(String(cString: data)) }
                item = current.pointee.next
            }
            return lines
        }
    }
}

/// The easy handle a jar reads and changes its store through; it keeps the share alive until
/// it is cleaned up (libcurl refuses to free a share with a handle attached).
private final class ControlHandle {
    let raw: UnsafeMutableRawPointer
    private let share: CookieShare

    init(share: CookieShare) {
        guard let raw = curl_easy_init() else { fatalError("libcurl could not make an easy handle (out of memory)") }
        self.raw = raw
        self.share = share
        _ = courier_easy_setopt_pointer(raw, CURLOPT_SHARE, share.handle)
    }

    deinit { curl_easy_cleanup(raw) }
}

/// A cookie a jar cannot take, or a cookie file it cannot read or write.
public struct CookieJarError: Error, CustomStringConvertible, Sendable {
    public var description: String

    init(_ description: String) { self.description = description }
}
