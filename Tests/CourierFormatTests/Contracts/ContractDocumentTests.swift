import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
import Foundation
import Testing

/// `config.contract:` read through OpenAPIKit: its decoding and validation errors at the
/// document's file:line:column, `$ref`s followed into files beside the contract (and never
/// out of its folder), and schemas validated where the typed model says they are.
@Suite("contract: the OpenAPI document through OpenAPIKit")
struct ContractDocumentTests {
    /// A copy of Tests/Fixtures/contract/split in a temporary folder, its `openapi:` set to `version`.
    private func splitContract(version: String = "3.1.0") throws -> String {
        let directory = temporaryDirectory("courier-contract") + "/contract"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Tests/Fixtures/contract/split", toPath: directory)
        let api = directory + "/api.yaml"
        try String(contentsOfFile: api, encoding: .utf8).replacingOccurrences(of: "openapi: 3.1.0", with: "openapi: \(version)")
            .write(toFile: api, atomically: true, encoding: .utf8)
        return directory
    }

    private func contract(in directory: String, _ document: String = "api.yaml") throws -> Contract {
        let workspace = try Workspace.parse(yaml: "config: {contract: \(document)}\n", file: directory + "/ws.yaml")
        return try #require(workspace.config.contract)
    }

    /// An OpenAPI `version` document whose one operation, GET /pets, has `responses` (the lines
    /// below `responses:`, which is line 6), then the lines of `rest`.
    private func pets(_ version: String, responses: String, rest: String = "") -> String {
        "openapi: \(version)\ninfo: {title: t, version: \"1\"}\npaths:\n  /pets:\n    get:\n      responses:"
            + responses.split(separator: "\n").map { "\n        " + $0 }.joined() + "\n" + rest
    }

    /// The error loading `document` (written into `directory`) as the contract gives.
    private func loadError(_ document: String, in directory: String = temporaryDirectory("courier-contract")) -> String {
        try? document.write(toFile: directory + "/api.yaml", atomically: true, encoding: .utf8)
        do {
            _ = try Workspace.parse(yaml: "config: {contract: api.yaml}\n", file: directory + "/ws.yaml")
            return ""
        } catch {
            return error.description
        }
    }

    private func json(_ status: Int, _ body: String, type: String = "application/json") -> ResponseFacts {
        ResponseFacts(status: status, headers: [.contentType: type], body: Data(body.utf8))
    }

