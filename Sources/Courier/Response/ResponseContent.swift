import Foundation
import Synchronization

/// What a response left behind: head, body and its serialized forms, metrics.
public struct ResponseContent: Sendable {
    /// The status line and header fields. A network response's fields are parsed from the
    /// received bytes the first time they are read (most small responses' never are).
    public var head: ResponseHead? {
        get { parsedHead ?? deferredHead?.value }
        set {
            parsedHead = newValue
            deferredHead = nil
        }
    }
    public var data: Data?
    /// The body decoded with the response's charset, decoded when asked for (most callers
    /// never read it, and a large raw body should not be turned into text for nothing).
    public var string: String? { data.map { CharsetDecoding.string(from: $0, charset: head?.charset) } }
    /// The body parsed by the JSON serializer. When the serializer only had to check the
    /// body (no JSON template to match), it is parsed the first time it is read.
    public var json: JSONValue? {
        get { parsedJSON ?? deferredJSON?.value }
        set {
            parsedJSON = newValue
            deferredJSON = nil
        }
    }
    /// The head's status code (0 without one), read without parsing the header fields.
    var statusCode: Int { parsedHead?.statusCode ?? deferredHead?.statusCode ?? 0 }
    public var metrics: TransferMetrics?
    /// Why the body was kept as it is although its content type names a format (JSON or
    /// XML) it is not in: set under ``ResponseSerializer/auto`` only, which does not fail.
    public var bodyWarning: String?
    /// Where a download's body was saved (the body is then not held in `data`).
    public var downloadedFile: URL?
    /// How the stream ended, when the body streamed (``data`` is then its newest part kept).
    public var stream: StreamState?
    /// The stream's events kept (the newest ``StreamLimits/keptEvents``), oldest first.
    public var streamEvents: [StreamEvent] = []
    private var parsedHead: ResponseHead?
    private var deferredHead: DeferredHead?
    private var parsedJSON: JSONValue?
    private var deferredJSON: DeferredJSON?

    public init(head: ResponseHead? = nil, data: Data? = nil, json: JSONValue? = nil,
                metrics: TransferMetrics? = nil, downloadedFile: URL? = nil) {
        self.parsedHead = head
        self.data = data
        self.parsedJSON = json
        self.metrics = metrics
        self.downloadedFile = downloadedFile
    }

    /// A network response's content, its head parsed from `received` when first read.
    init(received: ReceivedHead?, data: Data, metrics: TransferMetrics?) {
        self.init(data: data, metrics: metrics)
        deferredHead = received.map(DeferredHead.init)
    }

    /// Marks `body`, already checked to be JSON, to be parsed when `json` is first read.
    mutating func deferJSON(of body: Data) {
        parsedJSON = nil
        deferredJSON = DeferredJSON(body)
    }
}

/// A JSON body parsed at most once, on first use, and shared by every copy of its content.
final class DeferredJSON: Sendable {
    private let body: Data
    private let parsed = Mutex<JSONValue?>(nil)

    init(_ body: Data) {
        self.body = body
    }

    var value: JSONValue? {
        parsed.withLock { value in
            if value == nil { value = try? JSONValue(parsing: body) }
            return value
        }
    }
}
