import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket

/// `/ws`: a WebSocket endpoint (RFC 6455) on Hummingbird's WebSocket upgrade, served by the
/// plain HTTP/1.1 listener (`ws://`); the TLS listeners and a request without the upgrade
/// get `426` (see ``upgradeRequired(_:)``).
///
/// The session, every message a text message of compact JSON unless said otherwise:
/// - On connect the server sends `{"type":"welcome","client":N}`, N counting the clients of
///   this server from 1.
/// - A text message that is a JSON object is answered `{"type":"ack","id":I,"echo":O}`: I its
///   `id` member (`null` when it has none), O the object (members sorted by name). Except:
///   - `{"type":"broadcast","data":X}`: every client connected to `/ws` (the sender too) gets
///     `{"type":"broadcast","from":N,"data":X}`, N the sender's number (X `null` when absent).
///   - `{"type":"close","code":C,"reason":R}`: the server closes with code C (default 1000)
///     and reason R (default `"bye"`); a C a close frame cannot carry (outside 1000-1003,
///     1007-1014, 3000-4999) or an R over 123 bytes is answered
///     `{"type":"error","error":"…"}` and the session goes on.
/// - Any other text message is echoed verbatim; a binary message is echoed verbatim as binary.
///
/// Query parameters (a malformed one refuses the upgrade with `400`):
/// - `pingEvery=S`: the server sends a ping every S seconds (0.01-3600), with data `ping 1`,
///   `ping 2`, …; clients answer with pongs by themselves. Without it the server never pings.
/// - `dropAfter=K`: when the K-th message arrives the server closes the TCP connection
///   without a close frame and without answering it (a client sees an abnormal closure, 1006).
/// - `subprotocols=a,b`: the subprotocols the server accepts, in place of `courier.v1,chat`.
///   Of those the client offers in `Sec-WebSocket-Protocol`, the server picks the first one it
///   accepts and names it in its response; when none is accepted it names none.
///
/// Limits: a message (and a frame) of at most 1 MiB, larger ones close the session with
/// 1009; messages sent are split into frames of 16 KiB. A client that does not read has at
/// most ``WebSocketHub/outboxCapacity`` broadcasts queued; newer ones are dropped for it.
/// Stopping the server sends every session a close (1000) and cuts the connections that have
/// not answered it within ``DemoServer/shutdownGracePeriod``.
enum WebSocketRoutes {
    /// The largest message (and frame) the server receives.
    static let maximumMessageSize = 1 << 20
    /// The largest frame the server sends: swift-websocket's default limit.
    static let outgoingFrameSize = 1 << 14
    /// The subprotocols accepted when the query does not name its own.
    static let defaultSubprotocols = ["courier.v1", "chat"]

    /// The plain listener's server: HTTP/1.1 with `/ws` upgraded to WebSocket.
    static func server(state: DemoServerState) -> HTTPServerBuilder {
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            ws: WebSocketServerConfiguration(maxFrameSize: maximumMessageSize, autoPing: .disabled, closeTimeout: .seconds(2))
        )
        return .http1WebSocketUpgrade(webSocketRouter: router(state: state), configuration: configuration)
    }

    /// The router upgrade requests go through (every other request goes to ``DemoRouter``).
    static func router(state: DemoServerState) -> Router<DemoWebSocketContext> {
        let router = Router(context: DemoWebSocketContext.self)
        let hub = state.webSockets
        let log = state.requestLog
        router.ws("/ws") { request, _ in
            log.append(RequestLogMiddleware.entry(for: request))
            let options = try Options(request)
            let offered = request.headers[values: .secWebSocketProtocol]
            guard let chosen = options.subprotocol(offered: offered) else { return .upgrade([:]) }
            return .upgrade([.secWebSocketProtocol: chosen])
        } onUpgrade: { inbound, outbound, context in
            let session = WebSocketSession(options: try Options(context.request), hub: hub, channel: context.requestContext.channel)
            try await session.run(inbound, outbound)
        }
        return router
    }

    /// `GET /ws` without an upgrade, or over a TLS listener (HTTP/2 has no upgrade, and their
    /// HTTP/1.1 fallback does not offer it): `426` saying where WebSocket is served.
    static func upgradeRequired(_ exchange: DemoExchange) throws -> Response {
        try exchange.require(.get)
        throw DemoError(HTTPResponse.Status(code: 426, reasonPhrase: "Upgrade Required"),
                        "/ws is a WebSocket endpoint: connect with a WebSocket client to ws:// on the plain listener")
    }

    /// The query parameters of a `/ws` session.
    struct Options: Sendable {
        var pingEvery: Duration?
        var dropAfter: Int?
        var subprotocols = WebSocketRoutes.defaultSubprotocols

        init(_ request: Request) throws {
            let query = FormFields(urlEncoded: Substring(request.uri.query ?? ""))
            if let text = query["pingEvery"] {
                guard let seconds = Double(text), (0.01...3600).contains(seconds) else {
                    throw DemoError(.badRequest, "pingEvery must be a number of seconds in 0.01...3600")
                }
                pingEvery = .seconds(seconds)
            }
            if let text = query["dropAfter"] {
                guard let count = Int(text), count >= 1 else { throw DemoError(.badRequest, "dropAfter must be an integer >= 1") }
                dropAfter = count
            }
            if let text = query["subprotocols"] {
                subprotocols = text.split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces)) }
            }
        }

        /// The first subprotocol offered (`Sec-WebSocket-Protocol` lines, comma-separated
        /// tokens) that the server accepts.
        func subprotocol(offered lines: [String]) -> String? {
            lines.lazy.flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .first { subprotocols.contains($0) }
        }
    }
}
