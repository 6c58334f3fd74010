import Courier
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// The OpenAPI 3.0.3 fixture (`openapi/petstore-3.0.yaml`), imported and read back as a
/// workspace, checked part by part.
@Suite struct OpenAPIImportTests {
    let result: ImportResult
    let yaml: String
    let workspace: Workspace

    init() throws {
        result = try OpenAPIImport.result(document: try fixture("openapi/petstore-3.0.yaml"), file: "petstore-3.0.yaml")
        yaml = result.workspace.yaml()
        workspace = try Workspace.parse(yaml: yaml, file: "imported.yaml")
    }

    func request(_ name: String) throws -> RequestDefinition {
        try #require(workspace.requests[name], "no request \(name) in\n\(yaml)")
    }

    func headers(_ name: String) throws -> [String] {
        try request(name).headers.map { "\($0.name): \($0.value)" }
    }

    @Test func oneRequestPerOperationNamedByOperationIdOrMethodAndPath() {
        expectEqual(workspace.name, "Pet Store 3.0")
        #expect(workspace.requestNames == ["list-pets", "create-pet", "show-pet-by-id", "put-pets-petid", "delete-pet",
                                           "upload-photo", "place-order", "get-inventory", "add-note"])
        #expect(yaml.contains("  # GET /pets (operationId listPets)\n"))
        #expect(yaml.contains("  # DELETE /pets/{petId} (operationId deletePet)\n  # deprecated\n"))
        #expect(yaml.hasPrefix("# Imported from petstore-3.0.yaml (OpenAPI 3.0.3): Pet Store 3.0 1.0.0\n"))
    }

    @Test func descriptionsComeFromSummaryAndDescription() throws {
        expectEqual(try request("list-pets").description, "List pets\n\nPets, a page at a time.")
        expectEqual(try request("create-pet").description, "Create a pet")
        expectEqual(try request("get-inventory").description, nil)
    }

    @Test func batchesGroupOperationsByTagAndUntaggedOnesLast() {
        expectEqual(workspace.batchNames, ["pets", "store", "untagged"])
        #expect(workspace.batches["pets"]?.items.map(\.name) == ["list-pets", "create-pet", "show-pet-by-id", "put-pets-petid",
                                                                 "delete-pet", "upload-photo"])
        expectEqual(workspace.batches["store"]?.items.map(\.name), ["place-order"])
        expectEqual(workspace.batches["untagged"]?.items.map(\.name), ["get-inventory", "add-note"])
    }

    @Test func theFirstServerIsTheBaseURLAndEachServerAnEnvironment() {
        #expect(workspace.config.baseURL == "{{baseUrl}}")
        #expect(workspace.variables["baseUrl"] == "{{scheme}}://{{host}}:{{port}}/anything/v1")
        expectEqual(workspace.variables["scheme"], "http")
        expectEqual(workspace.variables["host"], "127.0.0.1")
        expectEqual(workspace.variables["port"], "18080")
        expectEqual(workspace.environmentNames, ["local-demo", "production"])
        #expect(workspace.environments["local-demo"]?["baseUrl"] == "{{scheme}}://{{host}}:{{port}}/anything/v1")
        expectEqual(workspace.environments["local-demo"]?["port"], "18080")
        expectEqual(workspace.environments["production"], ["baseUrl": "https://petstore.example.com/v1"])
        #expect(result.report.notes.contains("server variable scheme of {scheme}://{host}:{port}/anything/v1 is one of: http, https"))
    }

    @Test func pathParametersAreVariablesHoldingTheirExample() throws {
        #expect(try request("show-pet-by-id").url == "pets/{{petId}}")
        #expect(try request("upload-photo").url.hasPrefix("pets/{{petId}}/photo?"))
        expectEqual(workspace.variables["petId"], "42")  // from the $ref'd path-level parameter
    }

    @Test func requiredQueryParametersGoInTheURLOptionalOnesInAComment() throws {
        // limit has an example; status has none, so a variable holding its first enum value.
        #expect(try request("list-pets").url == "pets?limit=20&status={{status}}")
        expectEqual(workspace.variables["status"], "available")
        #expect(yaml.contains("  # optional query parameters, not sent: tag=dog\n  list-pets:\n"))
    }

    @Test func headerParametersAreHeadersOptionalOnesSwitchedOff() throws {
        expectEqual(try headers("list-pets"), ["X-Request-ID: req-1"])
        #expect(yaml.contains("      X-Request-ID: req-1\n      # X-Trace: \"\"\n"))
    }

    @Test func aSchemaOnlyBodyIsAMinimalInstanceThatStopsWhereTheSchemaRecurs() throws {
        // NewPet → owner: Owner → pets: [NewPet]: required properties only, read-only id and
        // optional age left out, the enum's first value, a format's placeholder, and the
        // recursive array left empty.
        #expect(try request("create-pet").body == .json(["name": "string", "kind": "dog",
                                                         "owner": ["email": "user@example.com", "pets": []]]))
        #expect(result.report.notes.contains("request \"create-pet\": the body's schema refers to itself; the sample stops where it would recur"))
    }

    @Test func aMediaTypeExampleIsTheBody() throws {
        expectEqual(try request("put-pets-petid").body, .json(["name": "Rex", "tag": "dog"]))
        expectEqual(try request("put-pets-petid").method, .put)
    }

    @Test func theFirstOfExamplesIsATextBody() throws {
        expectEqual(try request("add-note").body, .text("hello", contentType: "text/plain"))
    }

    @Test func aFormBodyFromARefdRequestBodyKeepsTheSchemasFieldOrder() throws {
        expectEqual(try request("place-order").body, .form(["petId": 42, "quantity": 1], order: ["petId", "quantity"]))
        #expect(yaml.contains("      form:\n        petId: 42\n        quantity: 1\n"))
    }

    @Test func multipartFilePartsHaveAPlaceholderPath() throws {
        #expect(try request("upload-photo").body == .multipart([
            .init(name: "caption", value: "on the sofa"),
            .init(name: "photo", file: "path/to/photo", contentType: "image/png"),
        ]))
        #expect(result.report.notes.contains {
            $0.hasPrefix("request \"upload-photo\": multipart file part \"photo\" is read from the placeholder path/to/photo")
        })
    }

    @Test func globalSecurityIsBearerAndAnEmptyListMeansNone() throws {
        #expect(try request("create-pet").auth == .bearer(token: "{{bearerToken}}"))
        #expect(try request("add-note").auth == .bearer(token: "{{bearerToken}}"))
        expectEqual(try request("list-pets").auth, nil)  // security: []
        expectEqual(workspace.variables["bearerToken"], "")
    }

    @Test func operationSecurityOverridesTheGlobalOne() throws {
        expectEqual(try request("show-pet-by-id").auth, nil)
        #expect(try headers("show-pet-by-id") == ["X-API-Key: {{apiKeyHeader}}"])
        #expect(try request("put-pets-petid").auth == .basic(user: "{{username}}", password: "{{password}}"))
        #expect(try request("upload-photo").url == "pets/{{petId}}/photo?api_key={{apiKeyQuery}}")
        #expect(try request("upload-photo").sensitive == ["{{apiKeyQuery}}"])
        #expect(try headers("get-inventory") == ["Cookie: session={{cookieKey}}"])
        for name in ["apiKeyHeader", "apiKeyQuery", "cookieKey", "username", "password"] {
            #expect(workspace.variables[name] == "", "\(name)")
        }
    }

    @Test func oauth2IsAnOAuth2ClientAndOpenIDConnectABearerTokenVariable() throws {
        guard case .oauth2(let settings)? = try request("delete-pet").auth else {
            Issue.record("not oauth2")
            return
        }
        #expect(settings.grant == .clientCredentials && settings.tokenURL == "https://petstore.example.com/oauth/token")
        #expect(settings.clientID == "{{clientId}}" && settings.clientSecret == "{{clientSecret}}")
        #expect(try request("place-order").auth == .bearer(token: "{{accessToken}}"))
        #expect(result.report.notes.contains {
            $0.hasPrefix("security scheme oauth (OAuth 2, client credentials at https://petstore.example.com/oauth/token): set clientId, clientSecret")
        })
        #expect(result.report.notes.contains { $0.hasPrefix("security scheme openId (OpenID Connect, configured at https://petstore.example.com/") })
    }

    @Test func nothingIsDroppedFromThisDocument() {
        expectEqual(result.report.dropped, [])
    }
}
