import Courier
import CourierWorkspace

/// A Postman `auth` object — `{type, <type>: parameters}` — on a request, a folder or the
/// collection. v2.1 lists parameters as `[{key, value}]`, v2.0 as an object keyed by name;
/// both are read.
struct PostmanAuth {
    enum Scheme: Equatable {
        /// `noauth`: no authentication, and none inherited.
        case none
        case basic(user: String, password: String)
        case bearer(token: String)
        /// An API key sent as a header, or as a query parameter when `inQuery`.
        case apiKey(name: String, value: String, inQuery: Bool)
        /// Client credentials, password or authorization code (with PKCE).
        case oauth2(OAuth2Settings)
        /// `digest`, `ntlm` and `awsv4`, which libcurl performs.
        case libcurl(HTTPAuthentication)
        /// A type Courier cannot send (digest, awsv4, hawk, ntlm, oauth2 implicit, …).
        case unsupported(String)
    }

    var scheme: Scheme
    /// Where a request got it from when it is inherited: `folder "Users"`, `the collection`.
    var inheritedFrom: String?

    /// The auth `value` sets, or nil when it sets none and its owner inherits its parent's
    /// (no `auth`, `null`, or `type: "inherit"`).
    init?(_ value: JSONValue?, convert: (String) -> String) {
        guard let value, let type = value.text("type")?.lowercased(), type != "inherit" else { return nil }
        let parameters = Self.parameters(value[type])
        func parameter(_ name: String) -> String { convert(parameters[name] ?? "") }
        switch type {
        case "noauth":
            scheme = .none
        case "basic":
            scheme = .basic(user: parameter("username"), password: parameter("password"))
        case "bearer":
            scheme = .bearer(token: parameter("token"))
        case "apikey":
            scheme = .apiKey(name: parameter("key"), value: parameter("value"), inQuery: parameters["in"]?.lowercased() == "query")
        case "oauth2":
            switch Self.oauth2(parameters, convert: convert) {
            case .success(let settings): scheme = .oauth2(settings)
            case .failure(let grant): scheme = .unsupported("oauth2 \(grant.name) grant")
            }
        default:
            scheme = Self.libcurlScheme(type, parameter).map(Scheme.libcurl) ?? .unsupported(type)
        }
    }

    /// `[{key, value}]` (v2.1) or `{name: value}` (v2.0) as name → value.
    private static func parameters(_ value: JSONValue?) -> [String: String] {
        var result: [String: String] = [:]
        switch value {
        case .array(let entries)?:
            for entry in entries {
                if let key = entry.text("key") { result[key] = entry.text("value") ?? "" }
            }
        case .object(let members)?:
            for (key, member) in members { result[key] = member.text ?? "" }
        default:
            break
        }
        return result
    }

    /// The same auth, marked as inherited from `owner` unless it already is.
    func inherited(from owner: String) -> PostmanAuth {
        var copy = self
        if copy.inheritedFrom == nil { copy.inheritedFrom = owner }
        return copy
    }

    /// Puts the auth on `definition`: basic and bearer as `auth`, an API key as a header or
    /// a query parameter (its value listed as sensitive). Returns what could not be carried
    /// over, for the report, or nil.
    func apply(to definition: inout RequestDefinition) -> String? {
        let from = inheritedFrom.map { " (inherited from \($0))" } ?? ""
        switch scheme {
        case .none:
            return nil
        case .basic(let user, let password):
            definition.auth = .basic(user: user, password: password)
        case .bearer(let token):
            definition.auth = .bearer(token: token)
        case .apiKey(let name, let value, let inQuery):
            guard !name.isEmpty else { return "API key auth without a key name\(from) not carried over" }
            if inQuery {
                definition.url = URLQuery.appending(PostmanURL.queryPair(key: name, value: value), to: definition.url)
            } else {
                definition.headers.append((name, value))
            }
            if !value.isEmpty, !definition.sensitive.contains(value) { definition.sensitive.append(value) }
        case .oauth2(var settings):
            settings.location = definition.location
            definition.auth = .oauth2(settings)
        case .libcurl(let scheme):
            definition.auth = .scheme(scheme)
        case .unsupported(let type):
            return "\(type) auth\(from) not carried over (Courier sends basic, bearer, API keys, OAuth2, digest, NTLM and AWS SigV4)"
        }
        return nil
    }
}
