import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
@testable import CourierWorkspace
import Foundation
import Testing

/// The header an oauth2 or command authenticator adds at send time shows in export-curl (a
/// placeholder unless the token is fetched) and in the history (redacted).
@Suite struct TokenHeaderExportTests {
    private static let workspace = """
    config: {baseUrl: "{{demo}}"}
    requests:
      oauth:
        url: /anything/oauth
        auth:
          oauth2: {grant: client_credentials, tokenUrl: "{{demo}}/oauth/token", clientId: demo-client, clientSecret: demo-secret}
      command:
        url: /anything/command
        auth: {command: "echo cmd-tok-5521", header: X-Api-Token, prefix: "Token "}
    """

    @Test func exportCurlWritesAPlaceholderOrTheFetchedToken() async throws {
        let path = writeWorkspace(Self.workspace)
        var options = RunOptions()
        options.demoURL = "http://127.0.0.1:9"
        options.stateDirectory = temporaryDirectory("courier-state")
        let runner = try WorkspaceRunner(workspace: try Workspace.load(path: path), options: options)
        let oauth = try CurlExport.command(for: runner.makeRequest("oauth"))
        #expect(oauth.contains("-H 'Authorization: Bearer <token from oauth2>'"), "\(oauth)")
        let command = runner.makeRequest("command")
        #expect(try CurlExport.command(for: command).contains("-H 'X-Api-Token: Token <token from command>'"))
        let fetched = try #require(try await command.fetchedTokenHeader())
        #expect(fetched.name == "X-Api-Token" && fetched.value == "Token cmd-tok-5521")
        let written = try CurlExport.command(for: command, token: fetched)
        #expect(written.contains("-H 'X-Api-Token: Token cmd-tok-5521'") && !written.contains("<token from"), "\(written)")
        #expect(!(try CurlExport.command(for: command, hidingSecrets: true, token: fetched)).contains("cmd-tok-5521"))
    }

    @Test func theHistoryRecordsTheTokenHeaderRedacted() async throws {
        let path = writeWorkspace(Self.workspace)
        let state = temporaryDirectory("courier-state")
        let run = await headlessRun(path, ["oauth", "command"]) { $0.stateDirectory = state }
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        let exchanges = try HistoryStore(stateDirectory: state).exchangesWithBodies()
        let byName = Dictionary(exchanges.map { ($0.request, $0) }, uniquingKeysWith: { $1 })
        let oauth = try #require(byName["oauth"])
        #expect(oauth.requestHeaders.contains(.init(name: "Authorization", value: Redaction.placeholder)), "\(oauth.requestHeaders)")
        let command = try #require(byName["command"])
        #expect(command.requestHeaders.contains(.init(name: "X-Api-Token", value: Redaction.placeholder)), "\(command.requestHeaders)")
        #expect(!command.requestHeaders.contains { $0.value.contains("cmd-tok-5521") })
    }
}
