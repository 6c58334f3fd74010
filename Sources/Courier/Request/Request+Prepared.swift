extension Request {
    /// What `start()` would send now — the URL after the config's filters and base URL, the
    /// method, headers (authorization included), and the body or its source — without
    /// sending it. Throws the error the start would fail with. For tools that show or
    /// export a request (`courier export-curl`).
    public func preparedRequest() throws(RequestError) -> PreparedRequest {
        try RequestBuilder.prepare(self, settings: agent.config.settings)
    }
}
