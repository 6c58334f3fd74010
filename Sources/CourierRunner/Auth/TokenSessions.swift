import Courier
import CourierFormat
import CourierFormatCore
import Foundation
import Synchronization

/// The token sources of a session (a `courier run`, the workbench): one per OAuth2 client
/// and one per token command, so that requests share their tokens and each is fetched once.
/// OAuth2 tokens also go to files under the state directory and outlive the session.
package final class TokenSessions: Sendable {
    /// The workbench's, and any request not made by a ``WorkspaceRunner``.
    package static let shared = TokenSessions()

    /// Where OAuth2 tokens are kept (in `tokens/`); nil = `$XDG_STATE_HOME/courier`.
    package let stateDirectory: String?
    /// Told the URL to open for an authorization-code grant; nil prints it to standard error.
    package let openURL: (@Sendable (String) -> Void)?
    /// Told what the user should know while a grant waits (a forged redirect was refused); nil
    /// prints it to standard error.
    package let tell: (@Sendable (String) -> Void)?
    private let sources = Mutex<[String: any Sendable]>([:])

    package init(stateDirectory: String? = nil, openURL: (@Sendable (String) -> Void)? = nil,
                tell: (@Sendable (String) -> Void)? = nil) {
        self.stateDirectory = stateDirectory
        self.openURL = openURL
        self.tell = tell
    }

    /// The authenticator of a request whose `auth` (placeholders filled in) is oauth2 or a
    /// command; nil for the other kinds. Tokens it gets become `scope`'s secrets.
    func authenticator(for auth: RequestDefinition.Auth, workspaceFile: String, scope: VariableScope) -> (any RequestAuthenticator)? {
        switch auth {
        case .oauth2(let settings):
            let key = Self.key(of: settings)
            let file = TokenFile(stateDirectory: stateDirectory, workspaceFile: workspaceFile, key: key)
            let source: OAuth2TokenSource = source(for: "oauth2 " + file.path) {
                OAuth2TokenSource(settings: settings, file: file, openURL: openURL ?? Self.printURL,
                                  tell: tell ?? { StandardStreams.error($0 + "\n") })
            }
            return WorkspaceAuthenticator(scope: scope, header: settings.tokenHeader.name, prefix: settings.tokenHeader.prefix,
                                          token: { try await source.accessToken(agent: $0.agent, deadline: $0.deadline) },
                                          recover: { request, stale in
                                              await source.recover(from: stale, agent: request.agent, deadline: request.deadline)
                                          })
        case .command(let command):
            let source: CommandTokenSource = source(for: "command \(workspaceFile)\u{0}\(command.command)\u{0}\(command.ttl ?? -1)") {
                CommandTokenSource(command: command)
            }
            return WorkspaceAuthenticator(scope: scope, header: command.tokenHeader.name, prefix: command.tokenHeader.prefix,
                                          token: { _ in try await source.token() },
                                          recover: { _, stale in await source.forget(stale); return true })
        default:
            return nil
        }
    }

    private func source<Source: Sendable>(for key: String, make: () -> Source) -> Source {
        sources.withLock { sources in
            if let existing = sources[key] as? Source { return existing }
            let made = make()
            sources[key] = made
            return made
        }
    }

    /// What tells one client's tokens from another's: everything the token depends on.
    private static func key(of settings: OAuth2Settings) -> String {
        let parts = [settings.grant.rawValue, settings.tokenURL, settings.authURL ?? "", settings.clientID, settings.scope ?? "",
                     settings.audience ?? "", settings.username ?? "", settings.refreshToken ?? ""]
        return String(SHA256Hex.of(Data(parts.joined(separator: "\u{0}").utf8)).prefix(16))
    }

    private static func printURL(_ url: String) {
        StandardStreams.error("Open this URL to authorize Courier (it waits for the redirect):\n\(url)\n")
    }
}

/// A workspace request's ``RequestAuthenticator``: the token in a header, and on a 401 a new
/// token (refreshed, or the command run again) and one more try.
struct WorkspaceAuthenticator: RequestAuthenticator {
    let scope: VariableScope
    let header: String
    let prefix: String
    let token: @Sendable (Request) async throws -> String
    let recover: @Sendable (Request, String) async -> Bool

    func credentials(for request: Request) async throws -> [String: String] {
        let value = try await token(request)
        scope.addSecret(value)
        return [header: prefix + value]
    }

    func shouldRetry(_ request: Request, after failure: AuthenticationFailure) async -> Bool {
        guard failure.isUnauthorized, let sent = failure.sent.header(header), sent.hasPrefix(prefix) else { return false }
        return await recover(request, String(sent.dropFirst(prefix.count)))
    }
}
