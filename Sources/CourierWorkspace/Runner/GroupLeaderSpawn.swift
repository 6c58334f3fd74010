#if canImport(Glibc)
import Glibc
#endif

/// `posix_spawn` of a program as the leader of a process group of its own, with every signal
/// at its default action and none blocked (Courier blocks and catches signals a child must
/// not inherit), so that the whole group can be signalled at once: the shell of an
/// `auth.command` (killed with what it left running on a timeout), the editor or pager the
/// workbench hands the terminal to.
package enum GroupLeaderSpawn {
    /// Why a program did not start: `strerror` of `posix_spawn`'s answer.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Starts `arguments` (the first is the program's path) with `actions` applied to its
    /// descriptors (nil: it inherits them); its pid.
    package static func spawn(_ arguments: [String], actions: UnsafePointer<posix_spawn_file_actions_t>? = nil) -> Result<pid_t, Failure> {
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
        let result = posix_spawn(&pid, arguments[0], actions, &attributes, argv, environ)
        guard result == 0 else { return .failure(Failure(description: String(cString: strerror(result)))) }
        return .success(pid)
    }
}
