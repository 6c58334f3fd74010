import Hummingbird
import NIOCore

/// Per-request context. Besides Hummingbird's core storage it keeps the connection's
/// `Channel`, which `/drop` needs to cut a connection in the middle of a body.
struct DemoRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection the request arrived on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
    }
}
