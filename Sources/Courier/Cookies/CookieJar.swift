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
    /// What the last file read left out (``loadProblems``).
    private let problems = Mutex<[CookieJarError]>([])
    /// The read of the jar's file while it happens on a thread of its own; nil when it was
    /// read at once (or there is no file).
    private let reading: CookieReading?

    /// An empty jar.
    public init() {
        share = CookieShare()
        control = Mutex(ControlHandle(share: share))
        autosave = nil
        reading = nil
    }

    /// A jar kept in a file: the cookies there now (none when it does not exist yet), and
    /// written back (0600) whenever a transfer using the jar, or a change through this API,
    /// leaves its cookies changed — on a queue of its own; `onSaveFailure` hears when that
    /// fails (a full disk) or drops cookies past ``CookieLimits``. ``saveToFile()`` writes at
    /// once, and throws. Each write merges with what other jars on the file (another process)
    /// wrote since this one read it, under a lock (`<file>.lock`). Lines of the file it cannot
    /// read are skipped, kept in the file, and said in ``loadProblems``; a path that is not a
    /// regular file (a FIFO, a directory) throws, saying what it is.
    public convenience init(file path: String, onSaveFailure: (@Sendable (CookieJarError) -> Void)? = nil) throws(CookieJarError) {
        try self.init(file: path, readingInBackground: false, onSaveFailure: onSaveFailure)
    }

    /// ``init(file:onSaveFailure:)``, the file read on a thread of its own when
    /// `readingInBackground`: the jar is returned once the file is opened (a path that is not a
    /// regular file still throws at once); until the read ends, everything that reads or changes
    /// the jar waits for it, and a transfer using the jar is parked by its transport (the
    /// others go on). The read's problems (``loadProblems``) are told to `onSaveFailure` too.
    /// What the workbench opens a saved jar with: a file of millions of lines (a server that set
    /// a new cookie name on every response, for months) takes seconds, and never holds a frame.
    public convenience init(file path: String, readingInBackground: Bool,
                            onSaveFailure: (@Sendable (CookieJarError) -> Void)? = nil) throws(CookieJarError) {
        try self.init(file: path, readingInBackground: readingInBackground, onSaveFailure: onSaveFailure, beforeReading: nil)
    }

    /// `beforeReading` runs on the reading thread before it reads (the tests hold the read there).
    init(file path: String, readingInBackground: Bool, onSaveFailure: (@Sendable (CookieJarError) -> Void)?,
         beforeReading: (@Sendable () -> Void)?) throws(CookieJarError) {
        var info = stat()
        let opened: Int32?
        if stat(path, &info) == 0 || errno != ENOENT { opened = try CookieFile.openFile(path) } else { opened = nil }
        share = CookieShare()
        control = Mutex(ControlHandle(share: share))
        autosave = CookieAutosave(path: path, written: [], onFailure: onSaveFailure)
        guard let descriptor = opened else {
            reading = nil
            return
        }
        OwnerOnly.tighten(path)
        guard readingInBackground else {
            reading = nil
            take(try CookieFile.read(descriptor, path: path))
            return
        }
        let reading = CookieReading()
        self.reading = reading
        let thread = Thread { [self] in
            beforeReading?()
            do throws(CookieJarError) {
                take(try CookieFile.read(descriptor, path: path))
            } catch {
                problems.withLock { $0 = [error] }
            }
            for problem in problems.withLock({ $0 }) { onSaveFailure?(problem) }
            reading.finish()
        }
        thread.name = "courier.cookies.read"
        thread.start()
    }

    /// Puts what a file held in the store (before anyone may wait for it: not through ``give(_:)``).
    private func take(_ loaded: CookieFileContents) {
        problems.withLock { $0 = loaded.problems }
        for cookie in loaded.cookies { hand(cookie.netscapeLine) }
        autosave?.remember(written: Set(loaded.cookies))
    }

    /// Whether the jar's file is being read on a thread of its own (``init(file:readingInBackground:onSaveFailure:)``).
    public var isReadingFile: Bool { reading.map { !$0.isDone } ?? false }

    /// For a transport starting a transfer that uses the jar: true while its file is being
    /// read, and `wake` is then called once it has been; false (and `wake` dropped) otherwise.
    func holdsTransfers(wakingWhenRead wake: @escaping @Sendable () -> Void) -> Bool {
        reading?.whenDone(wake) ?? false
    }

    /// Calls `action` once the jar's file has been read (``isReadingFile``), on the reading
    /// thread — at once, on this one, when it is not being read.
    public func afterReadingFile(_ action: @escaping @Sendable () -> Void) {
        if reading?.whenDone(action) != true { action() }
    }

    /// Transports waiting for the read (the tests).
    var readWaiterCount: Int { reading?.waiterCount ?? 0 }

    /// What the last read of a file (``init(file:onSaveFailure:)``, ``load(from:)``) left out:
    /// each skipped line with its number and why (not UTF-8, not a cookie line), and the
    /// cookies dropped past ``CookieLimits``. Empty when every line was read. Waits for a file
    /// being read (``isReadingFile``).
    public var loadProblems: [CookieJarError] {
        reading?.wait()
        return problems.withLock { $0 }
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

    /// Adds `cookie`, or replaces the one of the same domain, path and name. An expiry past
    /// ``Cookie/latestExpiry`` is kept as it.
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
    /// expired ones and comments are skipped, and so are lines it cannot read (said in
    /// ``loadProblems``), and cookies past ``CookieLimits``. Returns how many were added.
    @discardableResult
    public func load(from path: String) throws(CookieJarError) -> Int {
        let loaded = try CookieFile.read(path)
        problems.withLock { $0 = loaded.problems }
        for cookie in loaded.cookies { give(cookie.netscapeLine) }
        autosave?.schedule(self)
        return loaded.cookies.count
    }

    /// Adds what a response's `Set-Cookie` field (`name=value; Max-Age=60; Domain=example.com`)
    /// says, as libcurl's cookie engine reads it for a transfer: without a request, a cookie
    /// with no `Domain` is for no host libcurl knows. A field with a line break or a NUL byte
    /// is refused.
    public func add(setCookieField field: String) throws(CookieJarError) {
        guard !field.utf8.contains(where: { $0 == 0 || $0 == 0x0A || $0 == 0x0D }) else {
            throw CookieJarError("a Set-Cookie field is one line without NUL bytes")
        }
        give("Set-Cookie: " + field)
        autosave?.schedule(self)
    }

    /// Writes the cookies that have not expired to `path` in the Netscape format, as a file
    /// of the user's alone (0600, its directory 0700): their values are secrets. The file is
    /// replaced at once (written beside it, then renamed).
    public func save(to path: String) throws(CookieJarError) {
        try CookieFile.write(cookies, to: path)
    }

    /// Removes `cookies` from the store (each replaced by an expired line).
    func drop(_ cookies: some Sequence<Cookie>) {
        for cookie in cookies { give(cookie.netscapeLine(expiresAt: 1)) }
    }

    /// What libcurl would misread in `cookie`'s line, or nil.
    static func problem(with cookie: Cookie) -> String? {
        // On the UTF-8 bytes: every character looked for, and every control character, is one
        // byte there, never part of another character's.
        func has(_ text: String, _ characters: StaticString) -> Bool {
            let special = UnsafeBufferPointer(start: characters.utf8Start, count: characters.utf8CodeUnitCount)
            return text.utf8.contains { $0 < 0x20 || $0 == 0x7F || special.contains($0) }
        }
        if cookie.name.isEmpty || has(cookie.name, " ;=\t,") || cookie.name.utf8.first == UInt8(ascii: "#") {
            return "the cookie name \"\(cookie.name)\" is empty or has a space, ';', '=', ',' or a control character"
        }
        if has(cookie.value, ";") { return "the value of cookie \(cookie.name) has a ';' or a control character" }
        if cookie.domain.isEmpty || has(cookie.domain, " ;/") { return "the cookie domain \"\(cookie.domain)\" is not a host name" }
        if !cookie.path.hasPrefix("/") || has(cookie.path, ";") { return "the cookie path \"\(cookie.path)\" does not start with /" }
        if let expires = cookie.expires, expires.timeIntervalSince1970.isNaN { return "the expiry of cookie \(cookie.name) is not a date" }
        return nil
    }

    /// Hands one `CURLOPT_COOKIELIST` string to libcurl (a Netscape line, or a command such as
    /// `ALL`), once the jar's file has been read.
    private func give(_ text: String) {
        reading?.wait()
        hand(text)
    }

    /// ``give(_:)`` without waiting for the file's read (the read's own lines).
    private func hand(_ text: String) {
        control.withLock { control in
            control.given += 1
            _ = text.withCString { courier_easy_setopt_string(control.raw, CURLOPT_COOKIELIST, $0) }
        }
    }

    /// Lines handed to libcurl's store so far. Each costs a walk of its domain's bucket in the
    /// store, so a load costs about this times the cookies held: what the complexity test counts.
    var linesGiven: Int { control.withLock { $0.given } }

    /// The store's lines (`CURLINFO_COOKIELIST`), expired cookies included.
    private func lines() -> [String] {
        reading?.wait()
        return control.withLock { control in
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
    /// Lines handed to the store (``CookieJar/linesGiven``).
    var given = 0

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
