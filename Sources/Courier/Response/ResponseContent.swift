import Foundation
import Synchronization

/// What a response left behind: head, body and its serialized forms, metrics.
public struct ResponseContent: Sendable {
    public var head: ResponseHead?
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
    public var metrics: TransferMetrics?
    /// Where a download's body was saved (the body is then not held in `data`).
    public var downloadedFile: URL?
    private var parsedJSON: JSONValue?
    private var deferredJSON: DeferredJSON?

    public init(head: ResponseHead? = nil, data: Data? = nil, json: JSONValue? = nil,
                metrics: TransferMetrics? = nil, downloadedFile: URL? = nil) {
        self.head = head
        self.data = data
        self.parsedJSON = json
        self.metrics = metrics
        self.downloadedFile = downloadedFile
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
