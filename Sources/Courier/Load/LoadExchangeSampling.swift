/// Which of a load run's sends keep their whole exchange (``LoadExchange``): a few of each
/// outcome — a status, or an error — and no more. A capturing send hears its header lines and
/// keeps the first bytes of its body, which a measuring one does not; so the first sends
/// capture, then sends capture only while an outcome seen has fewer than ``perOutcome``
/// kept (a 503 seen for the first time turns capturing on until three 503s were kept).
/// Everything here is a count or a table lookup: it runs for every send, under the driver's lock.
struct LoadExchangeSampling {
    /// Exchanges kept of each outcome.
    static let perOutcome = 3

    /// By status (0 for none): 0 unseen, then 1 + the exchanges kept.
    private var statuses = [UInt8](repeating: 0, count: 600)
    /// By error, as for statuses.
    private var errors: [ErrorKey: UInt8] = [:]
    /// Outcomes seen that have fewer than ``perOutcome`` exchanges kept.
    private var wanting = 0
    private var starts = 0

    /// An error outcome: its family and code, and for a failed check the check (each check is
    /// its own outcome).
    private struct ErrorKey: Hashable {
        var family: RequestError.Family
        var code: Int
        var check: String?
    }

    /// Whether the send starting now captures its exchange.
    mutating func capturesNext() -> Bool {
        guard starts >= Self.perOutcome else {
            starts += 1
            return true
        }
        return wanting > 0
    }

    /// A send ended with `status` or `error`; `captured`: its exchange was kept.
    mutating func ended(status: Int, error: RequestError?, captured: Bool) {
        if let error {
            let key = ErrorKey(family: error.family, code: error.code.rawValue, check: error.family == .validation ? error.message : nil)
            let (value, change) = Self.counted(errors[key] ?? 0, captured: captured)
            errors[key] = value
            wanting += change
        } else if statuses.indices.contains(status) {
            let (value, change) = Self.counted(statuses[status], captured: captured)
            statuses[status] = value
            wanting += change
        }
    }

    /// An outcome's state after one more send of it, and the change to ``wanting``.
    private static func counted(_ value: UInt8, captured: Bool) -> (UInt8, Int) {
        let done = UInt8(perOutcome + 1)
        var value = value
        var change = 0
        if value == 0 {
            value = 1
            change += 1
        }
        guard captured, value < done else { return (value, change) }
        value += 1
        if value == done { change -= 1 }
        return (value, change)
    }
}
