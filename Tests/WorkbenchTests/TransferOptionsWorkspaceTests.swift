import Foundation
import Testing
@testable import Courier
@testable import CourierWorkspace

/// The transfer options as the workspace format knows them, all from one table
/// (``TransferOptionFields``): `redirects: {max:, keepCredentials:}` and `expect100Timeout:`
/// are read with their ranges, written back by a save, handed to the engine whole, shown in
/// the composer, and carried by curl import and export.
@Suite struct TransferOptionsWorkspaceTests {
    private let yaml = """
        requests:
          capped:
            url: http://127.0.0.1:9/redirect/3
            redirects: {max: 0, keepCredentials: true}
            expect100Timeout: 2.5
          default: {url: http://127.0.0.1:9/get}
        """

    @Test func theOptionsAreReadSavedAndSent() throws {
        let workspace = try parseWorkspace(yaml)
        let capped = try #require(workspace.requests["capped"])
        expectEqual(capped.transferOptions, TransferOptions(maxRedirects: 0, keepsCredentialsOnRedirect: true, expect100Timeout: 2.5))
        expectEqual(workspace.requests["default"]?.transferOptions, TransferOptions())
        let block = RequestYAML.block(for: capped, name: "capped")
        #expect(block.contains("  redirects:\n    max: 0\n    keepCredentials: true\n  expect100Timeout: 2.5"), "\(block)")
        let saved = "requests:\n" + block.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        #expect(try parseWorkspace(saved).requests["capped"]?.transferOptions == capped.transferOptions, "a save reads back")
        let scope = VariableScope(variables: [:], environment: [:])
        let sent = WorkspaceRequest(capped, scope: scope, workspace: workspace)
        expectEqual(sent.requestSettings.transferOptions, capped.transferOptions)
        #expect(sent.keepsCredentialsOnRedirect)
        let standard = try #require(workspace.requests["default"])
        expectEqual(WorkspaceRequest(standard, scope: scope, workspace: workspace).requestSettings.transferOptions.redirectLimit, 16)
    }

    @Test func theComposerShowsEachSectionAndTheDefaults() {
        let rows = TransferOptionFields.rows(TransferOptions(maxRedirects: 0, keepsCredentialsOnRedirect: true))
        expectEqual(rows.map(\.label), ["redirects", "continue"])
        expectEqual(rows.first?.text, "not followed, credentials to any origin")
        expectEqual(rows.last?.text, "a body waits 1 s for 100 Continue")
        expectEqual(TransferOptionFields.rows(TransferOptions()).first?.text, "up to 16")
    }

    @Test(arguments: [
        ("redirects: {max: 99}", "from 0 to 50"),
        ("expect100Timeout: -1", "from 0 to 600"),
        ("redirects: {follow: true}", "follow"),
        ("redirects: 3", "a mapping with max, keepCredentials"),
    ])
    func aValueOutOfPlaceIsRefusedAtItsLine(line: String, says: String) throws {
        let error = try #require(parseError("requests:\n  r:\n    url: /get\n    \(line)\n"))
        #expect(error.description.contains(says), "\(error)")
        expectEqual(error.location?.line, 4)
    }

    @Test func curlImportAndExportCarryThem() throws {
        let yaml = try CurlImport.yaml(from: "curl --max-redirs 3 --location-trusted --expect100-timeout 0.5 https://h/p", name: "r")
        #expect(yaml.contains("  redirects:\n    max: 3\n    keepCredentials: true\n  expect100Timeout: 0.5"), "\(yaml)")
        let workspace = try parseWorkspace("requests:\n" + yaml.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
        let request = WorkspaceRequest(try #require(workspace.requests["r"]), scope: VariableScope(variables: [:], environment: [:]),
                                       workspace: workspace)
        let command = try CurlExport.command(for: request)
        #expect(command.contains("--max-redirs 3 --location-trusted --expect100-timeout 0.5"), "\(command)")
        #expect(throws: CurlImport.Failure.self) { try CurlImport.yaml(from: "curl --max-redirs 99 https://h/p") }
    }
}
