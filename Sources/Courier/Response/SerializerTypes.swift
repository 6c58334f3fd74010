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
    /// JSON; `responseJSON` is set. The default, as in YTKNetwork.
    case json
    /// XML; `responseXML` is set.
    case xml
}
