import CourierFormatCore
import Foundation

/// A demo server started for a run: its base URL, how to stop it, and whether it had to
/// leave its preferred port.
package struct DemoServerHandle: Sendable {
    package var baseURL: String
    package var stop: @Sendable () async -> Void
    /// Set when the server could not have its preferred port and listens on another: a
    /// sentence saying so and what it means for the cache, e.g. "the demo server is on port
    /// 41234, not 18080 (it is in use): responses cached in this run are keyed by port 41234".
    /// Nil when it is on the preferred port, or none was preferred.
    package var portFallback: String?
    /// Its TLS listeners, for `{{demoTLS}}`, `{{demoCA}}`…; nil when they did not start.
    package var tls: DemoTLSVariables?
    /// Why the TLS listeners did not start, said as a warning: the plain server runs anyway.
    package var tlsFailure: String?

    package init(baseURL: String, portFallback: String? = nil, tls: DemoTLSVariables? = nil, tlsFailure: String? = nil,
                stop: @escaping @Sendable () async -> Void) {
        self.baseURL = baseURL
        self.portFallback = portFallback
        self.tls = tls
        self.tlsFailure = tlsFailure
        self.stop = stop
    }
}

extension DemoServerHandle {
    /// Starts the demo server for a command (`courier run`, `courier load`) and says what
    /// the user must know on `errors`: that it could not start (then nil), that it is not on
    /// its usual port, or that its TLS listeners did not start.
    package static func start(for command: String, with start: @Sendable () async throws -> DemoServerHandle,
                              errors: (String) -> Void) async -> DemoServerHandle? {
        let demo: DemoServerHandle
        do {
            demo = try await start()
        } catch {
            errors("\(command): cannot start the demo server: \(error)")
            return nil
        }
        if let fallback = demo.portFallback { errors("\(command): warning: \(fallback)") }
        if let failure = demo.tlsFailure { errors("\(command): warning: the demo server's TLS listeners did not start: \(failure)") }
        return demo
    }
}
