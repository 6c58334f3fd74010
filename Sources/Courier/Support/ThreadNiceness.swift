import CCurl

/// A thread's scheduling on Linux, which keeps it per thread (threads made later take their
/// maker's): work that must not delay the screen runs below it.
public enum ThreadNiceness {
    /// Lowers the calling thread's priority to `niceness` (0 is the default, 19 the lowest).
    /// It cannot be raised again without privilege: call it on a thread of one's own, never on a
    /// pool's.
    public static func lowerCurrentThread(to niceness: Int32) {
        courier_nice_current_thread(niceness)
    }

    /// Puts the calling thread in the `SCHED_IDLE` class: it gets a core only when no other
    /// thread wants it, and a thread waking up takes the core from it at once — lower than any
    /// niceness, which still gives a thread its share of time beside the others. False when the
    /// kernel refused (the thread keeps its class). A thread of one's own only, as above.
    @discardableResult
    public static func makeCurrentThreadIdle() -> Bool {
        courier_idle_current_thread() == 0
    }

    /// Asks the kernel for short time slices (`nanoseconds`, 0.1 ms at the least) for the
    /// calling thread: on Linux 6.12 and later a thread that asked for a shorter slice than the
    /// threads running takes a core from them when it wakes, where it would otherwise wait for
    /// their slices (1.4 ms each here, served in 4 ms ticks) — for a thread that mostly sleeps
    /// and must answer at once, as the workbench's input loop. It gets no more time than its
    /// share for it. False when the kernel refused; earlier kernels ignore the request.
    @discardableResult
    public static func requestShortSlices(nanoseconds: UInt64 = 200_000) -> Bool {
        courier_short_slices_current_thread(nanoseconds) == 0
    }
}
