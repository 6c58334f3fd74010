import Courier
import Foundation
import GRDB

/// Which exchanges `courier history` (and the workbench's History tab) shows: by workspace,
/// request name, status, age, outcome and count.
public struct HistoryQuery: Sendable, Hashable {
    /// A status or a class of them: `500`, `4xx`.
    public struct StatusFilter: Sendable, Hashable {
        public var range: ClosedRange<Int>

        /// `4xx` (a class), `404` (one status) or a list of them (`4xx,500`); nil otherwise.
        public static func parse(_ text: String) -> [StatusFilter]? {
            let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            var filters: [StatusFilter] = []
            for item in items {
                if item.count == 3, item.hasSuffix("xx"), let first = item.first?.wholeNumberValue, (1...5).contains(first) {
                    filters.append(StatusFilter(range: first * 100...first * 100 + 99))
                } else if let status = Int(item), (100...599).contains(status) {
                    filters.append(StatusFilter(range: status...status))
                } else {
                    return nil
                }
            }
            return filters.isEmpty ? nil : filters
        }
    }

    /// The workspace file's absolute path; nil = every workspace.
    public var workspacePath: String?
    /// The request's name: its exchanges, and those of its labelled sends (`NAME [try 2]`,
    /// `NAME [row 3]`).
    public var request: String?
    public var statuses: [StatusFilter] = []
    public var since: Date?
    /// Only exchanges that failed (any family, including a bad status).
    public var failedOnly = false
    /// Only the newest N.
    public var last: Int?
    public var runID: String?
    public var ids: [Int64]?

    public init(workspacePath: String? = nil, request: String? = nil) {
        self.workspacePath = workspacePath
        self.request = request
    }

    /// Every column but the two bodies and a session's transcript, for lists.
    static let listColumns = ["id", "runID", "date", "workspace", "workspacePath", "request", "environment", "method", "url",
                              "requestHeaders", "requestBodyBytes", "status", "httpVersion", "responseHeaders", "responseBodyBytes",
                              "responseBodySHA256", "contentType", "durationMs", "timings", "ok", "errorFamily", "errorCode",
                              "errorMessage", "warning", "checks", "fromCache", "batch", "chain", "step", "file", "responseTrailers"]

    /// Newest first.
    func request(withBodies: Bool) -> QueryInterfaceRequest<HistoryExchange> {
        var request = filtered(HistoryExchange.all())
        if !withBodies { request = request.select(Self.listColumns.map { Column($0) }) }
        request = request.order(Column("date").desc, Column("id").desc)
        if let last { request = request.limit(max(0, last)) }
        return request
    }

    /// What ``request(withBodies:)`` selects, oldest first, starting at its oldest exchange
    /// (`date`, `id`): the same set (`last` included), for reading one exchange at a time.
    func ascendingRequest(from oldest: (date: Date, id: Int64)) -> QueryInterfaceRequest<HistoryExchange> {
        filtered(HistoryExchange.all())
            .filter(Column("date") > TimestampText.database(oldest.date)
                        || (Column("date") == TimestampText.database(oldest.date) && Column("id") >= oldest.id))
            .order(Column("date").asc, Column("id").asc)
    }

    /// The query's conditions.
    private func filtered(_ request: QueryInterfaceRequest<HistoryExchange>) -> QueryInterfaceRequest<HistoryExchange> {
        var request = request
        if let workspacePath {
            let keys = [workspacePath, LegacyHistoryImport.key(forWorkspacePath: workspacePath)]
            request = request.filter(keys.contains(Column("workspacePath")))
        }
        if let name = self.request {
            // Its labelled sends are the request's too: `NAME [try 2]`, `NAME [row 3]`.
            let label = name + " ["
            request = request.filter(Column("request") == name
                || SQL(sql: "substr(request, 1, ?) = ?", arguments: [label.unicodeScalars.count, label]))
        }
        if !statuses.isEmpty {
            let conditions = statuses.map { Column("status") >= $0.range.lowerBound && Column("status") <= $0.range.upperBound }
            request = request.filter(conditions.joined(operator: .or))
        }
        if let since { request = request.filter(Column("date") >= TimestampText.database(since)) }
        if failedOnly { request = request.filter(Column("ok") == false) }
        if let runID { request = request.filter(Column("runID") == runID) }
        if let ids { request = request.filter(ids.contains(Column("id"))) }
        return request
    }

    /// `90s`, `15m`, `1h`, `2d`, `1w` ago, or a date (`2026-11-01`, local midnight) or an
    /// ISO 8601 time; nil when it is none of these.
    public static func parseSince(_ text: String, now: Date = Date()) -> Date? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
        if let unit = text.last, let seconds = units[unit], let amount = Double(text.dropLast()), amount >= 0, amount.isFinite {
            return now.addingTimeInterval(-amount * seconds)
        }
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.dateFormat = "yyyy-MM-dd"
        if text.count == 10, let date = day.date(from: text) { return date }
        let iso = ISO8601DateFormatter()
        if let date = iso.date(from: text) { return date }
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return iso.date(from: text)
    }
}
