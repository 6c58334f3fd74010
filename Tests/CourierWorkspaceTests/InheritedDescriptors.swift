#if canImport(Glibc)
import Glibc
#endif

/// What a program the tests start may inherit: descriptors 0, 1 and 2 only. A test process
/// holds many descriptors at once, opened by tests running side by side; one that is not
/// close-on-exec (the write end of a pipe a test reads to its end) would otherwise be held by
/// a server another test starts (nginx, httpbin) for as long as that server lives, and the
/// test reading the pipe would wait as long, holding a thread of the concurrency pool — on two
/// cores, half of it. CI saw this: a cache test's read waited on an nginx master process.
enum InheritedDescriptors {
    /// Adds to `actions` the closing of every descriptor from 3 up, after what is already
    /// there (the redirections of 0–2 come first). glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module
    /// does not declare.
    static func closeAllButStandard(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
            fatalError("glibc 2.34 or later is needed to start programs without the tests' descriptors")
        }
        let result = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        precondition(result == 0, "posix_spawn_file_actions_addclosefrom_np: \(result)")
    }
}
