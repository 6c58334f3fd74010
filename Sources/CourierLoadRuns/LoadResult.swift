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
    /// A batch's items or a chain's steps, in order (one entry for a single request).
    public var steps: [LoadStepFigures] = []
    /// Measured requests and errors in each second of the run.
    public var perSecond: [LoadSecond] = []
    /// The latency distribution in logarithmic buckets (for the view's histogram).
    public var histogram: [LoadHistogramBucket] = []

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

    public init(name: String) { self.name = name }
}

/// One second of a run.
public struct LoadSecond: Codable, Sendable, Hashable {
    public var requests = 0
    public var errors = 0
}

/// Requests whose latency was at most `upTo` milliseconds and above the previous bucket's.
public struct LoadHistogramBucket: Codable, Sendable, Hashable {
    public var upTo: Double
    public var count: Int
}
