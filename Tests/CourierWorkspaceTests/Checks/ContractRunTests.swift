import Courier
@testable import CourierChecks
import CourierDemoServer
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
@testable import CourierWorkspace
import Foundation
import Testing

/// `config.contract`: every response checked against workspaces/demo-openapi.yaml (OpenAPI
/// 3.0) with the in-process demo server, whose `/contract/pets/2` drifts from it on purpose.
@Suite("courier run: OpenAPI contract")
struct ContractRunTests {
    static let workspace = """
        config: {baseUrl: "{{demo}}", contract: demo-openapi.yaml}
        requests:
          slideshow: {url: /json}
          pet: {url: /contract/pets/1}
          drift: {url: /contract/pets/2}
          listing: {url: /contract/pets}
          teapot: {url: /contract/pets/teapot}
          missing: {url: /contract/pets/9, validate: {status: [404]}}
          unknown: {url: /get}
          checked: {url: /contract/pets/1, expect: [$.name == "Rex"]}
        """

    /// A workspace beside a copy of the demo contract, its `openapi:` version replaced by `version`.
    private func path(version: String = "3.0.3") throws -> String {
        let path = writeWorkspace(Self.workspace)
        let document = try String(contentsOfFile: repositoryRoot + "/workspaces/demo-openapi.yaml", encoding: .utf8)
            .replacingOccurrences(of: "openapi: 3.0.3", with: "openapi: \(version)")
        try document.write(toFile: URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("demo-openapi.yaml").path,
                           atomically: true, encoding: .utf8)
        return path
    }

    private func failures(_ run: RunCapture, _ name: String) -> [String] {
        guard let start = run.output.firstIndex(where: { $0.hasPrefix("  ✗ \(name) ") }) else { return [] }
        return Array(run.output[(start + 1)...].prefix { $0.hasPrefix("      ✗ ") })
    }

