/// How a request's arguments are written into its body (YTKRequestSerializerType).
public enum RequestSerializer: String, Sendable, Codable {
    /// `application/x-www-form-urlencoded`.
    case http
    /// `application/json`.
    case json
}

/// How a response body is interpreted (YTKResponseSerializerType).
public enum ResponseSerializer: String, Sendable, Codable {
    /// Raw bytes; only `responseData` and `responseString` are set.
    case raw
    /// JSON; `responseJSON` is set. The engine's default, as in YTKNetwork: a response of
    /// another content type, or one that does not parse, fails the request.
    case json
    /// XML; `responseXML` is set.
    case xml
    /// Whatever the response says it is: JSON when its content type says JSON
    /// (`application/json`, `text/json`, `…+json`), XML when it says XML (`application/xml`,
    /// `text/xml`, `…+xml`), otherwise kept as text or bytes. Never a content-type failure
    /// (unless the request names ``Request/acceptableContentTypes``), and a body that does
    /// not parse as its type says is kept as it is with ``Request/responseWarning`` saying
    /// why. Workspaces' default; library requests keep YTKNetwork's `.json` unless they
    /// choose this.
    case auto

    /// The serializer that reads a response of `mimeType`: for `.auto` the one its content
    /// type names (or `.raw`), for the others themselves.
    public func resolved(forMimeType mimeType: String?) -> ResponseSerializer {
        guard self == .auto else { return self }
        guard let mimeType = mimeType?.lowercased() else { return .raw }
        if mimeType == "application/json" || mimeType == "text/json" || mimeType.hasSuffix("+json") { return .json }
        if mimeType == "application/xml" || mimeType == "text/xml" || mimeType.hasSuffix("+xml") { return .xml }
        return .raw
    }
}
