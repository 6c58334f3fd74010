import Foundation
import HTTPTypes
import Synchronization

/// What a response left behind: head, body and its serialized forms, metrics.
///
/// A value with its fields held by reference and copied on write: a response's content is
/// handed along the pipeline (the record, the request, the callbacks) by value, and copying a
/// dozen references at each hand-over cost about 40 retains a small GET.
public struct ResponseContent: Sendable {
    /// The fields. `@unchecked`: changed only through ``unique()``, when no other content
    /// shares it.
    private final class Storage: @unchecked Sendable {
        var data: Data?
        var spooledBody: SpooledBody?
        var metrics: TransferMetrics?
        var bodyWarning: String?
        var downloadedFile: URL?
        var stream: StreamState?
        var streamEvents: [StreamEvent] = []
        var trailers: HTTPFields?
        var grpcStatus: GRPCStatus?
        var parsedHead: ResponseHead?
        /// A network response's head as received, parsed into `headParsedOnRead` when first
        /// read (in the storage itself: an object of its own cost an allocation a response).
        var receivedHead: ReceivedHead?
        let headParsedOnRead = Mutex<ResponseHead?>(nil)
        var parsedJSON: JSONValue?
        var deferredJSON: DeferredJSON?

        init() {}

        /// `receivedHead` parsed, once, under the lock (contents on several threads may read it).
        var headOnRead: ResponseHead? {
            guard let receivedHead else { return nil }
            return headParsedOnRead.withLock { head in
                if let head { return head }
                let parsed = receivedHead.parsed()
                head = parsed
                return parsed
            }
        }

        init(copying other: Storage) {
            data = other.data
            spooledBody = other.spooledBody
            metrics = other.metrics
            bodyWarning = other.bodyWarning
            downloadedFile = other.downloadedFile
            stream = other.stream
            streamEvents = other.streamEvents
            trailers = other.trailers
            grpcStatus = other.grpcStatus
            parsedHead = other.parsedHead
            receivedHead = other.receivedHead
            headParsedOnRead.withLock { $0 = other.headParsedOnRead.withLock { $0 } }
            parsedJSON = other.parsedJSON
            deferredJSON = other.deferredJSON
        }
    }

    private var storage: Storage

    /// The storage of every empty content: a request's state starts with one and starts each
    /// run with a fresh one, which cost two allocations a request. Never written: ``unique()``
    /// copies it first, since this reference keeps it shared.
    private static let emptyStorage = Storage()

    /// The storage, copied first when another content shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
        return storage
    }

    /// The status line and header fields. A network response's fields are parsed from the
    /// received bytes the first time they are read (most small responses' never are).
    public var head: ResponseHead? {
        get { storage.parsedHead ?? storage.headOnRead }
        set {
            let storage = unique()
            storage.parsedHead = newValue
            storage.receivedHead = nil
        }
    }
    /// The body as received; nil without one, for a download saved to disk (``downloadedFile``),
    /// and when it passed the size limit.
    public var data: Data? {
        get { storage.data }
        _modify { let storage = unique(); yield &storage.data }
    }
    /// The body, when it was too large for memory and went to a spool file as it arrived
    /// (``NetworkSettings/spoolResponseBodiesOver``); ``data`` is then nil.
    public var spooledBody: SpooledBody? { storage.spooledBody }
    /// The body decoded with the response's charset, decoded when asked for (most callers
    /// never read it, and a large raw body should not be turned into text for nothing).
    public var string: String? { data.map { CharsetDecoding.string(from: $0, charset: head?.charset) } }
    /// The body parsed by the JSON serializer. When the serializer only had to check the
    /// body (no JSON template to match), it is parsed the first time it is read.
    public var json: JSONValue? {
        get { storage.parsedJSON ?? storage.deferredJSON?.value }
        set {
            let storage = unique()
            storage.parsedJSON = newValue
            storage.deferredJSON = nil
        }
    }
    /// The body's JSON tree when it was built already (by the serializer, or by a reader of
    /// ``json``); nil when it would have to be parsed now.
    package var parsedJSON: JSONValue? { storage.parsedJSON ?? storage.deferredJSON?.parsedValue }
    /// The head's status code (0 without one), read without parsing the header fields.
    var statusCode: Int { storage.parsedHead?.statusCode ?? storage.receivedHead?.statusCode ?? 0 }
    /// libcurl's timings and sizes of the transfer; nil for an answer from the cache.
    public var metrics: TransferMetrics? {
        get { storage.metrics }
        _modify { let storage = unique(); yield &storage.metrics }
    }
    /// Why the body was kept as it is although its content type names a format (JSON or
    /// XML) it is not in: set under ``ResponseSerializer/auto`` only, which does not fail.
    public var bodyWarning: String? {
        get { storage.bodyWarning }
        _modify { let storage = unique(); yield &storage.bodyWarning }
    }
    /// Where a download's body was saved (the body is then not held in `data`).
    public var downloadedFile: URL? {
        get { storage.downloadedFile }
        _modify { let storage = unique(); yield &storage.downloadedFile }
    }
    /// How the stream ended, when the body streamed (``data`` is then its newest part kept).
    public var stream: StreamState? {
        get { storage.stream }
        _modify { let storage = unique(); yield &storage.stream }
    }
    /// The stream's events kept (the newest ``StreamLimits/keptEvents``), oldest first.
    public var streamEvents: [StreamEvent] {
        get { storage.streamEvents }
        _modify { let storage = unique(); yield &storage.streamEvents }
    }
    /// The trailer fields that followed the body (HTTP/2 trailers, chunked HTTP/1.1
    /// trailers); nil when none came.
    public var trailers: HTTPFields? {
        get { storage.trailers }
        _modify { let storage = unique(); yield &storage.trailers }
    }
    /// How a gRPC call ended: its trailers' status (or its headers', for a trailers-only
    /// answer), or the status the client gave it (a body that is not gRPC framing is
    /// `INTERNAL`); nil for a plain HTTP request.
    public var grpcStatus: GRPCStatus? {
        get { storage.grpcStatus }
        _modify { let storage = unique(); yield &storage.grpcStatus }
    }

    /// Content from its parts, for answers that did not come from the network
    /// (``Request/completeWithoutNetwork(content:error:)``, tests); every part nil by default.
    public init(head: ResponseHead? = nil, data: Data? = nil, json: JSONValue? = nil,
                metrics: TransferMetrics? = nil, downloadedFile: URL? = nil) {
        if head == nil, data == nil, json == nil, metrics == nil, downloadedFile == nil {
            storage = Self.emptyStorage
            return
        }
        let storage = Storage()
        storage.parsedHead = head
        storage.data = data
        storage.parsedJSON = json
        storage.metrics = metrics
        storage.downloadedFile = downloadedFile
        self.storage = storage
    }

    /// A network response's content, its head parsed from `received` when first read.
    init(received: ReceivedHead?, data: Data, metrics: TransferMetrics?) {
        self.init(data: data, metrics: metrics)
        unique().receivedHead = received
    }

    /// The body went to `spooled` instead of memory: ``data`` becomes nil.
    mutating func spool(_ spooled: SpooledBody) {
        let storage = unique()
        storage.data = nil
        storage.spooledBody = spooled
    }

    /// Marks `body`, already checked to be JSON, to be parsed when `json` is first read.
    mutating func deferJSON(of body: Data) {
        let storage = unique()
        storage.parsedJSON = nil
        storage.deferredJSON = DeferredJSON(body)
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

    /// The tree when it was parsed already; nil without parsing it.
    var parsedValue: JSONValue? { parsed.withLock { $0 } }
}
