#if canImport(Glibc)
import Glibc
#endif

/// `posix_spawn` of a program as the leader of a process group of its own, with every signal
/// at its default action and none blocked (Courier blocks and catches signals a child must
/// not inherit), so that the whole group can be signalled at once: the shell of an
/// `auth.command` (killed with what it left running on a timeout), the editor or pager the
/// workbench hands the terminal to. The child gets descriptors 0, 1 and 2 only: one Courier
/// holds open (a socket, a pipe it reads to its end) would otherwise be held by the child and
/// by whatever the child leaves running, and a read waiting for that pipe's end would wait
/// as long as they live.
package enum GroupLeaderSpawn {
    /// Why a program did not start: `strerror` of `posix_spawn`'s answer.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Starts `arguments` (the first is the program's path) with `redirect` applied to its
    /// descriptors 0–2 (by default it inherits them), every other descriptor closed; its pid.
    package static func spawn(_ arguments: [String],
                              redirect: (inout posix_spawn_file_actions_t) -> Void = { _ in }) -> Result<pid_t, Failure> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        redirect(&actions)
        guard closeInherited(from: 3, &actions) == 0 else {
            return .failure(Failure(description: "this C library cannot close a child's inherited descriptors"))
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard result == 0 else { return .failure(Failure(description: String(cString: strerror(result)))) }
        return .success(pid)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; Swift's Glibc module
    /// does not declare it): the child closes every descriptor from `lowest` up. Nonzero when
    /// the C library lacks it.
    private static func closeInherited(from lowest: Int32, _ actions: inout posix_spawn_file_actions_t) -> Int32 {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return ENOSYS }
        return unsafeBitCast(symbol, to: CloseFrom.self)(&actions, lowest)
    }

    /// A pipe whose ends are closed on exec (a spawned child gets its copies by `dup2` in
    /// `redirect`); false with `errno` set when one cannot be made.
    package static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        return true
    }
}
