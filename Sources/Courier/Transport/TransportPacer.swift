import CCurl
import Glibc

/// Work that runs on a transport's own thread at the times it names. A load run's schedule
/// starts its due requests there, so no hop to another thread stands between a request's due
/// time and its send (a timer on another queue and the wake-up that followed cost about 60 µs
/// at the median, against wrk's own timing at 2,000 requests a second).
protocol TransportPacer: AnyObject, Sendable {
    /// Called on the transport thread on every pass of its loop, at least once by the time it
    /// asked for. Starts what is due with ``Transport/submitOnTransport(_:)`` and returns when
    /// it wants to be called next, in `DispatchTime` uptime nanoseconds, or nil for no time.
    func pace(now: UInt64) -> UInt64?
}

/// A `timerfd` the transport loop polls beside libcurl's sockets: a wake-up to the microsecond,
/// where `curl_multi_poll`'s own timeout counts whole milliseconds. Loop thread only.
final class PacingTimer {
    let descriptor: Int32
    /// The timer is set this much early and the rest waited out on the CPU: a sleeping thread
    /// wakes tens of microseconds late (measured here, a VM on two cores: 37 µs at the median
    /// between a request's due time and its send, 1 µs with this). Costs at most this long per
    /// wake: at 2,000 due requests a second, a tenth of a core.
    static let spin: UInt64 = 50_000

    init?() {
        descriptor = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// Fires once, `nanoseconds` from now (relative: the pacer's clock and the timer's agree on
    /// intervals, whichever epoch each counts from).
    func arm(in nanoseconds: UInt64) {
        let wait = max(nanoseconds, 1_000)
        var setting = itimerspec()
        setting.it_value.tv_sec = Int(wait / 1_000_000_000)
        setting.it_value.tv_nsec = Int(wait % 1_000_000_000)
        timerfd_settime(descriptor, 0, &setting, nil)
    }

    /// Reads the expiry count, so that the descriptor is no longer readable.
    func drain() {
        var expirations: UInt64 = 0
        _ = read(descriptor, &expirations, MemoryLayout<UInt64>.size)
    }
}
