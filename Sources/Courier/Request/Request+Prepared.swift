extension Request {
    /// What `start()` would send now — the URL after the config's filters and base URL, the
    /// method, headers (authorization included), and the body or its source — without
    /// sending it. Throws the error the start would fail with. For tools that show or
    /// export a request (`courier export-curl`).
    public func preparedRequest() throws(RequestError) -> PreparedRequest {
        try RequestBuilder.prepare(self, snapshot: agent.config.snapshot)
    }

    /// The URL `start()` would send to, without the query the arguments add: the config's URL
    /// filters run and the result joined with the base (or CDN) URL by the same builder that
    /// sends. Never throws: an unsendable URL is returned as built.
    public var resolvedURL: String {
        RequestBuilder.url(for: self, settings: agent.config.settings)
    }
}
