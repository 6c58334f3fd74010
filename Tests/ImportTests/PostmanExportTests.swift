import Courier
import CourierImport
import CourierSchema
import Foundation
import Testing
import CourierWorkspace

/// `courier export postman` (#44 item 4): valid against Postman's own published collection
/// v2.1.0 schema (checked in with its origin), and read back by Courier's Postman importer
/// with every request as it was.
@Suite struct PostmanExportTests {
    private func schema() throws -> JSONSchema {
        let document = try JSONValue(parsing: try fixture("postman/schema/collection-v2.1.0.json"))
        return try JSONSchema(document)
    }

    @Test(arguments: ["demo.yaml", "petstore.yaml", "team"])
    func everyExampleWorkspaceExportsAValidCollection(example: String) throws {
        let workspace = try Workspace.load(path: repositoryRoot() + "/workspaces/" + example)
        let result = PostmanExport.result(workspace: workspace)
        let errors = try schema().validate(try JSONValue(parsing: Data(result.collection.utf8)))
        #expect(errors.isEmpty, "\(errors.prefix(3))")
        // The schema catches a broken collection: the test can fail.
        #expect(try !schema().validate(.object(["info": .object(["name": .string("x")]), "item": .string("no")])).isEmpty)
    }

    @Test func theTeamWorkspaceComesBackThroughThePostmanImporter() throws {
        let workspace = try Workspace.load(path: repositoryRoot() + "/workspaces/team")
        let exported = PostmanExport.result(workspace: workspace)
        #expect(exported.report.dropped.contains { $0.hasPrefix("chain \"shop\"") })
        expectEqual(exported.environments.map(\.name), workspace.environmentNames)
        let imported = try PostmanImport.result(collection: Data(exported.collection.utf8), file: "team.postman_collection.json")
        let back = try Workspace.parse(yaml: imported.workspace.yaml(), file: "back.yaml")
        // Postman's folders become the importer's names and batches; every request is there,
        // with its method, URL, headers, body and auth.
        expectEqual(back.requestNames.count, workspace.requestNames.count)
        for name in workspace.requestNames {
            let original = try #require(workspace.requests[name])
            let folder = workspace.requestFolders[name].map { $0.replacingOccurrences(of: "/", with: "-") + "-" } ?? ""
            let copy = try #require(back.requests[folder + name] ?? back.requests[name], "\(name) not imported back")
            #expect(copy.method == original.method, "\(name)")
            // Query arguments come back in the URL, as Postman keeps them.
            let query = (original.args?.objectValue ?? [:]).keys.sorted().map { "\($0)=\(original.args![$0]!.stringValue ?? "")" }
            #expect(copy.url == "{{baseUrl}}" + original.url + (query.isEmpty ? "" : "?" + query.joined(separator: "&")), "\(name)")
            #expect(copy.headers.map(\.name) == original.headers.map(\.name), "\(name)")
            #expect(copy.body == original.body, "\(name)")
            #expect(copy.auth?.authentication.values == original.auth?.authentication.values, "\(name)")
        }
        #expect(back.variables["baseUrl"] == "{{demo}}")
    }

    private func repositoryRoot() -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }
}
