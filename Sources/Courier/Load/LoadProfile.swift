/// A load run's target over time — a rate a second (open model) or a concurrency (closed) —
/// as straight segments from the run's start: a held level, or a ramp from one level to
/// another. The open model's iteration k is due where the rate's integral reaches k
/// (``time(ofCount:)``); a segment at 0 sends nothing. Pure: time is seconds from the start.
struct LoadProfile: Sendable, Hashable {
    struct Segment: Sendable, Hashable {
        var start: Double
        /// Where it ends (`.infinity` for the last).
        var end: Double
        /// The level at its start and at its end: equal for a held level.
        var from: Double
        var to: Double
        /// The integral of the levels before it.
        var before: Double = 0

        var slope: Double { end.isFinite && end > start ? (to - from) / (end - start) : 0 }

        func level(at time: Double) -> Double { from + slope * (time - start) }

        /// The integral from the segment's start to `time` (inside it).
        func area(to time: Double) -> Double {
            let elapsed = time - start
            return from * elapsed + slope * elapsed * elapsed / 2
        }
    }

    private(set) var segments: [Segment]

    /// Segments of `duration` seconds (nil: to the end of time) one after the other, from 0.
    init(_ parts: [(duration: Double?, from: Double, to: Double)]) {
        var start = 0.0
        segments = []
        for part in parts {
            let end = part.duration.map { start + $0 } ?? .infinity
            segments.append(Segment(start: start, end: end, from: part.from, to: part.to))
            start = end
            if !end.isFinite { break }
        }
        if segments.last?.end.isFinite != false {
            let level = segments.last?.to ?? 0
            segments.append(Segment(start: start, end: .infinity, from: level, to: level))
        }
        recount()
    }

    private mutating func recount() {
        var total = 0.0
        for index in segments.indices {
            segments[index].before = total
            if segments[index].end.isFinite { total += segments[index].area(to: segments[index].end) }
        }
    }

    /// The segment `time` falls in (the first at or before 0, the last past the end).
    private func index(at time: Double) -> Int {
        var low = 0, high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].start <= time { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The level at `time`.
    func level(at time: Double) -> Double { segments[index(at: max(0, time))].level(at: max(0, time)) }

    /// Whether the segment at `time` holds 0: a pause or a stage of nothing.
    func isIdle(at time: Double) -> Bool {
        let segment = segments[index(at: max(0, time))]
        return segment.from == 0 && segment.to == 0
    }

    /// The integral of the level from 0 to `time`: the open model's iterations due by then.
    func count(at time: Double) -> Double {
        guard time > 0 else { return 0 }
        let segment = segments[index(at: time)]
        return segment.before + segment.area(to: time)
    }

    /// The earliest time the integral reaches `count`; `.infinity` when it never does.
    func time(ofCount count: Double) -> Double {
        guard count > 0 else { return 0 }
        // The last segment whose integral before it is below `count`.
        var low = 0, high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].before < count { low = middle } else { high = middle - 1 }
        }
        for segment in segments[low...] {
            let needed = count - segment.before
            let slope = segment.slope
            // from·τ + slope·τ²/2 = needed, in the form that is stable for any slope.
            let discriminant = segment.from * segment.from + 2 * slope * needed
            if discriminant >= 0 {
                let denominator = segment.from + discriminant.squareRoot()
                if denominator > 0 {
                    let time = segment.start + 2 * needed / denominator
                    if time <= segment.end { return time }
                }
            }
        }
        return .infinity
    }

    /// The next segment's start after `time`, when there is one.
    func nextChange(after time: Double) -> Double? {
        let next = index(at: time) + 1
        return next < segments.count ? segments[next].start : nil
    }

    /// From a rising segment at `time`: when its level next reaches a whole number above the
    /// level at `time` (a closed ramp's next step); nil on a level or falling segment.
    func nextStep(after time: Double) -> Double? {
        let segment = segments[index(at: time)]
        guard segment.slope > 0 else { return nil }
        let target = (segment.level(at: time) + 1e-9).rounded(.down) + 1
        let when = segment.start + (target - segment.from) / segment.slope
        return when < segment.end ? when : nil
    }

    /// Holds `level` from `time` until `until` (nil: to the end), the profile after `until`
    /// unchanged: `+`, `-` and a pause.
    mutating func hold(_ level: Double, from time: Double, until: Double?) {
        let start = max(0, time)
        let end = max(start, until ?? .infinity)
        var kept: [Segment] = []
        for var segment in segments where segment.start < start {
            if segment.end > start {
                segment.to = segment.level(at: start)
                segment.end = start
            }
            kept.append(segment)
        }
        kept.append(Segment(start: start, end: end, from: level, to: level))
        if end.isFinite {
            for var segment in segments where segment.end > end {
                if segment.start < end {
                    segment.from = segment.level(at: end)
                    segment.start = end
                }
                kept.append(segment)
            }
        }
        segments = kept
        recount()
    }
}