    @Test(arguments: ["3.0.3", "3.1.0"])
    func aContractSplitAcrossFilesIsFollowedThroughItsRefs(version: String) throws {
        let directory = try splitContract(version: version)
        let contract = try contract(in: directory)
        expectEqual(contract.dialect, (version == "3.0.3" ? .openAPI30 : .draft2020_12))
        // The path item lives in paths/pet.yaml; its 4XX response in common.yaml.
        let one = try #require(contract.operation(method: "GET", path: "/api/pets/7").operation)
        #expect(one.name == "GET /pets/{id}" && Set(one.responses.keys) == ["200", "4XX"], "\(one)")
        #expect(one.location.file == directory + "/paths/pet.yaml" && one.location.line == 2, "\(one.location)")
        let drift = contract.results(method: "GET", url: "http://x/api/pets/7", facts: json(200, #"{"id": 7, "name": "Rex", "price": "1"}"#))
        #expect(drift.map(\.summary) == ["$.price: expected number, got string (pet.yaml#/Pet/properties/price/type)"], "\(drift)")
        #expect(contract.results(method: "GET", url: "http://x/api/pets/7", facts: json(200, #"{"id": 7, "name": "Rex"}"#)).map(\.passed) == [true])
        // A schema in common.yaml refers to its own file's components.
        let problem = contract.results(method: "GET", url: "http://x/api/pets/7", facts: json(404, "{}", type: "application/problem+json"))
        #expect(problem.map(\.summary) == [#"$: the required property "title" is missing (common.yaml#/components/schemas/Problem/required)"#],
                "\(problem)")
        let listing = contract.results(method: "GET", url: "http://x/api/pets", facts: json(200, #"[{"id": 1, "name": 2}]"#))
        #expect(listing.map(\.summary) == ["$[0].name: expected string, got integer (pet.yaml#/Pet/properties/name/type)"], "\(listing)")
        let fallback = contract.results(method: "GET", url: "http://x/api/pets", facts: json(500, #"{"title": "down"}"#, type: "application/problem+json"))
        #expect(fallback.map(\.passed) == [true] && fallback.first?.check.text == "contract GET /pets default", "\(fallback)")
    }

    @Test func anInlineSchemaIsValidatedWhereTheDocumentWritesIt() throws {
        let directory = temporaryDirectory("courier-contract")
        try pets("3.1.0", responses: """
            "200":
              description: ok
              content: {application/json: {schema: {type: object, properties: {price: {type: number}}}}}
            """).write(toFile: directory + "/api.yaml", atomically: true, encoding: .utf8)
        let results = try contract(in: directory).results(method: "GET", url: "http://x/pets", facts: json(200, #"{"price": "1"}"#))
        #expect(results.map(\.note) == ["#/paths/~1pets/get/responses/200/content/application~1json/schema/properties/price/type"], "\(results)")
    }

    @Test func whatOpenAPIKitCannotDecodeIsAnErrorAtItsPlaceInTheDocument() {
        // A 3.0 response must have a description: OpenAPIKit30 refuses it, at the response.
        let missing = loadError(pets("3.0.3", responses: #""200": {content: {application/json: {}}}"#))
        #expect(missing.contains("/api.yaml:7:16: error:"), "\(missing)")
        #expect(missing.contains("not valid OpenAPI") && missing.contains("description"), "\(missing)")
        // A 3.1 document whose responses are a list.
        let list = loadError(pets("3.1.0", responses: "- ok"))
        #expect(list.contains("/api.yaml:7:9: error:"), "\(list)")
        #expect(list.contains("not valid OpenAPI"), "\(list)")
    }

    @Test func whatOpenAPIKitsValidationRefusesIsAnError() {
        // validate(): a reference to a component that does not exist.
        let dangling = loadError(pets("3.1.0", responses: ##""200": {$ref: "#/components/responses/Gone"}"##))
        #expect(dangling.contains("/api.yaml:7:16: error:"), "\(dangling)")
        #expect(dangling.contains("the OpenAPI document is not valid: Failed to satisfy: Response reference can be found in components/responses"),
                "\(dangling)")
    }

    @Test func aMistakeInAReferencedFileIsAnErrorInThatFile() throws {
        let directory = try splitContract()
        try "get:\n  responses:\n    \"200\": {content: 5}\n".write(toFile: directory + "/paths/pet.yaml", atomically: true, encoding: .utf8)
        do {
            _ = try contract(in: directory)
            Issue.record("a path item OpenAPIKit cannot decode was taken")
        } catch {
            #expect("\(error)".hasPrefix(directory + "/paths/pet.yaml:3:"), "\(error)")
            #expect("\(error)".contains("not valid OpenAPI"), "\(error)")
        }
    }

    @Test func aRefOutOfTheContractsFolderIsRefusedAndNeverRead() throws {
        // Outside the folder, and not YAML: reading it would be a syntax error, not this one.
        let outside = temporaryDirectory("courier-contract")
        try "{{{ not yaml".write(toFile: outside + "/secret.yaml", atomically: true, encoding: .utf8)
        let escape = "../" + URL(fileURLWithPath: outside).lastPathComponent + "/secret.yaml"
        for (line, column, reference) in [(7, 23, "\(escape)#/R"), (7, 23, "../../../../../../etc/passwd"), (9, 55, "\(escape)#/S")] {
            let directory = temporaryDirectory("courier-contract")
            let error = loadError(pets("3.0.3", responses: """
                "404": {$ref: "\(line == 7 ? reference : "#/components/responses/R")"}
                "200":
                  content: {application/json: {schema: {$ref: "\(line == 9 ? reference : "#/components/schemas/S")"}}}
                  description: ok
                """, rest: "components: {responses: {R: {description: r}}, schemas: {S: {type: object}}}"), in: directory)
            #expect(error.hasPrefix("\(directory)/api.yaml:\(line):\(column): error:"), "\(error)")
            #expect(error.contains("outside the workspace folder"), "\(error)")
        }
    }
}
