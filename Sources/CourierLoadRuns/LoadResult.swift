import Courier
import Foundation

/// A load run's figures, live (a ``LoadRecorder`` snapshot, once a second) or final (printed,
/// written by `--json`, kept in the history's `load_runs`). Latencies are milliseconds.
public struct LoadResult: Codable, Sendable, Hashable {
    /// The history's id of a saved run; nil before it is saved.
    public var id: Int64?
    /// The workspace file's name and the request, batch or chain that ran.
    public var workspace: String
    public var target: String
    /// "request", "batch" or "chain".
    public var kind: String
    public var startedAt: Date
    public var plan: LoadPlan
    /// The run was stopped before its end: the figures cover what completed.
    public var stopped = false
    /// The run is still going (a live snapshot).
    public var running = false
    /// Seconds measured: from the end of the warm-up to the last completion.
    public var seconds: Double = 0
    /// Requests measured (a chain's steps each count), and iterations (a chain's runs).
    public var requests = 0
    public var iterations = 0
    /// Requests sent during the warm-up, not measured.
    public var warmupRequests = 0
    /// Measured requests a second.
    public var throughput: Double = 0
    /// Iteration latency: a request's, or a whole chain's, from when it was due.
    public var latency = LatencyFigures()
    /// libcurl's phases, cumulative from the transfer's start: "connect" and "tls" over new
    /// connections only, "firstByte" and "total" over every request.
    public var phases: [String: LatencyFigures] = [:]
    /// Failures: transport errors by family and code, and responses of 400 and more as
    /// family "http" with the status as code.
    public var errors: [LoadErrorCount] = []
    /// Failed requests ÷ measured requests.
    public var errorRate: Double = 0
    /// Responses by status ("200": n).
    public var statuses: [String: Int] = [:]
    public var bytesReceived: Int64 = 0
    public var bytesSent: Int64 = 0
    /// Connections opened (each request that did not reuse one).
    public var newConnections = 0
    /// Responses by HTTP version ("HTTP/2": n). Nil in runs saved before versions were counted.
    public var protocols: [String: Int]?
    /// Measured iterations the open model had due but never sent: the client could not keep up
    /// (every slot busy and a second of the schedule waiting), or the end came while they
    /// waited. Nil in runs saved before they were counted.
    public var unsent: Int?
    /// Iterations still running ``LoadPlan/endGrace`` seconds after the end time, left
    /// unfinished when the run ended there. Nil in runs saved before they were counted.
    public var abandoned: Int?
    /// Iterations running or waiting for a slot (live snapshots).
    public var inFlight = 0
    /// The rate a second (open model) or concurrency (closed) sent at now, stages and changes
    /// included; 0 while paused (live snapshots).
    public var level: Double?
    /// A batch's items or a chain's steps, in order (one entry for a single request).
    public var steps: [LoadStepFigures] = []
    /// The run second by second (from the end of the warm-up): requests sent and completed,
    /// errors by family, percentiles of the latencies completed in that second, in flight, late
    /// sends and the generator's CPU.
    public var perSecond: [LoadSecond] = []
    /// The latency distribution in logarithmic buckets (for the view's histogram).
    public var histogram: [LoadHistogramBucket] = []
    /// What changed while it ran (a stage began, `+`/`-`, a pause), at the second it changed.
    /// Nil in runs saved before marks were kept.
    public var marks: [LoadMark]?
    /// The whole run's histograms in HdrHistogram's compressed V2 form, base64 (microseconds):
    /// "latency" and each phase's ("dns", "connect", "tls", "firstByte", "transfer", "total"),
    /// and the sends' "lateness" and the loop's "loopLag", readable by HdrHistogram's libraries;
    /// `courier load merge` adds them up. Final results only.
    public var histograms: [String: String]?
    /// Whether the client kept up: its CPU, late sends, the loop's lag (nil in older runs).
    public var health: LoadGeneratorHealth?
    /// For runs merged by `courier load merge`: where each came from (its file), in order.
    public var mergedFrom: [String]?
    /// What `--find-max` found: its steps and the highest rate that met the SLO.
    public var knee: LoadKnee?
    /// A few whole exchanges of each outcome (status, error, failed check), redacted, by
    /// outcome in the order first seen. Nil in runs saved before samples were kept, and for
    /// runs whose exchanges were not kept.
    public var samples: [LoadSampleExchange]?

