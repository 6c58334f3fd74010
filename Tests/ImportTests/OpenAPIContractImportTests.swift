import CourierImport
import CourierWorkspace
import Foundation
import Testing

/// `courier import openapi` writes `config.contract` naming the document relative to the
/// workspace, so that the imported workspace checks its responses against it.
@Suite struct OpenAPIContractImportTests {
    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("courier-contract-import-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path + "/specs", withIntermediateDirectories: true)
        return path
    }

    @Test func theImportedWorkspaceNamesTheDocumentAsItsContract() throws {
        let directory = try folder()
        let data = try fixture("openapi/petstore-3.0.yaml")
        try data.write(to: URL(fileURLWithPath: directory + "/specs/petstore.yaml"))
        let result = try OpenAPIImport.result(document: data, file: directory + "/specs/petstore.yaml", workspaceDirectory: directory)
        let yaml = result.workspace.yaml()
        #expect(yaml.contains("config:\n  baseUrl: \"{{baseUrl}}\"\n  contract: specs/petstore.yaml\n"), "\(yaml)")
        let workspace = try Workspace.parse(yaml: yaml, file: directory + "/petstore.yaml")
        let contract = try #require(workspace.config.contract)
        expectEqual(contract.file, directory + "/specs/petstore.yaml")
    }

    @Test func aDocumentOutsideTheWorkspaceFolderIsNotTheContractAndANoteSaysWhy() throws {
        let directory = try folder()
        let data = try fixture("openapi/petstore-3.0.yaml")
        try data.write(to: URL(fileURLWithPath: directory + "/petstore.yaml"))
        let result = try OpenAPIImport.result(document: data, file: directory + "/petstore.yaml", workspaceDirectory: directory + "/specs")
        expectEqual(result.workspace.contract, nil)
        #expect(result.report.notes.contains { $0.hasPrefix("config.contract is not set") }, "\(result.report.notes)")
    }
}
