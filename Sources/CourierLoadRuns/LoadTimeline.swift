import Courier
import Foundation
import Histogram

/// A load run second by second, as the ``LoadRecorder`` keeps it under its lock: the counts of
/// every second (``LoadSecond``), and an HDR histogram of the latencies completed in the second
/// now going on. When a later second begins, that histogram is closed and waits (``closed``) for
/// its percentiles and its interchange form to be worked out outside the lock
/// (``LoadSecondFigures/of(_:)``): nothing per sample but a few increments.
struct LoadTimeline {
    /// At most a day of seconds.
    static let limit = 86_400
    private(set) var seconds: [LoadSecond] = []
    /// The second whose latencies ``open`` holds (-1: none yet).
    private(set) var current = -1
    private(set) var open = LoadRecorder.histogram()
    /// Seconds ended whose figures are not worked out yet.
    var closed: [(second: Int, histogram: Histogram<UInt64>)] = []
    /// Whether the generator thread's CPU is read as seconds turn (the fast path's transport thread).
    let measuresCPU: Bool
    /// Whether sends have a schedule to be late for (the open model).
    let measuresLateness: Bool
    private var cpuMark: (wall: UInt64, cpu: UInt64)?

    init(measuresCPU: Bool, measuresLateness: Bool = true) {
        self.measuresCPU = measuresCPU
        self.measuresLateness = measuresLateness
    }

    /// Counts a measured sample: completed in `second` with an iteration's `latency` (nil: a
    /// chain's step before its last), sent in `sentSecond` (nil: sent during the warm-up or not
    /// known), failed in `family` (nil: succeeded).
    mutating func record(_ sample: LoadSample, latency: UInt64?, second: Int, sentSecond: Int?, failure family: String?, now: UInt64) {
        guard second >= 0, second < Self.limit else { return }
        grow(to: second)
        if second > current { turn(to: second, now: now) }
        if second == current, let latency { _ = open.record(latency) }
        seconds[second].requests += 1
        if let family {
            seconds[second].errors += 1
            seconds[second].errorsByFamily[family, default: 0] += 1
        }
        seconds[second].inFlight = max(seconds[second].inFlight, sample.inFlight)
        guard let sentSecond, sentSecond >= 0, sentSecond < Self.limit else { return }
        grow(to: sentSecond)
        seconds[sentSecond].sent += 1
        let lateness = Double(sample.sendDelay) / 1e6
        if measuresLateness, lateness > LoadGeneratorHealth.lateThreshold {
            seconds[sentSecond].late += 1
            seconds[sentSecond].lateMax = max(seconds[sentSecond].lateMax, lateness)
        }
    }

    private mutating func grow(to second: Int) {
        if seconds.count <= second { seconds.append(contentsOf: repeatElement(LoadSecond(), count: second + 1 - seconds.count)) }
    }

    /// A later second began: the open histogram is closed, and the generator thread's CPU over
    /// the second that ended noted.
    private mutating func turn(to second: Int, now: UInt64) {
        if current >= 0, open.totalCount > 0 {
            closed.append((current, open))
            open = LoadRecorder.histogram()
        }
        if measuresCPU, let cpu = Self.threadCPU() {
            if let mark = cpuMark, current >= 0, now > mark.wall {
                seconds[current].cpu = min(100, Double(cpu &- mark.cpu) * 100 / Double(now - mark.wall))
            }
            cpuMark = (now, cpu)
        }
        current = second
    }

    /// The calling thread's CPU time so far (user and system), nanoseconds.
    static func threadCPU() -> UInt64? {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return nil }
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// A second's percentiles and its histogram in HdrHistogram's interchange form, worked out
/// once it closed.
struct LoadSecondFigures: Sendable {
    var p50: Double
    var p90: Double
    var p99: Double
    var max: Double
    var histogram: String?

    /// The figures of `histogram`; `encoded`: with its interchange form (a closed second's, or
    /// the final snapshot's).
    static func of(_ histogram: Histogram<UInt64>, encoded: Bool) -> LoadSecondFigures {
        func ms(_ micros: UInt64) -> Double { Double(micros) / 1000 }
        guard histogram.totalCount > 0 else { return LoadSecondFigures(p50: 0, p90: 0, p99: 0, max: 0, histogram: nil) }
        return LoadSecondFigures(p50: ms(histogram.percentileValue(50)), p90: ms(histogram.percentileValue(90)),
                                 p99: ms(histogram.percentileValue(99)), max: ms(histogram.max),
                                 histogram: encoded ? HDRInterchange.encode(histogram) : nil)
    }

    func apply(to second: inout LoadSecond) {
        second.p50 = p50
        second.p90 = p90
        second.p99 = p99
        second.max = max
        second.histogram = histogram
    }
}