    public init(workspace: String, target: String, kind: String, startedAt: Date, plan: LoadPlan) {
        self.workspace = workspace
        self.target = target
        self.kind = kind
        self.startedAt = startedAt
        self.plan = plan
    }
}

/// Latency percentiles of one histogram, in milliseconds.
public struct LatencyFigures: Codable, Sendable, Hashable {
    public var count = 0
    public var min: Double = 0
    public var mean: Double = 0
    public var p50: Double = 0
    public var p90: Double = 0
    public var p95: Double = 0
    public var p99: Double = 0
    public var p999: Double = 0
    public var max: Double = 0

    public init() {}
}

/// Failures of one kind.
public struct LoadErrorCount: Codable, Sendable, Hashable {
    /// "transport", "serialization", "validation", "parameter" or "http".
    public var family: String
    public var code: Int
    /// The first failure's message.
    public var message: String
    public var count: Int
}

/// One batch item's or chain step's figures.
public struct LoadStepFigures: Codable, Sendable, Hashable {
    public var name: String
    public var requests = 0
    public var errors = 0
    /// The step's own latency (libcurl's total for a request).
    public var latency = LatencyFigures()
    /// Its histogram in HdrHistogram's compressed V2 form (final results), for an exact merge.
    public var histogram: String?

    public init(name: String) { self.name = name }
}

/// One second of a run, counted from the end of the warm-up. Requests count in the second they
/// completed, sends in the second they were handed to libcurl.
public struct LoadSecond: Codable, Sendable, Hashable {
    /// Measured requests completed in this second, and of those the failed.
    public var requests = 0
    public var errors = 0
    /// Measured requests handed to libcurl in this second.
    public var sent = 0
    /// Failures by family: "http 5xx", "http 4xx", "transport", "check"…
    public var errorsByFamily: [String: Int] = [:]
    /// Percentiles and maximum of the latencies completed in this second, milliseconds (0: none).
    public var p50: Double = 0
    public var p90: Double = 0
    public var p99: Double = 0
    public var max: Double = 0
    /// The most iterations running or waiting for a slot.
    public var inFlight = 0
    /// Sends more than ``LoadGeneratorHealth/lateThreshold`` behind their schedule (open
    /// model), and the latest, milliseconds.
    public var late = 0
    public var lateMax: Double = 0
    /// The load generator's thread's CPU in this second, % of one core (nil for chains, which
    /// run on the runner's threads).
    public var cpu: Double?
    /// This second's latencies as an HdrHistogram (compressed V2, base64), for an exact merge.
    public var histogram: String?

    public init() {}

    /// A second of `requests` completed, `errors` of them failed.
    public init(requests: Int, errors: Int) {
        self.requests = requests
        self.errors = errors
    }

    private enum CodingKeys: String, CodingKey {
        case requests, errors, sent, errorsByFamily, p50, p90, p99, max, inFlight, late, lateMax, cpu, histogram
    }

