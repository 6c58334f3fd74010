import CourierDemoServer
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The embedded server's fixed port and its fallback. These tests never bind
/// `DemoServer.preferredPort` itself: they prefer ports they picked.
@Suite("Preferred port")
struct PreferredPortTests {
    @Test("a free preferred port is used")
    func freePortIsUsed() async throws {
        let port = try #require(Self.freePortOutsideTheEphemeralRange())
        let start = try await DemoServer.start(preferringPort: port)
        expectEqual(start.server.port, port)
        expectEqual(start.fallbackReason, nil)
        expectEqual(try await HTTPTestClient(baseURL: start.server.baseURL).request("/get").status, 200)
        await start.server.stop()
    }

    @Test("a preferred port in use falls back to a free one and says why")
    func takenPortFallsBack() async throws {
        let occupant = try await DemoServer.start()
        let start = try await DemoServer.start(preferringPort: occupant.port)
        #expect(start.server.port != occupant.port)
        expectEqual(start.preferredPort, occupant.port)
        expectEqual(start.fallbackReason, "it is in use")
        expectEqual(try await HTTPTestClient(baseURL: start.server.baseURL).request("/get").status, 200)
        await start.server.stop()
        await occupant.stop()
    }

    @Test("COURIER_DEMO_PORT overrides the port, 0 asks for none, anything else is refused")
    func environmentVariable() throws {
        expectEqual(try DemoServer.preferredPort(environment: [:]), DemoServer.preferredPort)
        expectEqual(try DemoServer.preferredPort(environment: ["COURIER_DEMO_PORT": "19090"]), 19090)
        expectEqual(try DemoServer.preferredPort(environment: ["COURIER_DEMO_PORT": "0"]), nil)
        for bad in ["", "http", "65536", "-1"] {
            let error = #expect(throws: InvalidPreferredPort.self) { try DemoServer.preferredPort(environment: ["COURIER_DEMO_PORT": bad]) }
            expectEqual(error?.description, "COURIER_DEMO_PORT must be a port number from 1 to 65535, or 0 for any free port; found \"\(bad)\"")
        }
    }

    /// A port below the kernel's ephemeral range that binds now: no socket is given one of
    /// those without asking for it, so it stays free until the server asks (a port freed from
    /// the ephemeral range can be taken at once by any connection another test opens).
    static func freePortOutsideTheEphemeralRange() -> Int? {
        let range = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))?
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        let below = max(2_000, (range?.first ?? 32_768) - 1)
        for _ in 0..<50 {
            let candidate = Int.random(in: 1_025...below)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = in_port_t(UInt16(candidate).bigEndian)
            let bound = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            if bound { return candidate }
        }
        return nil
    }
}
