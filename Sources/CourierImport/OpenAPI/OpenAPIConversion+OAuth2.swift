import CourierWorkspace
import OpenAPIKit

extension OpenAPIConversion {
    /// An OAuth 2 scheme's first flow Courier runs — client credentials, authorization code
    /// (with PKCE), password — as `auth: {oauth2: …}` whose client (and user) are the
    /// variables it names; nil when the scheme has only the implicit flow.
    static func oauth2Settings(_ flows: OpenAPI.OAuthFlows, location: SourceLocation) -> (settings: OAuth2Settings, variables: [String])? {
        func client(_ grant: OAuth2Settings.Grant, tokenURL: String) -> OAuth2Settings {
            var settings = OAuth2Settings(grant: grant, tokenURL: tokenURL, clientID: "{{clientId}}", location: location)
            settings.clientSecret = "{{clientSecret}}"
            return settings
        }
        if let flow = flows.clientCredentials {
            return (client(.clientCredentials, tokenURL: flow.tokenUrl.absoluteString), ["clientId", "clientSecret"])
        }
        if let flow = flows.authorizationCode {
            var settings = client(.authorizationCode, tokenURL: flow.tokenUrl.absoluteString)
            settings.authURL = flow.authorizationUrl.absoluteString
            return (settings, ["clientId", "clientSecret"])
        }
        if let flow = flows.password {
            var settings = client(.password, tokenURL: flow.tokenUrl.absoluteString)
            settings.username = "{{username}}"
            settings.password = "{{password}}"
            return (settings, ["clientId", "clientSecret", "username", "password"])
        }
        return nil
    }
}
