import Courier
import CourierFormat
import Foundation

/// What changed between two exchanges of a request: the status, the response headers, and
/// the body — path by path when both bodies are JSON (`$.items[2].price: 10 → 12`), line by
/// line otherwise.
public struct HistoryDiff: Sendable, Hashable {
    /// One line of the diff.
    public struct Line: Sendable, Hashable {
        public enum Kind: Sendable, Hashable { case heading, added, removed, changed, same }
        public var kind: Kind
        public var text: String

        public init(_ kind: Kind, _ text: String) {
            self.kind = kind
            self.text = text
        }
    }

    public var lines: [Line]
    /// How many paths (JSON) or lines (text) differ in the body.
    public var bodyChanges: Int

    /// Lines of a text diff beyond which only a summary is given (the diff is quadratic).
    static let textLineLimit = 4_000
    /// Changes listed before the rest are counted only.
    static let changeLimit = 2_000

    /// `old` → `new` (the older exchange first); JSON bodies compared under `settings` (the
    /// workspace's `diff:`, as `courier diff` does: ignored paths, tolerances). When the two
    /// were sent in different environments the heading names them.
    public init(old: HistoryExchange, new: HistoryExchange, settings: DiffSettings = DiffSettings()) {
        var heading = "#\(old.id ?? 0) \(Self.stamp(old.date)) → #\(new.id ?? 0) \(Self.stamp(new.date))"
        if old.environment != new.environment {
            heading += "  (\(old.environment ?? "no environment") → \(new.environment ?? "no environment"))"
        }
        var lines: [Line] = [Line(.heading, heading)]
        if old.outcome != new.outcome {
            lines.append(Line(.changed, "status: \(old.outcome) → \(new.outcome)"))
        } else {
            lines.append(Line(.same, "status: \(new.outcome)"))
        }
        lines += Self.checkLines(old.checks ?? [], new.checks ?? [])
        lines += Self.headerLines(old.responseHeaders, new.responseHeaders)
        var changes = 0
        switch (old.responseBody, new.responseBody) {
        case let (oldBody?, newBody?) where old.hasWholeResponseBody && new.hasWholeResponseBody:
            if let a = try? JSONValue(parsing: oldBody), let b = try? JSONValue(parsing: newBody) {
                let body = JSONPathDifferences(a, b, settings: settings, limit: Self.changeLimit)
                changes = body.count
                var heading = body.count == 0 ? "body: the same JSON" : "body: \(body.count) JSON path\(body.count == 1 ? "" : "s") differ"
                if body.ignored > 0 { heading += " (\(body.ignored) ignored by diff:)" }
                lines.append(Line(.heading, heading))
                lines += body.changes.map { change in
                    switch change.kind {
                    case .added: Line(.added, "\(change.path): \(change.after ?? "")")
                    case .removed: Line(.removed, "\(change.path): \(change.before ?? "")")
                    case .changed: Line(.changed, "\(change.path): \(change.before ?? "") → \(change.after ?? "")")
                    }
                }
                if body.unlisted > 0 { lines.append(Line(.same, "… and \(body.unlisted) more")) }
            } else {
                let body = Self.textLines(String(decoding: oldBody, as: UTF8.self), String(decoding: newBody, as: UTF8.self))
                changes = body.filter { $0.kind != .same }.count
                lines.append(Line(.heading, changes == 0 ? "body: the same text" : "body: \(changes) line\(changes == 1 ? "" : "s") differ"))
                lines += body.prefix(Self.changeLimit)
            }
        case (nil, nil) where old.responseBodyBytes == 0 && new.responseBodyBytes == 0:
            lines.append(Line(.same, "body: none either time"))
        default:
            let same = old.responseBodySHA256 != nil && old.responseBodySHA256 == new.responseBodySHA256
            changes = same ? 0 : 1
            lines.append(Line(same ? .same : .changed, same
                ? "body: the same \(old.responseBodyBytes) bytes (SHA-256), too large to keep"
                : "body: \(old.responseBodyBytes) → \(new.responseBodyBytes) bytes (not kept whole: only sizes and SHA-256 compared)"))
        }
        self.lines = lines
        bodyChanges = changes
    }

    private static func stamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        formatter.timeZone = .current
        return formatter.string(from: date).replacingOccurrences(of: "T", with: " ")
    }

    /// The checks' verdicts, and each check (by its text and place) that passed one time and
    /// failed the other.
    private static func checkLines(_ old: [CheckRecord], _ new: [CheckRecord]) -> [Line] {
        guard !old.isEmpty || !new.isEmpty else { return [] }
        func verdict(_ checks: [CheckRecord]) -> String { checks.isEmpty ? "none" : HistoryExchange.checksVerdict(checks) }
        let (before, after) = (verdict(old), verdict(new))
        var lines = [before == after ? Line(.same, "checks: \(after)") : Line(.changed, "checks: \(before) → \(after)")]
        let earlier = Dictionary(old.map { ($0.check + " " + $0.location, $0) }, uniquingKeysWith: { first, _ in first })
        for check in new {
            guard let was = earlier[check.check + " " + check.location], was.passed != check.passed else { continue }
            lines.append(check.passed
                ? Line(.added, "  ✓ \(check.check): now passes (was \(was.actual))")
                : Line(.removed, "  ✗ \(check.check): now fails, \(check.expected), got \(check.actual)"))
        }
        return lines
    }

    private static func headerLines(_ old: [HistoryExchange.Header], _ new: [HistoryExchange.Header]) -> [Line] {
        // Headers that change on every response say nothing about the change.
        let noise: Set<String> = ["date", "age", "expires", "last-modified", "x-request-id", "set-cookie", "etag"]
        func table(_ headers: [HistoryExchange.Header]) -> [String: String] {
            Dictionary(headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { $0 + ", " + $1 })
        }
        let a = table(old), b = table(new)
        var lines: [Line] = []
        for name in Set(a.keys).union(b.keys).subtracting(noise).sorted() {
            switch (a[name], b[name]) {
            case let (x?, y?) where x != y: lines.append(Line(.changed, "header \(name): \(x) → \(y)"))
            case (nil, let y?): lines.append(Line(.added, "header \(name): \(y)"))
            case (let x?, nil): lines.append(Line(.removed, "header \(name): \(x)"))
            default: break
            }
        }
        return lines
    }

    /// A line diff (longest common subsequence); unchanged lines kept as context around changes.
    package static func textLines(_ old: String, _ new: String) -> [Line] {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if a == b { return [] }
        guard a.count <= textLineLimit, b.count <= textLineLimit else {
            return [Line(.changed, "\(a.count) → \(b.count) lines (too long to compare line by line)")]
        }
        // lengths[i][j]: the LCS of a[i...] and b[j...].
        var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var lines: [Line] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                lines.append(Line(.same, "  " + a[i]))
                i += 1
                j += 1
            } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                lines.append(Line(.removed, "- " + a[i]))
                i += 1
            } else {
                lines.append(Line(.added, "+ " + b[j]))
                j += 1
            }
        }
        // Keep two lines of context around each change.
        let changed = lines.indices.filter { lines[$0].kind != .same }
        let keep = Set(changed.flatMap { max(0, $0 - 2)...min(lines.count - 1, $0 + 2) })
        return lines.indices.filter { keep.contains($0) }.map { lines[$0] }
    }
}
