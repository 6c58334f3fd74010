import Courier
import CourierChecks
import CourierFormatCore
import Foundation

/// One request of a workspace, as written: strings may still hold `{{placeholders}}`,
/// which are filled in each time the request is sent.
public struct RequestDefinition: Sendable {
    /// How the request authenticates: one of the engine's schemes (``AuthSchemes/all``),
    /// strings still templates.
    package enum Auth: Sendable, Hashable {
        /// A token from an OAuth2 token endpoint, cached and refreshed (``OAuth2Settings``).
        case oauth2(OAuth2Settings)
        /// A token a shell command prints, cached for its TTL (``TokenCommand``).
        case command(TokenCommand)
        /// Any other scheme — basic, bearer, digest, NTLM, Negotiate, AWS SigV4, … — which
        /// the engine applies itself.
        case scheme(HTTPAuthentication)
    }

    /// One part of a multipart body: a text field or a file read from disk.
    public struct Part: Sendable, Hashable {
        public var name: String
        public var value: String?
        public var file: String?
        public var filename: String?
        public var contentType: String?

        public init(name: String, value: String? = nil, file: String? = nil, filename: String? = nil, contentType: String? = nil) {
            self.name = name
            self.value = value
            self.file = file
            self.filename = filename
            self.contentType = contentType
        }
    }

    /// What the request sends as its body.
    public enum Body: Sendable, Hashable {
        /// The arguments as `application/json`.
        case json(JSONValue)
        /// The arguments as `application/x-www-form-urlencoded`; `order` is the fields' order
        /// in the file (the engine sends them sorted).
        case form(JSONValue, order: [String] = [])
        /// Text as it is, with a content type (default `text/plain; charset=utf-8`).
        case text(String, contentType: String?)
        /// A file's bytes, streamed from disk.
        case file(path: String, contentType: String?)
        /// `multipart/form-data` fields and files.
        case multipart([Part])
        /// A GraphQL query over HTTP, as JSON (``GraphQLBody``).
        case graphql(GraphQLBody)
    }

    /// `cache:` — served from disk while fresh (a ``CachedRequest``).
    public struct Cache: Sendable, Hashable {
        public var seconds: Int
        public var version: Int = 0
        /// Whose data this is (e.g. `"{{user}}"`); only its hash is stored.
        public var sensitive: String?
        public var async: Bool = true
    }

    /// `validate:` — what makes a response a success.
    public struct Validation: Sendable, Hashable {
        public var statusCodes: Set<Int>?
        public var json: JSONTemplate?
    }

    /// `download:` — the body streams to a file; partial bytes are kept for a resume.
    public struct Download: Sendable, Hashable {
        public var path: String
        public var resumable = true
    }

    public var name: String
    public var location: SourceLocation
    public var description: String?
    public var method: HTTPMethod = .get
    public var url: String = ""
    public var useCDN = false
    public var args: JSONValue?
    /// The top-level keys of `args` in file order, for the composer.
    public var argumentOrder: [String] = []
    /// In file order; names are not templated, values are.
    public var headers: [(name: String, value: String)] = []
    /// Headers written as `null`: the config's or environment's header of that name is not sent.
    public var removedHeaders: [String] = []
    /// The names under `headers:` in file order, `null` ones included, for the composer.
    public var headerOrder: [String] = []
    package var auth: Auth?
    /// `auth: none` — sent without auth, though its folder's config has some (a token
    /// endpoint, a public page under an authed service).
    public var noAuth = false
    /// `contract: false` — no contract judges this request's responses (a token endpoint, a
    /// health check): ``Workspace/contractScope(for:)``.
    public var judgedByContract = true
    public var body: Body?
    public var timeout: Double?
    /// `deadline:` — seconds the whole transfer may take, however steadily bytes arrive.
    public var deadline: Double?
    /// `maxBodyBytes:` — the most bytes of response body kept in memory (the config's otherwise).
    public var maxBodyBytes: Int?
    public var priority: RequestPriority?
    public var cache: Cache?
    public var validate: Validation?
    /// `expect:` — checks of the response (``Check``) and JSON Schemas it must match
    /// (``SchemaCheck``); any that fails fails the request (-13) after all of them ran.
    package var expect: [Expectation] = []
    /// `paginate:` — every page of a listing is fetched and its items gathered (``Pagination``).
    public var paginate: Pagination?
    /// `stream:` — how a streamed response is read and when the runner ends it (``StreamDefinition``).
    public var stream = StreamDefinition()
    /// `messages:` and `subprotocols:` — a `ws://`/`wss://` session's script (``WebSocketDefinition``).
    public var webSocket = WebSocketDefinition()
    /// `grpc:` with `message:`, `metadata:` and `messages:` — a gRPC call (``GRPCDefinition``);
    /// its ``url`` is then the method's, `TARGET/package.Service/Method`, and its method POST.
    public var grpc: GRPCDefinition?
    public var acceptedContentTypes: Set<String>?
    /// `response:` — how the body is read: `auto` when unset (by its content type, never a
    /// content-type failure), `json` (YTK's: anything else fails), `xml` or `raw`.
    public var response: ResponseSerializer?
    public var download: Download?
    public var retry: RetryPolicy?
    public var tls: TLSPolicy?
    /// `http:`, `resolve:`, `connectTo:`, `unixSocket:` (over the config's).
    public var connection = ConnectionSettings()
    /// `redirects: {max:, keepCredentials:}`, `expect100Timeout:` — how libcurl carries out the
    /// transfer, each nil unless written (``TransferOptionFields``).
    public var transferOptions = TransferOptions()
    /// `cookies: false`: the request neither sends the session's cookies nor keeps those it is sent.
    public var sendsCookies = true
    /// Values (templates allowed) hidden in output and history.
    public var sensitive: [String] = []
    /// `mock:` — how `courier mock` answers this request's route (``MockDefinition``).
    public var mock: MockDefinition?
    /// `diff:` — what `courier diff` leaves out or lets pass for this request, over the config's.
    public var diff: DiffSettings?
    /// `hud:` and `quietErrors:` — the workbench's status line and toasts.
    package var hud = HUDSettings()

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}