    @Test func theDriftIsReportedAtItsPathAndSchemaLocation() async throws {
        let run = await headlessRun(try path(), ["drift", "listing"])
        #expect(run.status == 1, "\(run.output) \(run.errors)")
        let line = try #require(run.output.first { $0.hasPrefix("  ✗ drift") }, "\(run.output)")
        #expect(line.contains("validation -13"), "\(line)")
        #expect(failures(run, "drift").count == 1, "\(run.output)")
        #expect(failures(run, "drift").first?.contains("$.price: expected number, got string (#/components/schemas/Pet/properties/price/type)") == true,
                "\(run.output)")
        #expect(failures(run, "drift").first?.contains("demo-openapi.yaml:") == true, "the location is in the contract: \(run.output)")
        #expect(failures(run, "listing").first?.contains("$.items[3].price: expected number, got string (#/components/schemas/Pet/properties/price/type)") == true,
                "\(run.output)")
    }

    @Test func aCorrectResponsePassesAndOpenAPI30NullableIsHonoured() async throws {
        // Pet 1's tag is null: the 3.0 document allows it with `nullable: true`.
        let run = await headlessRun(try path(), ["slideshow", "pet", "missing", "checked"])
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        #expect(run.output.contains { $0.hasPrefix("  ✓ pet") && $0.contains("1 check passed") }, "\(run.output)")
        #expect(run.output.contains { $0.hasPrefix("  ✓ slideshow") && $0.contains("1 check passed") }, "\(run.output)")
        // A 404 documented through a $ref to components/responses.
        #expect(run.output.contains { $0.hasPrefix("  ✓ missing") && $0.contains("1 check passed") }, "\(run.output)")
        // The contract's result comes after the request's own expect:.
        #expect(run.output.contains { $0.hasPrefix("  ✓ checked") && $0.contains("2 checks passed") }, "\(run.output)")
    }

    @Test func openAPI31ReadsSchemasAsDraft202012WhereNullableMeansNothing() async throws {
        let run = await headlessRun(try path(version: "3.1.0"), ["pet"])
        #expect(run.status == 1, "\(run.output) \(run.errors)")
        #expect(failures(run, "pet").first?.contains("$.tag: ") == true, "\(run.output)")
        #expect(failures(run, "pet").first?.contains("(#/components/schemas/Pet/properties/tag/type)") == true, "\(run.output)")
    }

    @Test func anUndocumentedStatusAndAnUnknownPathFail() async throws {
        let run = await headlessRun(try path(), ["teapot", "unknown"])
        expectEqual(run.status, 1)
        #expect(failures(run, "teapot").contains { $0.contains("status: 418 is not documented for GET /contract/pets/{id}") }, "\(run.output)")
        #expect(failures(run, "unknown").contains { $0.contains("url: GET /get is not in the contract") }, "\(run.output)")
    }

    @Test func checkModeReportsDriftPerRequestAndExitsOneOnDrift() async throws {
        let path = try path()
        let clean = await headlessRun(path, ["slideshow", "pet"]) { $0.checksContract = true }
        #expect(clean.status == 0, "\(clean.output) \(clean.errors)")
        #expect(clean.output.contains { $0.hasPrefix("✓ pet  GET ") && $0.hasSuffix("contract GET /contract/pets/{id} 200") }, "\(clean.output)")
        // No names: every request; the 404 that validation refuses still matches the contract.
        let all = await headlessRun(path, []) { $0.checksContract = true }
        #expect(all.status == 1, "\(all.output) \(all.errors)")
        #expect(all.output.contains { $0.hasPrefix("✓ missing  GET ") }, "\(all.output)")
        let drift = try #require(all.output.firstIndex { $0.hasPrefix("✗ drift  GET ") }, "\(all.output)")
        #expect(all.output[drift + 1].hasPrefix("    ✗ $.price: expected number, got string (#/components/schemas/Pet/properties/price/type)"))
        #expect(all.output.last == "8 requests checked: 4 match the contract, 4 drift", "\(all.output)")
        let none = await headlessRun(writeWorkspace("requests: {a: {url: /get}}\n"), []) { $0.checksContract = true }
        #expect(none.status == 2 && none.errors.contains { $0.contains("has no contract") }, "\(none.errors)")
    }

    @Test func jsonOutputCarriesTheContractsChecks() async throws {
        let run = await headlessRun(try path(), ["drift"]) { $0.json = true }
        let object = try #require(try jsonLines(run.output).first { $0["name"] as? String == "drift" })
        let checks = try #require(object["checks"] as? [[String: Any]], "\(object)")
        #expect(checks.contains { $0["passed"] as? Bool == false && $0["path"] as? String == "$.price" }, "\(checks)")
    }

    @Test func aContractThatCannotBeReadIsALoadTimeErrorAtItsPlace() throws {
        let directory = temporaryDirectory()
        let file = directory + "/ws.yaml"
        #expect(throws: WorkspaceError.self) { try Workspace.parse(yaml: "config:\n  contract: nope.yaml\n", file: file) }
        do {
            _ = try Workspace.parse(yaml: "config:\n  contract: nope.yaml\n", file: file)
        } catch {
            #expect(error.description.hasPrefix("\(file):2:13: error:"), "\(error)")
            #expect(error.description.contains("cannot read the contract"), "\(error)")
        }
        try "swagger: \"2.0\"\ninfo: {title: t, version: \"1\"}\n".write(toFile: directory + "/old.yaml", atomically: true, encoding: .utf8)
        do {
            _ = try Workspace.parse(yaml: "config:\n  contract: old.yaml\n", file: file)
            Issue.record("a Swagger 2.0 document was taken as a contract")
        } catch {
            #expect(error.description.hasPrefix("\(directory)/old.yaml:1:10: error:"), "\(error)")
            #expect(error.description.contains("convert it to OpenAPI 3"), "\(error)")
        }
        do {
            _ = try Workspace.parse(yaml: "config:\n  contract: ../../etc/passwd\n", file: file)
            Issue.record("a contract outside the workspace folder was read")
        } catch {
            #expect(error.description.contains("outside the workspace folder"), "\(error)")
        }
    }

    @Test func theMostSpecificTemplateWinsAndServersBasePathsAreStripped() throws {
        let directory = temporaryDirectory()
        try """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            servers: [{url: "https://api.example/{version}", variables: {version: {default: v2}}}]
            paths:
              /pets/{id}: {get: {responses: {"200": {description: one}}}}
              /pets/mine: {get: {responses: {"200": {description: mine}}}}
              /files/{name}.json: {get: {responses: {default: {description: a file}}}}
            """.write(toFile: directory + "/api.yaml", atomically: true, encoding: .utf8)
        let workspace = try Workspace.parse(yaml: "config: {contract: api.yaml}\n", file: directory + "/ws.yaml")
        let contract = try #require(workspace.config.contract)
        expectEqual(contract.operation(method: "GET", path: "/v2/pets/mine").operation?.template.text, "/pets/mine")
        #expect(contract.operation(method: "GET", path: "/v2/pets/42").operation?.template.text == "/pets/{id}")
        #expect(contract.operation(method: "GET", path: "/v2/files/a.json").operation?.template.text == "/files/{name}.json")
        #expect(contract.operation(method: "GET", path: "/v2/files/a.xml").operation == nil)
        expectEqual(contract.operation(method: "DELETE", path: "/v2/pets/42").otherMethods, ["GET"])
        let result = contract.results(method: "GET", url: "https://api.example/v2/files/a.json", facts: ResponseFacts(status: 500))
        #expect(result.map(\.passed) == [true] && result.first?.check.text == "contract GET /files/{name}.json default", "\(result)")
    }

    @Test func schemasInReferencedFilesAreResolved() throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/schemas", withIntermediateDirectories: true)
        try "Pet: {type: object, properties: {price: {type: number}}}\n".write(toFile: directory + "/schemas/pet.yaml", atomically: true, encoding: .utf8)
        try """
            {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
             "paths": {"/pet": {"get": {"responses": {"200": {"description": "a pet",
               "content": {"application/json": {"schema": {"$ref": "schemas/pet.yaml#/Pet"}}}}}}}}}
            """.write(toFile: directory + "/api.json", atomically: true, encoding: .utf8)
        let workspace = try Workspace.parse(yaml: "config: {contract: api.json}\n", file: directory + "/ws.yaml")
        let contract = try #require(workspace.config.contract)
        let facts = ResponseFacts(status: 200, headers: [.contentType: "application/json"], body: Data(#"{"price": "1"}"#.utf8))
        let results = contract.results(method: "GET", url: "http://x/pet", facts: facts)
        #expect(results.map(\.summary) == ["$.price: expected number, got string (pet.yaml#/Pet/properties/price/type)"], "\(results)")
    }
}
