import Courier
import Foundation
import Testing

/// The library examples of docs/library.md that take the server's URL, run against a demo server
/// of their own (`DocumentExampleCopyTests` checks these copies against the page; the
/// engine-only package, Tests/EngineOnlyPackage, compiles them against the engine alone).
@Suite struct LibraryExampleTests {
    @Test func ordersClientSendsThroughAnAgentOfItsOwn() async throws {
        try await withTestBed { bed in
            // begin docs/library.md
            /// An API client with an agent of its own: its own settings, transport thread, response
            /// cache and record table, whatever the rest of the program does with `NetworkAgent.shared`.
            final class OrdersClient: Sendable {
                let agent: NetworkAgent

                init(baseURL: String) {
                    let config = NetworkConfig()
                    config.baseURL = baseURL
                    config.maxConcurrentTransfers = 4
                    agent = NetworkAgent(config: config)
                }

                func order(_ id: Int) async throws -> ConfigurableRequest {
                    let request = ConfigurableRequest("/anything/orders/\(id)")
                    request.agent = agent                       // without it, NetworkAgent.shared sends it
                    return try await request.run()
                }
            }
            // end docs/library.md
            let client = OrdersClient(baseURL: bed.server.baseURL)
            let order = try await client.order(7)
            expectEqual(order.responseJSON?["url"]?.stringValue, "\(bed.server.baseURL)/anything/orders/7")
            #expect(order.agent === client.agent)
            #expect(client.agent !== NetworkAgent.shared)
        }
    }

    @Test func sendSaysWhatHappenedByFamilyAndCode() async throws {
        try await withTestBed { bed in
            // begin docs/library.md
            /// Sends `request` and says what happened, by the error's family and code.
            func send(_ request: Request) async -> String {
                do {
                    try await request.run()
                    return "\(request.responseStatusCode)"
                } catch let error as RequestError {
                    switch (error.family, error.code) {
                    case (.transport, .cannotConnectToHost), (.transport, .timedOut): return "unreachable: \(error.message)"
                    case (.transport, _): return "the exchange failed: \(error)"
                    case (.validation, .invalidStatusCode): return "the server answered \(error.statusCode ?? 0)"
                    case (.validation, _), (.serialization, _): return "an unexpected answer: \(error.message)"
                    case (.parameter, _): return "not sent: \(error.message)"
                    case (.grpc, _): return "the call ended with \(error.message)"   // NOT_FOUND (5): …
                    }
                } catch {
                    return "\(error)"                           // run() throws RequestError only
                }
            }
            // end docs/library.md
            expectEqual(await send(bed.request("/get")), "200")
            expectEqual(await send(bed.request("/status/404")), "the server answered 404")
            let closed = try FaultServer(.silent)
            closed.stop()
            #expect(await send(bed.request("http://127.0.0.1:\(closed.port)/")).hasPrefix("unreachable: "))
            #expect(await send(bed.request("/json") { $0.jsonValidator = .object(["missing": .string]) })
                .hasPrefix("an unexpected answer: Invalid JSON format"))
            #expect(await send(bed.request("/post", method: .post) { $0.resumableDownloadPath = "/tmp" })
                .hasPrefix("not sent: "))
            let served = try await bed.server.requestLog()
            #expect(served.map(\.path) == ["/get", "/status/404", "/json"], "the last one was never sent")
        }
    }
}
