import Courier
import Foundation

/// What one executed or skipped request of a run produced: a line of `courier run --json`.
public struct RequestResult: Sendable, Codable, Hashable {
    /// libcurl's timings, in milliseconds from the start of the transfer.
    public struct Timings: Sendable, Codable, Hashable {
        public var dnsMs: Double
        public var connectMs: Double
        public var tlsMs: Double
        public var firstByteMs: Double
        public var totalMs: Double
    }

    /// Why it failed, in the engine's terms.
    public struct Failure: Sendable, Codable, Hashable {
        public var family: String
        public var code: Int
        public var message: String
    }

    public var name: String
    /// The run target it belongs to when that is a batch or chain.
    public var batch: String?
    public var chain: String?
    /// 1-based step of the chain.
    public var step: Int?
    public var method: String
    /// With secrets redacted.
    public var url: String
    public var status: Int?
    public var ok: Bool
    public var skipped: Bool
    /// Why it was skipped: a condition, or an earlier failure.
    public var skipReason: String?
    public var fromCache: Bool
    public var durationMs: Double
    public var bytes: Int
    public var timings: Timings?
    public var error: Failure?
    /// Values captured from this request's response, secrets redacted.
    public var captures: [String: String]?
    /// The downloaded file, for downloads.
    public var file: String?
    /// Offline: the history exchange that answered it.
    public var fromHistory: Int64?
    /// Why the body was kept as text although its content type says JSON or XML
    /// (`response: auto`, which does not fail for it); secrets redacted.
    public var warning: String?
    /// The HTTP version the response came over (`HTTP/2`, `HTTP/1.1`); nil without a response.
    public var httpVersion: String?
    /// The `expect:` checks, each passed or failed; nil without `expect:` or a response.
    public var checks: [CheckOutcome]?
    /// `paginate:`: the page (1-based); the last page carries what was gathered.
    public var page: Int?
    public var paging: PagingOutcome?
    /// A streamed response: how many events came and how the stream ended.
    public var stream: StreamOutcome? = nil
    /// A gRPC call's status by name (`OK`, `NOT_FOUND`); nil for an HTTP exchange.
    public var grpcStatus: String? = nil

    /// One `expect:` check as a run reports it, secrets redacted.
    public struct CheckOutcome: Sendable, Codable, Hashable {
        /// The check as written: `$.price isNumber`, `schema schemas/pet.json`.
        public var check: String
        public var passed: Bool
        public var expected: String
        public var actual: String
        /// One line for a failure: `$.price: expected isNumber, got "12" (string)`.
        public var summary: String
        /// The JSON path the check reads, for a `$.` check or a schema violation.
        public var path: String?
        /// Where the check is written: `demo.yaml:41:11`.
        public var location: String
        /// The schema keyword a schema or contract violation failed
        /// (`#/components/schemas/Pet/properties/price/type`); nil otherwise.
        public var schemaLocation: String? = nil
    }

    public var failed: Bool { !ok && !skipped }

    enum CodingKeys: String, CodingKey {
        case name, batch, chain, step, method, url, status, ok, skipped, skipReason, fromCache, durationMs, bytes
        case timings, error, captures, file, fromHistory, warning, httpVersion, checks, page, paging, stream, grpcStatus
    }

    /// Encodes `null` for absent optionals so that every line carries every field.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(batch, forKey: .batch)
        try container.encode(chain, forKey: .chain)
        try container.encode(step, forKey: .step)
        try container.encode(method, forKey: .method)
        try container.encode(url, forKey: .url)
        try container.encode(status, forKey: .status)
        try container.encode(ok, forKey: .ok)
        try container.encode(skipped, forKey: .skipped)
        try container.encodeIfPresent(skipReason, forKey: .skipReason)
        try container.encode(fromCache, forKey: .fromCache)
        try container.encode(durationMs, forKey: .durationMs)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(timings, forKey: .timings)
        try container.encode(error, forKey: .error)
        try container.encodeIfPresent(captures, forKey: .captures)
        try container.encodeIfPresent(file, forKey: .file)
        try container.encodeIfPresent(fromHistory, forKey: .fromHistory)
        try container.encodeIfPresent(warning, forKey: .warning)
        try container.encodeIfPresent(httpVersion, forKey: .httpVersion)
        try container.encodeIfPresent(checks, forKey: .checks)
        try container.encodeIfPresent(page, forKey: .page)
        try container.encodeIfPresent(paging, forKey: .paging)
        try container.encodeIfPresent(stream, forKey: .stream)
        try container.encodeIfPresent(grpcStatus, forKey: .grpcStatus)
    }
}

/// The totals of a run: the last line of `courier run --json`.
public struct RunSummary: Sendable, Codable, Hashable {
    public var total = 0
    public var ok = 0
    public var failed = 0
    public var skipped = 0
    public var fromCache = 0
    /// Answered offline from the history (`--offline`); absent from JSON when 0.
    public var fromHistory = 0
    public var durationMs: Double = 0

    public init() {}

    enum CodingKeys: String, CodingKey { case total, ok, failed, skipped, fromCache, fromHistory, durationMs }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        total = try container.decode(Int.self, forKey: .total)
        ok = try container.decode(Int.self, forKey: .ok)
        failed = try container.decode(Int.self, forKey: .failed)
        skipped = try container.decode(Int.self, forKey: .skipped)
        fromCache = try container.decode(Int.self, forKey: .fromCache)
        fromHistory = try container.decodeIfPresent(Int.self, forKey: .fromHistory) ?? 0
        durationMs = try container.decode(Double.self, forKey: .durationMs)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(total, forKey: .total)
        try container.encode(ok, forKey: .ok)
        try container.encode(failed, forKey: .failed)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(fromCache, forKey: .fromCache)
        if fromHistory > 0 { try container.encode(fromHistory, forKey: .fromHistory) }
        try container.encode(durationMs, forKey: .durationMs)
    }

    mutating func add(_ result: RequestResult) {
        total += 1
        if result.ok { ok += 1 }
        if result.failed { failed += 1 }
        if result.skipped { skipped += 1 }
        if result.fromCache { fromCache += 1 }
        if result.fromHistory != nil { fromHistory += 1 }
    }

    /// The process exit status: 0 when nothing failed, 1 otherwise.
    public var exitCode: Int32 { failed == 0 ? 0 : 1 }
}

/// Where a chain step stands after a run, with what it captured.
public struct StepReport: Sendable, Hashable {
    public var chain: String
    /// 1-based.
    public var index: Int
    public var title: String
    /// `succeeded`, `failed`, `skipped`, or `not run` after an earlier failure.
    public var state: String
    /// Redacted.
    public var captures: [String: String]
    public var condition: String?
}

/// What a run reports, in order.
public enum RunEvent: Sendable {
    /// A name given to run starts: `kind` is request, batch or chain.
    case targetStarted(name: String, kind: String)
    case step(StepReport)
    /// An event of a streamed response, as it arrived (before its request's result).
    case streamEvent(StreamEventReport)
    case request(RequestResult)
    case finished(RunSummary)
}
