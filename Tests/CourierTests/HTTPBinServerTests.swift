import Courier
import Foundation
import Testing

@Suite("httpbin support")
struct HTTPBinServerTests {
    @Test("httpbin starts on a loopback port, answers the engine and stops")
    func startsAnswersAndStops() async throws {
        let server = try await HTTPBinServer.required()
        let agent = HTTPBinServer.agent()
        let request = server.request("/get?probe=1", agent: agent)
        try await request.run()
        expectEqual(request.responseJSON?["args"]?["probe"]?.stringValue, "1")
        server.stop()
        let after = server.request("/get", agent: agent)
        await #expect(throws: RequestError.self) { try await after.run() }
    }
}
