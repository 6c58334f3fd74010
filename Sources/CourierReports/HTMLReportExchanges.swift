import Courier
import CourierFormat
import CourierHistory
import CourierRunner
import Foundation
import Synchronization

/// What `--report` shows of each exchange beyond its ``RequestResult``: the request's and
/// response's headers and the start of their bodies, redacted by the history's own rules
/// (``HistoryExchange``, which HAR exports too), so that a report hides what the history hides.
///
/// The runner hands it each finished request just before it reports the request's result;
/// ``HTMLReport`` takes the exchange when that result arrives.
public final class HTMLReportExchanges: ExchangeRecording {
    /// How much of each body a report keeps.
    public static let excerptBytes = 4096

    private let context: HistoryRecorder.Context
    private let pending = Mutex<HistoryExchange?>(nil)

    /// Bodies up to the workspace's history body limit are redacted and excerpted; a larger
    /// one is shown by its size only, as the history keeps it.
    public init(workspace: Workspace, environment: String?) {
        context = HistoryRecorder.Context(workspace: workspace, environment: environment, bodyLimit: workspace.config.historyBodyLimit)
    }

    /// Keeps the redacted exchange of a finished request until ``take()``.
    public func record(_ request: WorkspaceRequest, result: RequestResult) {
        var exchange = HistoryExchange(HistorySnapshot(request: request, result: result), context: context)
        exchange.responseBody = exchange.responseBody.map(Self.excerpt)
        exchange.requestBody = exchange.requestBody.map(Self.excerpt)
        pending.withLock { $0 = exchange }
    }

    /// The exchange of the request whose result is being reported; nil once taken, and for
    /// a request that did not run.
    func take() -> HistoryExchange? {
        pending.withLock { pending in
            defer { pending = nil }
            return pending
        }
    }

    /// JSON pretty-printed (after redaction, so what is hidden stays hidden), then the first
    /// ``excerptBytes``.
    private static func excerpt(_ body: Data) -> Data {
        let readable = (try? JSONValue(parsing: body)).map { $0.serialized(prettyPrinted: true) } ?? body
        return readable.prefix(excerptBytes)
    }
}
