import Courier

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
