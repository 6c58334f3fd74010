import Courier
import Foundation
import Testing

@Suite("httpbin support")
struct HTTPBinServerTests {
    @Test("httpbin starts on a loopback port, answers the engine and stops")
    func startsAnswersAndStops() async throws {
        let server = try await HTTPBinServer.required()
        let config = NetworkConfig()
        config.proxy = .none
        let request = ConfigurableRequest(server.baseURL + "/get?probe=1")
        request.agent = NetworkAgent(config: config)
        try await request.run()
        #expect(request.responseJSON?["args"]?["probe"]?.stringValue == "1")
        server.stop()
        let after = ConfigurableRequest(server.baseURL + "/get")
        after.agent = request.agent
        await #expect(throws: RequestError.self) { try await after.run() }
    }
}
