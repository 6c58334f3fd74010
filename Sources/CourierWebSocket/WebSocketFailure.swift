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

    /// A message the client refused and closed the session for, with the close's code: text
    /// that is not UTF-8 (1007), a message over the limit (1009). nil for another failure.
    static func refusal(_ error: any Error, maximumMessageBytes: Int) -> (code: UInt16, error: RequestError)? {
        let text = "\(error)"
        if text.contains("dataInconsistentWithMessage") {
            return (1007, RequestError(
                family: .transport, code: .badServerResponse,
                message: "The server sent a text message that is not valid UTF-8: the session was closed with 1007 (invalid frame payload data)."))
        }
        if text.contains("messageTooLarge") {
            return (1009, RequestError(
                family: .transport, code: .dataLengthExceedsMaximum,
                message: "The server sent a message larger than the limit of \(maximumMessageBytes) bytes: the session was closed "
                    + "with 1009 (message too big)."))
        }
        return nil
    }
}
