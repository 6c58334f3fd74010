#if !DemoTLS
import Courier
import CourierDemoServer
import Testing

/// A build without the DemoTLS trait (`make test-tsan`, the Benchmarks package): asked for TLS
/// listeners, the demo server has none, says why, and serves plain HTTP all the same.
@Suite("Demo server without the DemoTLS trait")
struct DemoServerWithoutTLSTests {
    @Test("start(tls: true) runs the plain server; tls is nil and tlsFailure names the missing trait")
    func noTLSListeners() async throws {
        let server = try await DemoServer.start(tls: true)
        expectEqual(server.tls, nil)
        expectEqual(server.tlsFailure, "this build has no TLS listeners (built without the DemoTLS trait)")
        let config = NetworkConfig()
        config.proxy = .none
        let request = ConfigurableRequest(server.baseURL + "/get")
        request.agent = NetworkAgent(config: config)
        try await request.run()
        expectEqual(request.responseStatusCode, 200)
        await server.stop()
    }
}
#endif
