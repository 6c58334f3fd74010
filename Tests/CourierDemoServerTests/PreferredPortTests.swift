import CourierDemoServer
import Testing

/// The embedded server's fixed port and its fallback. These tests never bind
/// `DemoServer.preferredPort` itself: they prefer ports they picked.
@Suite("Preferred port")
struct PreferredPortTests {
    @Test("a free preferred port is used")
    func freePortIsUsed() async throws {
        let probe = try await DemoServer.start()
        let port = probe.port
        await probe.stop()
        let start = try await DemoServer.start(preferringPort: port)
        #expect(start.server.port == port)
        #expect(start.fallbackReason == nil)
        #expect(try await HTTPTestClient(baseURL: start.server.baseURL).request("/get").status == 200)
        await start.server.stop()
    }

    @Test("a preferred port in use falls back to a free one and says why")
    func takenPortFallsBack() async throws {
        let occupant = try await DemoServer.start()
        let start = try await DemoServer.start(preferringPort: occupant.port)
        #expect(start.server.port != occupant.port)
        #expect(start.preferredPort == occupant.port)
        #expect(start.fallbackReason == "it is in use")
        #expect(try await HTTPTestClient(baseURL: start.server.baseURL).request("/get").status == 200)
        await start.server.stop()
        await occupant.stop()
    }

    @Test("COURIER_DEMO_PORT overrides the port, 0 asks for none, anything else is refused")
    func environmentVariable() throws {
        #expect(try DemoServer.preferredPort(environment: [:]) == DemoServer.preferredPort)
        #expect(try DemoServer.preferredPort(environment: ["COURIER_DEMO_PORT": "19090"]) == 19090)
        #expect(try DemoServer.preferredPort(environment: ["COURIER_DEMO_PORT": "0"]) == nil)
        for bad in ["", "http", "65536", "-1"] {
            let error = #expect(throws: InvalidPreferredPort.self) { try DemoServer.preferredPort(environment: ["COURIER_DEMO_PORT": bad]) }
            #expect(error?.description == "COURIER_DEMO_PORT must be a port number from 1 to 65535, or 0 for any free port; found \"\(bad)\"")
        }
    }
}
