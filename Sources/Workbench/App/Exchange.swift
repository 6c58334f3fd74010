import CourierWorkspace
import Courier
import Foundation

/// One send of a request in the workbench: the request object as the engine ran it, when it
/// started and stopped, and once it finished, its body laid out for the viewer.
package final class Exchange {
    package let id: Int
    /// The workspace request it sends.
    package let name: String
    package let request: WorkspaceRequest
    /// "batch basics", "chain checkout, step 2", or nil when sent alone.
    package let origin: String?
    /// The chain step's row in the Requests tree, for a request a chain sent.
    package internal(set) var step: RequestTree.Node?
    package internal(set) var startedAt: Date?
    package internal(set) var stoppedAt: Date?
    /// The body laid out; nil until the formatter delivers it.
    package internal(set) var body: FormattedBody?
    package var viewer: BodyViewer?
    /// The events of a streamed response, as the stream view shows them; nil until one arrives.
    package var streamView: StreamView?
    /// Where the engine leaves the stream's events for the input loop.
    let streamInbox: StreamInbox
    /// Set once its body is being (or has been) laid out; only a request's latest exchange is.
    var isLayingOut = false
    /// Cancels laying out a large body in the background when the exchange gives up its layout.
    var layoutTicket: LayoutTicket?
    /// Its body spooled to a file, laid out while it arrives; nil once the transfer ended.
    var arriving: ArrivingBodyLayout?
    /// Why a cached request went to the network (or that it was answered from the cache),
    /// judged just before it started.
    package internal(set) var cacheNote: String?
    /// Which page of a `paginate:` send this is (1-based); nil for any other send.
    package internal(set) var page: Int?
    /// Set on the last page once the listing stopped: every page's items, which the Body tab shows.
    package internal(set) var gathered: GatheredPages?

    init(id: Int, name: String, request: WorkspaceRequest, origin: String?) {
        self.id = id
        self.name = name
        self.request = request
        self.origin = origin
        streamInbox = StreamInbox(capacity: request.streamLimits.keptEvents)
    }

    package var isInFlight: Bool { startedAt != nil && stoppedAt == nil }
    package var isCancelled: Bool { stoppedAt != nil && request.isCancelled }

    /// Seconds from start to stop, or to `now` while in flight.
    package func elapsed(now: Date) -> TimeInterval? {
        guard let startedAt else { return nil }
        return (stoppedAt ?? now).timeIntervalSince(startedAt)
    }
}
