import Courier
import CourierFormatCore
import Foundation
import Histogram
import Synchronization

/// Aggregates a load run's samples into HDR histograms (microseconds, 3 significant digits),
/// counts and per-second buckets: one lock, a few histogram increments a sample, nothing kept
/// per request. ``snapshot()`` turns it into a ``LoadResult`` — once a second for the view,
/// once at the end.
package final class LoadRecorder: LoadSampleSink, Sendable {
    private struct Step {
        var name: String
        var requests = 0
        var errors = 0
        var latency = LoadRecorder.histogram()
    }

    private struct State {
        var latency = LoadRecorder.histogram()
        var dns = LoadRecorder.histogram()
        var connect = LoadRecorder.histogram()
        var tls = LoadRecorder.histogram()
        var firstByte = LoadRecorder.histogram()
        var transfer = LoadRecorder.histogram()
        var total = LoadRecorder.histogram()
        /// How far behind schedule measured sends went (open model), and the loop's lag.
        var lateness = LoadRecorder.histogram()
        var loopLag = LoadRecorder.histogram()
        var lateSends = 0
        var timeline: LoadTimeline
        var marks: [LoadMark] = []
        var steps: [Step]
        var requests = 0
        var iterations = 0
        var warmupRequests = 0
        var failed = 0
        var errors: [ErrorKey: LoadErrorCount] = [:]
        var statuses: [Int: Int] = [:]
        var bytesReceived: Int64 = 0
        var bytesSent: Int64 = 0
        var newConnections = 0
        /// Responses by HTTP version, in the order first seen: one or two entries, scanned.
        var protocols: [(version: String, count: Int)] = []
    }

    private struct ErrorKey: Hashable {
        var family: String
        var code: Int
        /// A failed check's text: each check is its own row.
        var check: String?
    }

    private let state: Mutex<State>
    /// The closed seconds' figures, worked out outside `state`'s lock: by second.
    private let figures = Mutex<[Int: LoadSecondFigures]>([:])
    private let measuredStart: UInt64
    private let template: LoadResult
    private let isOpen: Bool
    /// The sample exchanges, when the run keeps them.
    let exchanges: LoadExchangeKeeper?

    /// `steps` names the targets (batch items, chain steps); `start` is the run's start on
    /// ``LoadDriver/now()``'s clock, for the per-second buckets. `measuresCPU`: samples are
    /// recorded on the generator's own thread (requests and batches, not chains), whose CPU the
    /// timeline notes.
    /// `exchanges` keeps the samples' exchanges (``LoadSample/exchange``) when given.
    package init(result template: LoadResult, steps: [String], start: UInt64 = LoadDriver.now(), measuresCPU: Bool = false,
                 exchanges: LoadExchangeKeeper? = nil) {
        self.template = template
        self.exchanges = exchanges
        isOpen = template.plan.isOpen
        measuredStart = start + LoadNanoseconds.from(template.plan.warmup)
        state = Mutex(State(timeline: LoadTimeline(measuresCPU: measuresCPU, measuresLateness: template.plan.isOpen),
                            steps: steps.map { Step(name: $0) }))
    }

    /// Notes a change at `now` (``LoadDriver/now()``'s clock), for the timeline's marks.
    package func mark(_ text: String, at now: UInt64 = LoadDriver.now()) {
        mark(text, second: (Double(now) - Double(measuredStart)) / 1e9)
    }

    /// Notes a change at `second` from the end of the warm-up (a stage's start, noted before
    /// it begins: a snapshot shows it once its time has come).
    package func mark(_ text: String, second: Double) {
        state.withLock { $0.marks.append(LoadMark(second: second, text: text)) }
    }

    package func loopLagged(_ lag: UInt64) {
        state.withLock { _ = $0.loopLag.record(Self.micros(lag)) }
    }

    /// 1 µs to 1 hour at 3 significant digits (about 0.1 % error).
    static func histogram() -> Histogram<UInt64> {
        Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: .three)
    }

    package func record(_ sample: LoadSample) {
        record(sample, at: LoadDriver.now())
    }

    /// Records `sample` as ended at `now` (``LoadDriver/now()``'s clock), which places it in the timeline.
    package func record(_ sample: LoadSample, at now: UInt64) {
        var closedSeconds = 0
        if sample.exchange != nil { exchanges?.keep(sample, second: (Double(now) - Double(measuredStart)) / 1e9) }
        state.withLock { state in
            if sample.warmup {
                state.warmupRequests += 1
                return
            }
            state.requests += 1
            if sample.endsIteration {
                state.iterations += 1
                _ = state.latency.record(Self.micros(sample.iterationLatency))
            }
            if sample.newConnection {
                state.newConnections += 1
                if sample.nameLookup > 0 { _ = state.dns.record(Self.micros(sample.nameLookup)) }
                if sample.connect > 0 { _ = state.connect.record(Self.micros(sample.connect)) }
                if sample.tlsHandshake > 0 { _ = state.tls.record(Self.micros(sample.tlsHandshake)) }
            }
            if sample.firstByte > 0 { _ = state.firstByte.record(Self.micros(sample.firstByte)) }
            if sample.total > 0 {
                _ = state.total.record(Self.micros(sample.total))
                if sample.total >= sample.firstByte, sample.firstByte > 0 { _ = state.transfer.record(Self.micros(sample.total - sample.firstByte)) }
            }
            state.bytesReceived += sample.bytesReceived
            state.bytesSent += sample.bytesSent
            if sample.status > 0 { state.statuses[sample.status, default: 0] += 1 }
            if !sample.httpVersion.isEmpty {
                if let index = state.protocols.firstIndex(where: { $0.version == sample.httpVersion }) {
                    state.protocols[index].count += 1
                } else {
                    state.protocols.append((sample.httpVersion, 1))
                }
            }
            let failure = Self.failure(of: sample)
            if let failure {
                state.failed += 1
                let key = ErrorKey(family: failure.family, code: failure.code,
                                   check: failure.family == RequestError.Family.validation.rawValue ? failure.message : nil)
                state.errors[key, default: LoadErrorCount(family: failure.family, code: failure.code,
                                                          message: failure.message, count: 0)].count += 1
            }
            if state.steps.indices.contains(sample.target) {
                state.steps[sample.target].requests += 1
                if failure != nil { state.steps[sample.target].errors += 1 }
                _ = state.steps[sample.target].latency.record(Self.micros(sample.total > 0 ? sample.total : sample.latency))
            }
            // A chain's steps share their iteration's send: it counts once, with its last step.
            let sentMeasured = sample.endsIteration && sample.sentAt >= measuredStart && sample.sentAt > 0
            // Late against a schedule: the open model's; the closed model has none to be late for.
            if sentMeasured, isOpen, sample.sendDelay > 0 {
                _ = state.lateness.record(Self.micros(sample.sendDelay))
                if Double(sample.sendDelay) / 1e6 > LoadGeneratorHealth.lateThreshold { state.lateSends += 1 }
            }
            let second = now > measuredStart ? Int((now - measuredStart) / 1_000_000_000) : 0
            // The timeline's latencies are the iterations', as the run's are.
            state.timeline.record(sample, latency: sample.endsIteration ? Self.micros(sample.iterationLatency) : nil, second: second,
                                  sentSecond: sentMeasured ? Int((sample.sentAt - measuredStart) / 1_000_000_000) : nil,
                                  failure: failure.map { Self.familyName(of: $0) }, now: now)
            closedSeconds = state.timeline.closed.count
        }
        // Nobody asked for the figures for a while (a library's run without snapshots): the
        // closed seconds' histograms are worked out here rather than kept.
        if closedSeconds > 4 { settleClosedSeconds() }
    }

    /// "http 5xx", "http 4xx", "check" (a failed check), or the error's family.
    private static func familyName(of failure: (family: String, code: Int, message: String)) -> String {
        switch failure.family {
        case "http": "http \(failure.code / 100)xx"
        case RequestError.Family.validation.rawValue: "check"
        default: failure.family
        }
    }

    /// Works out the closed seconds' percentiles and interchange forms outside `state`'s lock
    /// (the transport thread never waits for them), under `figures`'s: a snapshot reading the
    /// figures meanwhile waits for them rather than missing the seconds taken out (the final
    /// snapshot raced the progress line's once a second).
    private func settleClosedSeconds() {
        figures.withLock { figures in
            let closed = state.withLock { state in
                defer { state.timeline.closed.removeAll() }
                return state.timeline.closed
            }
            for (second, histogram) in closed { figures[second] = LoadSecondFigures.of(histogram, encoded: true) }
        }
    }

    /// The timeline's seconds with their figures: the closed ones' as worked out, the current
    /// one's from `open` (encoded only in a final snapshot).
    private func seconds(_ timeline: LoadTimeline, final: Bool) -> [LoadSecond] {
        var seconds = timeline.seconds
        let known = figures.withLock { $0 }
        for (second, values) in known where seconds.indices.contains(second) { values.apply(to: &seconds[second]) }
        // A second closed after the last settling and before the copy was taken.
        for (second, histogram) in timeline.closed where known[second] == nil && seconds.indices.contains(second) {
            LoadSecondFigures.of(histogram, encoded: final).apply(to: &seconds[second])
        }
        if seconds.indices.contains(timeline.current) {
            LoadSecondFigures.of(timeline.open, encoded: final).apply(to: &seconds[timeline.current])
        }
        return seconds
    }

    /// The figures so far; `seconds` is the measured time (``LoadEnding/measuredSeconds``, or
    /// the time since the warm-up for a live snapshot). `headline`: the counts, the throughput,
    /// the error rate and the latency's p50 and p99 only (a progress line's).
    package func snapshot(seconds: Double, running: Bool, stopped: Bool = false, inFlight: Int = 0,
                         waitedForSlot: Int = 0, headline: Bool = false) -> LoadResult {
        // A copy taken under the lock (the histograms' storage is shared until the next
        // sample writes to it), read outside it: working the percentiles out of the
        // histograms takes milliseconds, and a transport thread recording a sample waited
        // for them once a second.
        settleClosedSeconds()
        if headline { return headlineSnapshot(seconds: seconds, running: running, stopped: stopped, inFlight: inFlight) }
        let state = self.state.withLock { $0 }
        var result = counted(seconds: seconds, running: running, stopped: stopped, inFlight: inFlight,
                             requests: state.requests, failed: state.failed)
        result.iterations = state.iterations
        result.warmupRequests = state.warmupRequests
        result.latency = Self.figures(state.latency)
        let phases = ["dns": state.dns, "connect": state.connect, "tls": state.tls, "firstByte": state.firstByte,
                      "transfer": state.transfer, "total": state.total]
        result.phases = phases.mapValues { Self.figures($0) }
        result.errors = state.errors.values.sorted { ($0.count, $1.family, $1.code) > ($1.count, $0.family, $0.code) }
        result.statuses = Dictionary(uniqueKeysWithValues: state.statuses.map { (String($0.key), $0.value) })
        result.bytesReceived = state.bytesReceived
        result.bytesSent = state.bytesSent
        result.newConnections = state.newConnections
        result.protocols = Dictionary(state.protocols.map { ($0.version, $0.count) }, uniquingKeysWith: +)
        result.steps = state.steps.map { step in
            var figures = LoadStepFigures(name: step.name)
            figures.requests = step.requests
            figures.errors = step.errors
            figures.latency = Self.figures(step.latency)
            if !running { figures.histogram = HDRInterchange.encode(step.latency) }
            return figures
        }
        result.perSecond = self.seconds(state.timeline, final: !running)
        result.histogram = Self.buckets(state.latency)
        // A stage's mark is made at the start, for when it begins.
        let now = (Double(LoadDriver.now()) - Double(measuredStart)) / 1e9
        result.marks = state.marks.filter { $0.second <= now }.sorted { $0.second < $1.second }
        if !running {
            var histograms = phases.filter { $0.value.totalCount > 0 }.mapValues(HDRInterchange.encode)
            histograms["latency"] = HDRInterchange.encode(state.latency)
            if state.lateness.totalCount > 0 { histograms["lateness"] = HDRInterchange.encode(state.lateness) }
            if state.loopLag.totalCount > 0 { histograms["loopLag"] = HDRInterchange.encode(state.loopLag) }
            result.histograms = histograms
        }
        result.health = health(state, seconds: result.perSecond, waitedForSlot: waitedForSlot)
        if let exchanges { result.samples = exchanges.exchanges() }
        return result
    }

    /// Whether the generator kept up: its thread's CPU, late sends and the loop's lag.
    private func health(_ state: State, seconds: [LoadSecond], waitedForSlot: Int) -> LoadGeneratorHealth {
        var health = LoadGeneratorHealth()
        // The last second is partial (and the one in progress is not measured yet).
        let cpus = seconds.dropLast().compactMap(\.cpu)
        if !cpus.isEmpty {
            health.cpu = cpus.reduce(0, +) / Double(cpus.count)
            health.peakCPU = cpus.max()
        }
        health.sends = seconds.reduce(0) { $0 + $1.sent }
        health.lateSends = state.lateSends
        health.lateness = Self.figures(state.lateness)
        health.loopLag = Self.figures(state.loopLag)
        health.waitedForSlot = waitedForSlot
        health.judge()
        return health
    }

    /// The headline figures from a copy of the counts and of the latency histogram alone
    /// (the next sample copies only that one's storage).
    private func headlineSnapshot(seconds: Double, running: Bool, stopped: Bool, inFlight: Int) -> LoadResult {
        let (requests, failed, latency) = state.withLock { ($0.requests, $0.failed, $0.latency) }
        var result = counted(seconds: seconds, running: running, stopped: stopped, inFlight: inFlight,
                             requests: requests, failed: failed)
        result.latency = Self.figures(latency, headline: true)
        return result
    }

    /// The template with the run's state and the figures every snapshot has.
    private func counted(seconds: Double, running: Bool, stopped: Bool, inFlight: Int, requests: Int, failed: Int) -> LoadResult {
        var result = template
        result.running = running
        result.stopped = stopped
        result.inFlight = inFlight
        result.seconds = seconds
        result.requests = requests
        result.throughput = seconds > 0 ? Double(requests) / seconds : 0
        result.errorRate = requests > 0 ? Double(failed) / Double(requests) : 0
        return result
    }

    /// What a sample counts as a failure: its transport error or failed check, or a status of
    /// 400 and more (unless the request's checks judged it and passed it).
    private static func failure(of sample: LoadSample) -> (family: String, code: Int, message: String)? {
        if let error = sample.error { return (error.family.rawValue, error.code.rawValue, error.message) }
        if sample.status >= 400, !sample.statusJudged {
            let reason = ReasonPhrase.of(sample.status)
            return ("http", sample.status, reason.isEmpty ? "HTTP \(sample.status)" : "HTTP \(sample.status) \(reason)")
        }
        return nil
    }

    private static func micros(_ nanoseconds: UInt64) -> UInt64 { max(1, nanoseconds / 1000) }

    /// Latency figures in milliseconds; `headline`: the count, p50 and p99 only.
    static func figures(_ histogram: Histogram<UInt64>, headline: Bool = false) -> LatencyFigures {
        var figures = LatencyFigures()
        figures.count = Int(histogram.totalCount)
        guard histogram.totalCount > 0 else { return figures }
        func ms(_ micros: UInt64) -> Double { Double(micros) / 1000 }
        figures.p50 = ms(histogram.percentileValue(50))
        figures.p99 = ms(histogram.percentileValue(99))
        // A progress line's count, p50 and p99 only: the rest walks the histogram again and again.
        guard !headline else { return figures }
        figures.min = ms(histogram.min)
        figures.mean = histogram.mean / 1000
        figures.p90 = ms(histogram.percentileValue(90))
        figures.p95 = ms(histogram.percentileValue(95))
        figures.p999 = ms(histogram.percentileValue(99.9))
        figures.max = ms(histogram.max)
        return figures
    }

    /// Buckets doubling from 0.1 ms, up to the largest value recorded.
    static func buckets(_ histogram: Histogram<UInt64>) -> [LoadHistogramBucket] {
        guard histogram.totalCount > 0 else { return [] }
        return histogram.logarithmicBucketValues(valueUnitsInFirstBucket: 100, logBase: 2).map {
            LoadHistogramBucket(upTo: Double($0.value) / 1000, count: Int($0.countAddedInThisIterationStep))
        }
    }
}
