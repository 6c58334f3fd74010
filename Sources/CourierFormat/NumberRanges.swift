import CourierFormatCore
/// The documented range of every number in the workspace format (`docs/workspaces.md`,
/// "Numbers"; the transfer options' are in ``TransferOptionFields``). A value outside its
/// range, NaN or an infinity is an error at the value: a timeout of 0 or `.inf` would never
/// time out, a negative or `.nan` backoff would never retry.
enum NumberRanges {
    /// `timeout` (config and requests), seconds without progress: up to a day.
    static let timeout: ClosedRange<Double> = 0.001...86_400
    /// `deadline`, seconds the whole transfer may take: up to a day.
    static let deadline: ClosedRange<Double> = 0.001...86_400
    /// `maxBodyBytes` (config and requests): the most bytes of a response body kept in memory,
    /// from 1 KiB to 4 GiB (downloads stream to disk and are not limited).
    static let maxBodyBytes = 1_024...4_294_967_296
    /// `config.spoolBodiesOver`: the size past which a response body goes to a file instead of
    /// memory, from 1 KiB to 4 GiB.
    static let spoolBodiesOver = 1_024...4_294_967_296
    /// `retry: N` and `retry.limit`: retries after the first attempt.
    static let retryLimit = 0...10
    /// `retry.backoff`: seconds before the first retry; the wait doubles before each next one.
    static let backoff: ClosedRange<Double> = 0...60
    /// The longest any one retry may wait, `backoff × 2^(limit − 1)`: an hour.
    static let longestRetryWait: Double = 3_600
    /// `config.maxConcurrent`: transfers at once.
    static let maxConcurrent = 1...1_000
    /// A numeric `priority` (`low` is -4, `high` 4).
    static let priority = -100...100
    /// `cache` / `cache.seconds`: up to a year; 0 neither writes nor reads the cache.
    static let cacheSeconds = 0...31_536_000
    /// `cache.version`: any non-negative 32-bit number, so a date like 20240115 fits.
    static let cacheVersion = 0...2_147_483_647
    /// Statuses in `validate.status` and `retry.statuses`.
    static let status = 100...599
    /// `config.history.keep.count`: exchanges kept per request.
    static let historyCount = 1...1_000_000
    /// `config.history.keep.days`: ten years.
    static let historyDays = 1...3_650
    /// `config.history.bodyBytes`: 0 keeps no body, at most 64 MiB each.
    static let historyBodyBytes = 0...67_108_864
    /// `history.spooledBytes` / `spooledTotalBytes`: up to 1 TiB (0: no spooled body kept).
    static let historySpooledBytes = 0...1_099_511_627_776
    // `times` in a batch item is 1 to ``BatchItem/maximumTimes``.
}

extension YAMLValue {
    /// A whole number in `range`. Anything else is an error naming the key, the range and
    /// what was found: `expected <what> from 1 to 1000<alternative>, found 0`.
    func int(in range: ClosedRange<Int>, _ what: String, alternative: String = "") throws(WorkspaceError) -> Int {
        let expected = "\(what) from \(range.lowerBound) to \(range.upperBound)\(alternative)"
        let value = try int(expected: expected)
        guard range.contains(value) else { throw outOfRange(expected: expected) }
        return value
    }

    /// A finite number in `range`; NaN, infinities and numbers outside it are errors as for
    /// ``int(in:_:alternative:)``.
    func double(in range: ClosedRange<Double>, _ what: String) throws(WorkspaceError) -> Double {
        let expected = "\(what) from \(Self.text(range.lowerBound)) to \(Self.text(range.upperBound))"
        let value = try double(expected: expected)
        guard value.isFinite, range.contains(value) else { throw outOfRange(expected: expected) }
        return value
    }

    /// `expected …, found 0`: the value as written, a string quoted.
    func outOfRange(expected: String) -> WorkspaceError {
        error(.invalidValue, "expected \(expected), found \(written)")
    }

    /// A scalar as written in the file, quoted unless it reads as a number.
    var written: String {
        guard case .scalar(let scalar) = node else { return summary }
        return tagName == .int || tagName == .float ? scalar.string : "\"\(scalar.string)\""
    }

    /// `0.001`, `60` — a bound as the documentation writes it.
    package static func text(_ number: Double) -> String {
        number.rounded() == number ? String(Int(number)) : String(number)
    }
}
