import Foundation
import Testing
@testable import Courier
@testable import CourierWorkspace

/// `redirects: {max: N}`, the setting added to prove #42 item 3 (a setting declared once): read
/// from the file, written back by a save, and handed to the engine as `maxRedirects`.
@Suite struct RedirectLimitWorkspaceTests {
    private let yaml = """
        requests:
          capped:
            url: http://127.0.0.1:9/redirect/3
            redirects: {max: 0, keepCredentials: true}
          default: {url: http://127.0.0.1:9/get}
        """

    @Test func theLimitIsReadSavedAndSent() throws {
        let workspace = try parseWorkspace(yaml)
        let capped = try #require(workspace.requests["capped"])
        #expect(capped.maxRedirects == 0 && capped.keepsCredentialsOnRedirect)
        #expect(workspace.requests["default"]?.maxRedirects == nil)
        let block = RequestYAML.block(for: capped, name: "capped")
        #expect(block.contains("  redirects:\n    keepCredentials: true\n    max: 0"), "\(block)")
        let scope = VariableScope(variables: [:], environment: [:])
        #expect(WorkspaceRequest(capped, scope: scope, workspace: workspace).requestSettings.maxRedirects == 0)
        let standard = try #require(workspace.requests["default"])
        #expect(WorkspaceRequest(standard, scope: scope, workspace: workspace).requestSettings.maxRedirects == RequestSettings().maxRedirects)
    }

    @Test func aLimitOutOfRangeIsRefusedAtItsLine() throws {
        let error = try #require(parseError("requests:\n  r:\n    url: /get\n    redirects: {max: 99}\n"))
        #expect(error.description.contains("from 0 to 50"), "\(error)")
        #expect(error.location?.line == 4)
    }
}
