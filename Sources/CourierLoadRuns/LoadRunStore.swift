import Courier
import CourierFormat
import CourierHistory
import Foundation

/// Load runs saved in the history database and read back whole. The table and its SQL are the
/// history's (`LoadRunHistory.swift`); here a ``LoadResult`` becomes its row's summary and JSON,
/// and back.
extension HistoryStore {
    /// Saves a finished (or stopped) run of the workspace at `workspacePath`; returns its id,
    /// which the caller sets as the result's ``LoadResult/id`` (so that `--compare last`
    /// looks before it). With a `retention`, the workspace's load runs it does not keep are
    /// deleted in the same write (the new run is the newest, so it stays).
    @discardableResult
    public func saveLoadRun(_ result: LoadResult, workspacePath: String, retention: HistoryRetention? = nil) throws -> Int64 {
        var stored = result
        stored.id = nil
        let summary = LoadRunSummary(workspace: result.workspace, workspacePath: workspacePath, target: result.target, kind: result.kind,
                                     startedAt: result.startedAt, plan: result.plan, requests: result.requests, seconds: result.seconds,
                                     throughput: result.throughput, p50: result.latency.p50, p99: result.latency.p99,
                                     errorRate: result.errorRate, stopped: result.stopped, slo: result.knee?.slo)
        return try insertLoadRun(summary, resultJSON: String(decoding: try LoadResult.jsonData(stored), as: UTF8.self), retention: retention)
    }

    /// A saved run, whole, with its id; nil when there is none of that id.
    public func loadRun(id: Int64) throws -> LoadResult? {
        guard let json = try loadRunJSON(id: id) else { return nil }
        var result = try LoadResult.decoded(Data(json.utf8))
        result.id = id
        return result
    }

    /// The newest saved run of `target` in the workspace at `workspacePath`, before the run
    /// of id `before` when given (the run just saved, to compare it with its predecessor).
    public func lastLoadRun(workspacePath: String, target: String, before: Int64? = nil) throws -> LoadResult? {
        try lastLoadRunID(workspacePath: workspacePath, target: target, before: before).flatMap(loadRun(id:))
    }
}

extension LoadResult {
    /// A result as `--json` writes it and the history keeps it: sorted keys, dates in ISO 8601
    /// with milliseconds.
    public static func jsonData(_ result: LoadResult, pretty: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        }
        return try encoder.encode(result)
    }

    /// A result from JSON: dates in ISO 8601 (with or without fractions of a second) or as a
    /// plain `JSONEncoder` writes them (seconds since 2001).
    public static func decoded(_ data: Data) throws -> LoadResult {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSinceReferenceDate: seconds) }
            let text = try container.decode(String.self)
            if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
            if let date = try? Date(text, strategy: .iso8601) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date: \(text)")
        }
        return try decoder.decode(LoadResult.self, from: data)
    }
}
