import CourierWorkspace
import Courier
import Foundation

/// One send of a request in the workbench: the request object as the engine ran it, when it
/// started and stopped, and once it finished, its body laid out for the viewer.
public final class Exchange {
    public let id: Int
    /// The workspace request it sends.
    public let name: String
    public let request: WorkspaceRequest
    /// "batch basics", "chain checkout, step 2", or nil when sent alone.
    public let origin: String?
    /// The chain step's row in the Requests tree, for a request a chain sent.
    public internal(set) var step: RequestTree.Node?
    public internal(set) var startedAt: Date?
    public internal(set) var stoppedAt: Date?
    /// The body laid out; nil until the formatter delivers it.
    public internal(set) var body: FormattedBody?
    public var viewer: BodyViewer?
    /// The events of a streamed response, as the stream view shows them; nil until one arrives.
    public var streamView: StreamView?
    /// Where the engine leaves the stream's events for the input loop.
    let streamInbox: StreamInbox
    /// Set once its body is being (or has been) laid out; only a request's latest exchange is.
    var isLayingOut = false
    /// Why a cached request went to the network (or that it was answered from the cache),
    /// judged just before it started.
    public internal(set) var cacheNote: String?
    /// Which page of a `paginate:` send this is (1-based); nil for any other send.
    public internal(set) var page: Int?
    /// Set on the last page once the listing stopped: every page's items, which the Body tab shows.
    public internal(set) var gathered: GatheredPages?

    init(id: Int, name: String, request: WorkspaceRequest, origin: String?) {
        self.id = id
        self.name = name
        self.request = request
        self.origin = origin
        streamInbox = StreamInbox(capacity: request.streamLimits.keptEvents)
    }

    public var isInFlight: Bool { startedAt != nil && stoppedAt == nil }
    public var isCancelled: Bool { stoppedAt != nil && request.isCancelled }

    /// Seconds from start to stop, or to `now` while in flight.
    public func elapsed(now: Date) -> TimeInterval? {
        guard let startedAt else { return nil }
        return (stoppedAt ?? now).timeIntervalSince(startedAt)
    }
}
