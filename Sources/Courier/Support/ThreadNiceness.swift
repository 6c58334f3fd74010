import CCurl

/// A thread's niceness on Linux, which keeps one per thread (threads made later take their
/// maker's): work that must not delay the screen runs a little below it.
public enum ThreadNiceness {
    /// Lowers the calling thread's priority to `niceness` (0 is the default, 19 the lowest).
    /// It cannot be raised again without privilege: call it on a thread of one's own, never on a
    /// pool's.
    public static func lowerCurrentThread(to niceness: Int32) {
        courier_nice_current_thread(niceness)
    }
}
