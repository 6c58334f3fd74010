import Foundation
import Synchronization

/// A request whose every overridable is a stored property, for requests described by data
/// (a workspace, a command line) rather than by a subclass. It is a ``CachedRequest`` whose
/// cache is off until `cacheTimeInSeconds` is set above zero.
///
/// ```swift
/// let request = ConfigurableRequest("/post", method: .post, arguments: ["name": "courier"])
/// request.definition.requestSerializer = .json
/// try await request.run()
/// ```
open class ConfigurableRequest: CachedRequest, @unchecked Sendable {
    /// The settings: the same value every ``Request`` reads its overridables from.
    public typealias Definition = RequestSettings

    /// A request with every setting of `definition`.
    public init(_ definition: Definition) {
        super.init()
        requestSettings = definition
    }

    /// A request to `url` (a path joined with the base URL, or an absolute URL) with a method,
    /// arguments and headers; everything else at its default, changed through ``definition``.
    public convenience init(_ url: String, method: HTTPMethod = .get, arguments: JSONValue? = nil,
                            headers: [String: String]? = nil) {
        var definition = Definition()
        definition.requestURL = url
        definition.method = method
        definition.arguments = arguments
        definition.headers = headers
        self.init(definition)
    }

    /// A request to an absolute `URL`.
    public convenience init(_ url: URL, method: HTTPMethod = .get, arguments: JSONValue? = nil,
                            headers: [String: String]? = nil) {
        self.init(url.absoluteString, method: method, arguments: arguments, headers: headers)
    }

    /// A request whose arguments are any `Encodable` value, encoded as JSON (a struct
    /// becomes an object of its properties); throws what the encoder throws.
    public convenience init(_ url: String, method: HTTPMethod = .get, encoding arguments: some Encodable,
                            headers: [String: String]? = nil) throws {
        self.init(url, method: method, arguments: try JSONValue(encoding: arguments), headers: headers)
    }

    /// Every setting at once (``Request/requestSettings``); changes apply from the next start.
    public var definition: Definition {
        get { requestSettings }
        set { requestSettings = newValue }
    }
}