    /// Reads seconds saved before the timeline had more than requests and errors.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        requests = try container.decodeIfPresent(Int.self, forKey: .requests) ?? 0
        errors = try container.decodeIfPresent(Int.self, forKey: .errors) ?? 0
        sent = try container.decodeIfPresent(Int.self, forKey: .sent) ?? 0
        errorsByFamily = try container.decodeIfPresent([String: Int].self, forKey: .errorsByFamily) ?? [:]
        p50 = try container.decodeIfPresent(Double.self, forKey: .p50) ?? 0
        p90 = try container.decodeIfPresent(Double.self, forKey: .p90) ?? 0
        p99 = try container.decodeIfPresent(Double.self, forKey: .p99) ?? 0
        max = try container.decodeIfPresent(Double.self, forKey: .max) ?? 0
        inFlight = try container.decodeIfPresent(Int.self, forKey: .inFlight) ?? 0
        late = try container.decodeIfPresent(Int.self, forKey: .late) ?? 0
        lateMax = try container.decodeIfPresent(Double.self, forKey: .lateMax) ?? 0
        cpu = try container.decodeIfPresent(Double.self, forKey: .cpu)
        histogram = try container.decodeIfPresent(String.self, forKey: .histogram)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(requests, forKey: .requests)
        try container.encode(errors, forKey: .errors)
        try container.encode(sent, forKey: .sent)
        if !errorsByFamily.isEmpty { try container.encode(errorsByFamily, forKey: .errorsByFamily) }
        try container.encode(p50, forKey: .p50)
        try container.encode(p90, forKey: .p90)
        try container.encode(p99, forKey: .p99)
        try container.encode(max, forKey: .max)
        try container.encode(inFlight, forKey: .inFlight)
        if late > 0 { try container.encode(late, forKey: .late) }
        if lateMax > 0 { try container.encode(lateMax, forKey: .lateMax) }
        try container.encodeIfPresent(cpu, forKey: .cpu)
        try container.encodeIfPresent(histogram, forKey: .histogram)
    }
}

/// Something that changed during a run, at `second` from the end of the warm-up (negative:
/// during it): `stage 2: 500/s`, `rate 100/s → 125/s`, `paused`, `resumed`, `draining` (a
/// find-max run between two steps).
public struct LoadMark: Codable, Sendable, Hashable {
    public var second: Double
    public var text: String

    public init(second: Double, text: String) {
        self.second = second
        self.text = text
    }
}

/// Whether the load generator kept up, and so whether the figures are the server's.
public struct LoadGeneratorHealth: Codable, Sendable, Hashable {
    /// A send this much behind its schedule counts as late: 1 ms.
    public static let lateThreshold: Double = 1
    /// The generator thread's CPU over the measured seconds, % of one core: the mean and the
    /// busiest second (nil for chains).
    public var cpu: Double?
    public var peakCPU: Double?
    /// Measured sends, and of those the ones more than ``lateThreshold`` behind schedule (open model).
    public var sends = 0
    public var lateSends = 0
    /// How far behind schedule sends went (open model), milliseconds.
    public var lateness = LatencyFigures()
    /// How late the loop woke for a due send against when it asked to (open model), milliseconds:
    /// a busy client, not a slow server.
    public var loopLag = LatencyFigures()
    /// Sends that waited for a free slot (every `--max-in-flight` busy): the server's slowness.
    public var waitedForSlot = 0
    /// Why the client, not the server, may have limited the run; empty when it kept up.
    public var warnings: [String] = []

    public init() {}

    /// Sets ``warnings`` from the figures: a generator thread busy 90 % of the time or more, a
    /// loop waking over 5 ms late at p99, or over 5 % of sends late while no send waited for a slot.
    public mutating func judge() {
        warnings = []
        if let cpu, cpu >= 90 {
            warnings.append(String(format: "the load generator's thread was busy %.0f %% of the time: the figures may be the client's limit, not the server's", cpu))
        }
        if loopLag.count > 0, loopLag.p99 > 5 {
            warnings.append("the loop woke up to \(LoadReportFormat.milliseconds(loopLag.p99)) late (p99): the client was too busy to send on time")
        }
        if sends > 0, waitedForSlot == 0, Double(lateSends) > Double(sends) * 0.05 {
            warnings.append("\(LoadReportFormat.percent(Double(lateSends) / Double(sends))) of sends were over 1 ms behind schedule with slots free: the client could not keep up")
        }
    }
}

/// Requests whose latency was at most `upTo` milliseconds and above the previous bucket's.
public struct LoadHistogramBucket: Codable, Sendable, Hashable {
    public var upTo: Double
    public var count: Int
}
