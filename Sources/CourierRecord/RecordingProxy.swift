import Courier
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
#if DemoTLS
import NIOSSL
#endif

/// What every connection of a ``RecordingProxy`` shares: the forwarder, the CA that signs the
/// tunnels' certificates, and where finished exchanges go.
struct ProxyCore: Sendable {
    /// The most bytes of a request body the proxy reads (and records).
    static let maximumBodyBytes = 64 << 20
    static let notAProxyRequest = """
        courier record: this is a recording proxy, not a web server.
        Send requests through it: curl --proxy http://HOST:PORT URL (and for HTTPS --cacert with the CA that courier record --ca names).

        """

    let forwarder: UpstreamForwarder
    #if DemoTLS
    let authority: RecordingAuthority?
    /// TLS to the servers of `wss://` upgrades, verified as the forwarder verifies.
    let upstreamTLS: NIOSSLContext?
    #endif
    let deliver: @Sendable (RecordedExchange) -> Void
}

/// `courier record`'s HTTP forward proxy on SwiftNIO: each exchange it forwards (through the
/// engine, so libcurl) is handed to `onExchange` once the client's response is known.
/// HTTPS goes through `CONNECT`, terminated with certificates from a ``RecordingAuthority``.
public final class RecordingProxy: Sendable {
    /// `127.0.0.1:8080`.
    public let address: String
    public let port: Int
    private let channel: any Channel

    private init(address: String, port: Int, channel: any Channel) {
        self.address = address
        self.port = port
        self.channel = channel
    }

    /// Listens on `host:port` (0: a free port) and returns once it does.
    ///
    /// - Parameters:
    ///   - authority: signs the certificates of `CONNECT` tunnels (nil: HTTPS is refused).
    ///   - upstreamCAFile: CAs trusted for the servers instead of the system's.
    ///   - onExchange: called (on no particular thread) with each forwarded exchange.
    public static func start(host: String = "127.0.0.1", port: Int = 8080, authority: RecordingAuthority?, upstreamCAFile: String? = nil,
                             onExchange: @escaping @Sendable (RecordedExchange) -> Void) async throws -> RecordingProxy {
        #if DemoTLS
        var client = TLSConfiguration.makeClientConfiguration()
        if let upstreamCAFile { client.trustRoots = .file(upstreamCAFile) }
        client.applicationProtocols = ["http/1.1"]
        let core = ProxyCore(forwarder: UpstreamForwarder(caFile: upstreamCAFile), authority: authority,
                             upstreamTLS: try NIOSSLContext(configuration: client), deliver: onExchange)
        #else
        let core = ProxyCore(forwarder: UpstreamForwarder(caFile: upstreamCAFile), deliver: onExchange)
        #endif
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    for (name, handler) in ProxyConnectionHandler.httpHandlers(core: core, tunnelOrigin: nil) {
                        try pipeline.addHandler(handler, name: name)
                    }
                }
            }
        let channel = try await bootstrap.bind(host: host, port: port).get()
        let bound = channel.localAddress?.port ?? port
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return RecordingProxy(address: "\(shownHost):\(bound)", port: bound, channel: channel)
    }

    /// Stops listening; connections already open finish what they are doing.
    public func stop() async {
        try? await channel.close().get()
    }
}

#if !DemoTLS
/// Without the DemoTLS trait there is no CA: HTTPS tunnels are refused.
public final class RecordingAuthority: Sendable {}
#endif
