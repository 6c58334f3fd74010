import Courier

extension HTTPBinServer {
    /// An agent for talking to httpbin: its own config, no proxy.
    static func agent() -> NetworkAgent {
        let config = NetworkConfig()
        config.proxy = .none
        return NetworkAgent(config: config)
    }

    /// A request to `path` on this httpbin, sent by `agent`.
    func request(_ path: String, method: HTTPMethod = .get, agent: NetworkAgent,
                 _ configure: (inout ConfigurableRequest.Definition) -> Void = { _ in }) -> ConfigurableRequest {
        let request = ConfigurableRequest(baseURL + path, method: method)
        configure(&request.definition)
        request.agent = agent
        return request
    }
}
