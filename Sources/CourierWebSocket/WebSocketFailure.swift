import Courier
import NIOCore
import NIOPosix
import NIOSSL

/// A session's failure as a ``RequestError`` of the transport family, with NSURLError's codes
/// as libcurl's failures have them: refused or unreachable (-1004), TLS (-1200), dropped (-1005).
enum WebSocketFailure {
    static func error(_ error: any Error, url: String) -> RequestError {
        let text = "\(error)"
        if text.contains("cannotUseIPAddressInSNI") {
            // swift-websocket 1.6 names the URL's host in SNI, which TLS forbids for an address.
            return RequestError(family: .transport, code: .secureConnectionFailed,
                                message: "wss:// to an IP address is not supported by the WebSocket client (swift-websocket sends the "
                                    + "host as the TLS server name, which cannot be an address): use a host name, such as localhost, in \(url).")
        }
        if error is NIOSSLError || text.contains("handshakeFailed") || text.contains("CERTIFICATE") {
            return RequestError(family: .transport, code: .secureConnectionFailed,
                                message: "The TLS handshake with \(url) failed: \(text).")
        }
        if error is NIOConnectionError || text.contains("connectTimeout") || text.contains("connection refused")
            || text.contains("Connection refused") {
            return RequestError(family: .transport, code: .cannotConnectToHost, message: "Could not connect to \(url): \(text).")
        }
        if text.contains("webSocketUpgradeFailed") || text.contains("invalidResponse") || text.contains("upgrade") {
            return RequestError(family: .transport, code: .badServerResponse,
                                message: "The server did not accept the WebSocket handshake: \(text).")
        }
        return RequestError(family: .transport, code: .networkConnectionLost, message: "The WebSocket session was lost: \(text).")
    }
}
