import Courier
import Foundation
import Histogram

/// Load runs made at the same time on several machines, as one run (`courier load merge`):
/// counts summed, percentiles from the sum of the runs' HDR histograms — the percentiles of
/// every sample together, to HDR's precision, never an average of percentiles — and the
/// timelines summed second by second, aligned on the clock (each run's seconds count from the
/// end of its warm-up, placed at its start's offset from the earliest, rounded to the second).
public enum LoadMerge {
    /// Why runs could not be merged, in a sentence naming the file.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// One run to merge and where it came from (its file, as the user named it).
    public typealias Source = (name: String, result: LoadResult)

    /// The runs as one; throws when one has no histograms (saved before they were kept, or a
    /// live snapshot) or a histogram does not decode.
    public static func merge(_ sources: [Source]) throws(Failure) -> LoadResult {
        guard let first = sources.first?.result else { throw Failure("nothing to merge") }
        for source in sources where source.result.histograms?["latency"] == nil {
            throw Failure("\(source.name) has no histograms: it is a run from a Courier that did not write them, or not a finished run; run it again")
        }
        let starts = sources.map { $0.result.startedAt.addingTimeInterval($0.result.plan.warmup) }
        let earliest = starts.min()!
        let offsets = starts.map { Int($0.timeIntervalSince(earliest).rounded()) }
        var merged = LoadResult(workspace: first.workspace, target: unique(sources.map(\.result.target)).joined(separator: " + "),
                                kind: first.kind, startedAt: sources.map(\.result.startedAt).min()!, plan: first.plan)
        merged.mergedFrom = sources.map(\.name)
        merged.stopped = sources.contains { $0.result.stopped }
        merged.seconds = zip(sources, offsets).map { Double($1) + $0.result.seconds }.max() ?? 0
        count(sources, into: &merged)
        merged.throughput = merged.seconds > 0 ? Double(merged.requests) / merged.seconds : 0
        let failed = merged.errors.reduce(0) { $0 + $1.count }
        merged.errorRate = merged.requests > 0 ? Double(failed) / Double(merged.requests) : 0

        var histograms: [String: Histogram<UInt64>] = [:]
        for source in sources {
            for (name, text) in source.result.histograms ?? [:] {
                let histogram = try decode(text, source.name, name)
                histograms[name, default: LoadRecorder.histogram()].add(histogram)
            }
        }
        merged.latency = LoadRecorder.figures(histograms["latency"] ?? LoadRecorder.histogram())
        merged.histogram = LoadRecorder.buckets(histograms["latency"] ?? LoadRecorder.histogram())
        merged.phases = histograms.filter { !["latency", "lateness", "loopLag"].contains($0.key) }.mapValues { LoadRecorder.figures($0) }
        merged.histograms = histograms.mapValues(HDRInterchange.encode)
        merged.steps = try steps(sources)
        merged.perSecond = try seconds(sources, offsets: offsets)
        merged.marks = zip(sources, offsets).flatMap { source, offset in
            (source.result.marks ?? []).map { LoadMark(second: $0.second + Double(offset), text: "\(source.name): \($0.text)") }
        }.sorted { $0.second < $1.second }
        merged.health = health(sources, histograms: histograms)
        merged.samples = samples(sources)
        return merged
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    private static func decode(_ text: String, _ source: String, _ name: String) throws(Failure) -> Histogram<UInt64> {
        do {
            return try HDRInterchange.decode(text)
        } catch {
            throw Failure("\(source): its \(name) histogram cannot be read: \(error.description)")
        }
    }

    /// Counts, statuses, errors, bytes and connections, summed.
    private static func count(_ sources: [Source], into merged: inout LoadResult) {
        var errors: [String: LoadErrorCount] = [:]
        var protocols: [String: Int] = [:]
        for result in sources.map(\.result) {
            merged.requests += result.requests
            merged.iterations += result.iterations
            merged.warmupRequests += result.warmupRequests
            merged.bytesReceived += result.bytesReceived
            merged.bytesSent += result.bytesSent
            merged.newConnections += result.newConnections
            merged.statuses.merge(result.statuses, uniquingKeysWith: +)
            protocols.merge(result.protocols ?? [:], uniquingKeysWith: +)
            if let unsent = result.unsent { merged.unsent = (merged.unsent ?? 0) + unsent }
            if let abandoned = result.abandoned { merged.abandoned = (merged.abandoned ?? 0) + abandoned }
            for error in result.errors {
                errors["\(error.family) \(error.code)", default: LoadErrorCount(family: error.family, code: error.code,
                                                                               message: error.message, count: 0)].count += error.count
            }
        }
        merged.protocols = protocols.isEmpty ? nil : protocols
        merged.errors = errors.values.sorted { ($0.count, $1.family, $1.code) > ($1.count, $0.family, $0.code) }
    }

    /// A batch's items or a chain's steps, by name in the first run's order.
    private static func steps(_ sources: [Source]) throws(Failure) -> [LoadStepFigures] {
        var order: [String] = []
        var steps: [String: (figures: LoadStepFigures, histogram: Histogram<UInt64>?)] = [:]
        for source in sources {
            for step in source.result.steps {
                if steps[step.name] == nil {
                    order.append(step.name)
                    steps[step.name] = (LoadStepFigures(name: step.name), LoadRecorder.histogram())
                }
                steps[step.name]!.figures.requests += step.requests
                steps[step.name]!.figures.errors += step.errors
                if let text = step.histogram {
                    steps[step.name]!.histogram?.add(try decode(text, source.name, "step \(step.name)"))
                } else {
                    // A step without its histogram leaves the merged step's percentiles unknown.
                    steps[step.name]!.histogram = nil
                }
            }
        }
        return order.map { name in
            var figures = steps[name]!.figures
            if let histogram = steps[name]!.histogram {
                figures.latency = LoadRecorder.figures(histogram)
                figures.histogram = HDRInterchange.encode(histogram)
            }
            return figures
        }
    }

    /// The timelines summed by second: counts added, the most in flight added (the machines
    /// ran at once), the latest send and the busiest generator kept, percentiles from the
    /// seconds' histograms added up.
    private static func seconds(_ sources: [Source], offsets: [Int]) throws(Failure) -> [LoadSecond] {
        let length = zip(sources, offsets).map { $0.result.perSecond.count + $1 }.max() ?? 0
        var seconds = [LoadSecond](repeating: LoadSecond(), count: length)
        var histograms = [Histogram<UInt64>?](repeating: nil, count: length)
        var complete = [Bool](repeating: true, count: length)
        for (source, offset) in zip(sources, offsets) {
            for (index, second) in source.result.perSecond.enumerated() {
                let at = index + offset
                seconds[at].requests += second.requests
                seconds[at].errors += second.errors
                seconds[at].sent += second.sent
                seconds[at].errorsByFamily.merge(second.errorsByFamily, uniquingKeysWith: +)
                seconds[at].inFlight += second.inFlight
                seconds[at].late += second.late
                seconds[at].lateMax = max(seconds[at].lateMax, second.lateMax)
                if let cpu = second.cpu { seconds[at].cpu = max(seconds[at].cpu ?? 0, cpu) }
                if let text = second.histogram {
                    var histogram = histograms[at] ?? LoadRecorder.histogram()
                    histogram.add(try decode(text, source.name, "second \(index)"))
                    histograms[at] = histogram
                } else if second.requests > 0 {
                    complete[at] = false
                }
            }
        }
        for index in seconds.indices where complete[index] {
            guard let histogram = histograms[index] else { continue }
            LoadSecondFigures.of(histogram, encoded: true).apply(to: &seconds[index])
        }
        return seconds
    }

    /// The runs' sample exchanges, at most as many of each outcome as one run keeps, the
    /// first file's first; each one's step names its file. Nil when none kept any.
    private static func samples(_ sources: [Source]) -> [LoadSampleExchange]? {
        var kept: [LoadSampleExchange] = []
        var counts: [String: Int] = [:]
        for source in sources {
            for var sample in source.result.samples ?? [] where counts[sample.outcome, default: 0] < LoadExchangeKeeper.perOutcome {
                counts[sample.outcome, default: 0] += 1
                sample.step = sample.step.isEmpty ? source.name : "\(source.name): \(sample.step)"
                kept.append(sample)
            }
        }
        return kept.isEmpty ? nil : kept
    }

    /// The generators' health together: the busiest's CPU, sends and late sends summed, the
    /// lateness and lag from the summed histograms, every run's warnings named by its file.
    private static func health(_ sources: [Source], histograms: [String: Histogram<UInt64>]) -> LoadGeneratorHealth? {
        let healths = sources.compactMap { source in source.result.health.map { (source.name, $0) } }
        guard !healths.isEmpty else { return nil }
        var health = LoadGeneratorHealth()
        health.cpu = healths.compactMap(\.1.cpu).max()
        health.peakCPU = healths.compactMap(\.1.peakCPU).max()
        health.sends = healths.reduce(0) { $0 + $1.1.sends }
        health.lateSends = healths.reduce(0) { $0 + $1.1.lateSends }
        health.waitedForSlot = healths.reduce(0) { $0 + $1.1.waitedForSlot }
        health.lateness = histograms["lateness"].map { LoadRecorder.figures($0) } ?? LatencyFigures()
        health.loopLag = histograms["loopLag"].map { LoadRecorder.figures($0) } ?? LatencyFigures()
        health.warnings = healths.flatMap { name, health in health.warnings.map { "\(name): \($0)" } }
        return health
    }
}
