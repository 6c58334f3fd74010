import Foundation
import NIOCore

extension DemoServer {
    /// The loopback port the embedded demo server asks for first. The server's URL is part of
    /// every cache key, so a port that stays the same from run to run keeps a run's cached
    /// responses usable by the next one.
    public static let preferredPort = 18080

    /// The environment variable that overrides ``preferredPort``; `0` asks for any free port.
    public static let preferredPortVariable = "COURIER_DEMO_PORT"

    /// A server started by ``start(host:preferringPort:)``.
    public struct PreferredPortStart: Sendable {
        public let server: DemoServer
        /// The port that was asked for.
        public let preferredPort: Int
        /// Why the server is not on ``preferredPort`` (e.g. "it is in use"); nil when it is.
        public let fallbackReason: String?
    }

    /// The port to prefer given the process environment: ``preferredPortVariable``'s value,
    /// else ``preferredPort``; nil when the variable is `0` (any free port will do).
    ///
    /// - Throws: ``InvalidPreferredPort`` when the variable is not a port number.
    public static func preferredPort(environment: [String: String]) throws(InvalidPreferredPort) -> Int? {
        guard let text = environment[preferredPortVariable] else { return preferredPort }
        guard let port = Int(text.trimmingCharacters(in: .whitespaces)), (0...65_535).contains(port) else {
            throw InvalidPreferredPort(value: text)
        }
        return port == 0 ? nil : port
    }

    /// Starts on `preferredPort` when it can be bound, otherwise on any free port; `tls` as
    /// in ``start(host:port:tls:)``.
    ///
    /// - Throws: the bind error when not even a free port can be had.
    public static func start(host: String = "127.0.0.1", preferringPort preferredPort: Int, tls: Bool = false,
                             webSockets: Bool = false) async throws -> PreferredPortStart {
        do {
            let server = try await start(host: host, port: preferredPort, tls: tls, webSockets: webSockets)
            return PreferredPortStart(server: server, preferredPort: preferredPort, fallbackReason: nil)
        } catch {
            let server = try await start(host: host, port: 0, tls: tls, webSockets: webSockets)
            return PreferredPortStart(server: server, preferredPort: preferredPort, fallbackReason: reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? IOError, error.errnoCode == EADDRINUSE { return "it is in use" }
        return "\(error)"
    }
}

/// A ``DemoServer/preferredPortVariable`` value that is not a port number.
public struct InvalidPreferredPort: Error, CustomStringConvertible {
    public let value: String

    public var description: String {
        "\(DemoServer.preferredPortVariable) must be a port number from 1 to 65535, or 0 for any free port; found \"\(value)\""
    }
}
