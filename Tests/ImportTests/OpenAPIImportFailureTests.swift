import Courier
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// Documents the OpenAPI importer refuses say why and where; quirky ones it takes and reports.
@Suite struct OpenAPIImportFailureTests {
    func failure(_ text: String, file: String = "spec.yaml") -> ImportFailure? {
        do {
            _ = try OpenAPIImport.result(document: Data(text.utf8), file: file)
            return nil
        } catch {
            return error
        }
    }

    func imported(_ text: String, file: String = "spec.yaml") throws -> (ImportResult, Workspace) {
        let result = try OpenAPIImport.result(document: Data(text.utf8), file: file)
        return (result, try Workspace.parse(yaml: result.workspace.yaml(), file: "imported.yaml"))
    }

    @Test func swagger2IsRefusedAtItsVersionField() throws {
        let yaml = try #require(failure("info: {title: t, version: '1'}\nswagger: \"2.0\"\npaths: {}\n"))
        expectEqual(yaml.location, "2:1")
        #expect(yaml.message.hasPrefix("Swagger 2.0 is not supported: convert it to OpenAPI 3 first"))
        let json = try #require(failure("{\"swagger\": \"2.0\", \"info\": {}, \"paths\": {}}", file: "spec.json"))
        #expect(json.description.hasPrefix("spec.json: $.swagger: error: Swagger 2.0 is not supported"))
    }

    @Test func aYAMLSyntaxErrorNamesItsLineAndColumn() throws {
        let error = try #require(failure("openapi: 3.0.3\ninfo:\n  title: [unclosed\n  version: 1\npaths: {}\n"))
        #expect(error.location == "4:10", "\(error)")
        #expect(error.message.hasPrefix("invalid YAML: "))
    }

    @Test func aJSONSyntaxErrorNamesItsLineAndColumn() throws {
        let error = try #require(failure("{\n  \"openapi\": \"3.1.0\",\n  \"info\": }\n", file: "spec.json"))
        #expect(error.description.hasPrefix("spec.json:3:11: error: invalid JSON"), "\(error)")
    }

    @Test func aDocumentOpenAPIKitCannotDecodeFailsAtAJSONPathAndLine() throws {
        let yaml = """
        openapi: 3.0.3
        info: {title: t, version: "1"}
        paths:
          /pets:
            get:
              parameters:
                - name: limit
                  in: somewhere
                  schema: {type: integer}
              responses:
                "200": {description: ok}
        """
        let error = try #require(failure(yaml))
        #expect(error.location?.hasPrefix("$.paths./pets.get.parameters[0]") == true, "\(error)")
        #expect(error.message.hasPrefix("not a valid OpenAPI document: "))
        #expect(error.message.contains("(line 7)") || error.message.contains("(line 8)"), "\(error)")
    }

    @Test func pathKeysAJSONPathCannotWriteWithADotAreBracketed() throws {
        let json = """
        {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
         "paths": {"/v1.0/pets": {"get": {"parameters": [{"name": "x", "in": "nowhere"}]}}}}
        """
        let error = try #require(failure(json, file: "spec.json"))
        #expect(error.location?.hasPrefix("$.paths['/v1.0/pets'].get.parameters[0]") == true, "\(error)")
        #expect(!error.message.contains("(line"))  // JSON nodes carry no lines
    }

    @Test func aDocumentWithoutAnOpenAPIFieldOrWithAnUnknownVersionIsRefused() throws {
        #expect(try #require(failure("info: {title: t}\npaths: {}\n")).message.contains("it has no openapi field"))
        let future = try #require(failure("openapi: 4.0.0\ninfo: {title: t, version: '1'}\npaths: {}\n"))
        expectEqual(future.location, "1:10")
        expectEqual(future.message, "OpenAPI 4.0.0 is not supported (3.0, 3.1 and 3.2 are)")
        #expect(try #require(failure("- a list\n")).message.hasPrefix("not an OpenAPI document"))
        expectEqual(try #require(failure("")).message, "the document is empty")
    }

    @Test func textThatIsNotUTF8IsRefused() {
        do {
            _ = try OpenAPIImport.result(document: Data([0x6F, 0x70, 0xE9, 0xFF]), file: "spec.yaml")
            Issue.record("expected a failure")
        } catch {
            #expect(error.message.hasPrefix("not UTF-8 text"))
        }
    }

    @Test func aShortOrUnknownPatchVersionIsReadAsTheNewestPatchOfItsMinor() throws {
        let (result, workspace) = try imported("openapi: \"3.0\"\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n        default: {description: ok}\n")
        expectEqual(result.report.notes.first, "openapi \"3.0\" read as 3.0.4")
        expectEqual(workspace.requestNames, ["get-a"])
        let (later, _) = try imported("openapi: 3.1.9\ninfo: {title: t, version: '1'}\npaths: {}\n")
        expectEqual(later.report.notes.first, "openapi \"3.1.9\" read as 3.1.2")
    }

    @Test func withoutServersBaseUrlIsAnEmptyVariableAndARelativeServerIsExplained() throws {
        let (none, noneWorkspace) = try imported("openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\n")
        expectEqual(noneWorkspace.variables["baseUrl"], "")
        #expect(noneWorkspace.config.baseURL == "{{baseUrl}}")
        #expect(none.report.notes.contains { $0.hasPrefix("the document names no server: set baseUrl") })
        let (relative, relativeWorkspace) = try imported("openapi: 3.0.2\nservers: [{url: /v3}]\ninfo: {title: t, version: '1'}\npaths: {}\n")
        expectEqual(relativeWorkspace.variables["baseUrl"], "/v3")
        #expect(relative.report.notes.contains { $0.hasPrefix("server /v3 is relative to where the document is served") })
    }

    @Test func namesAndVariablesStaySafe() throws {
        let yaml = """
        openapi: 3.0.3
        info: {title: t, version: "1"}
        paths:
          /events/{timestamp}/{env.x}:
            get:
              operationId: getHTTPStatus
              parameters:
                - {name: timestamp, in: path, required: true, schema: {type: integer}}
                - {name: env.x, in: path, required: true, schema: {type: string}}
              responses:
                "200": {description: ok}
          /events:
            get:
              operationId: getHTTPStatus
              responses:
                "200": {description: ok}
        """
        let (_, workspace) = try imported(yaml)
        expectEqual(workspace.requestNames, ["get-http-status", "get-http-status-2"])
        // `timestamp` is a built-in and `env.` reads the environment: both renamed, so that
        // the document's values are used.
        #expect(workspace.requests["get-http-status"]?.url == "events/{{timestamp_param}}/{{param_env.x}}")
        expectEqual(workspace.variables["timestamp_param"], "")
    }

    @Test func yamlAliasesThatRepeatEachOtherIntoMillionsOfValuesAreRefused() throws {
        var text = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\nx-a0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
        for level in 1...7 {
            text += "x-a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let error = try #require(failure(text))
        #expect(error.message.hasPrefix("the document expands to more than 2000000 values"))
    }

    @Test func realWorldQuirksAreTakenAndReported() throws {
        // From the Swagger Petstore 3.0 document and others like it: a relative server, a
        // trailing slash, a tag the document does not declare, an Authorization header
        // parameter, a list with explode: false, a deepObject, a $ref with a sibling, several
        // body types, an operation's own relative server, and a security scheme nobody defined
        // (which OpenAPIKit refuses: the importer removes it first).
        let yaml = """
        openapi: 3.0.2
        servers: [{url: /v3}]
        info: {title: Petstore, version: 1.0.26-SNAPSHOT}
        tags: [{name: pet}]
        paths:
          /pet/findByStatus/:
            get:
              tags: [pet, extra]
              operationId: findPetsByStatus
              parameters:
                - {name: Authorization, in: header, required: true, schema: {type: string}}
                - {name: ids, in: query, required: true, explode: false, schema: {type: array, items: {type: integer}}, example: [1, 2]}
                - {name: filter, in: query, required: true, style: deepObject, schema: {type: object}, example: {size: small, color: brown}}
              responses:
                '200': {description: ok, content: {'*/*': {schema: {type: string}}}}
                default: {description: error}
              security:
                - undefined_scheme: []
          /pet:
            post:
              operationId: addPet
              servers: [{url: /v4}]
              requestBody:
                content:
                  application/xml: {schema: {$ref: '#/components/schemas/Pet'}}
                  application/json: {schema: {$ref: '#/components/schemas/Pet'}}
              responses:
                '405': {description: Invalid input}
        components:
          schemas:
            Category: {type: object, properties: {name: {type: string, example: Dogs}}}
            Pet:
              type: object
              required: [name, category]
              properties:
                name: {type: string, example: doggie}
                category: {$ref: '#/components/schemas/Category', description: ignored sibling}
        """
        let (result, workspace) = try imported(yaml)
        expectEqual(workspace.requests["find-pets-by-status"]?.url, "pet/findByStatus/?ids=1,2&filter[color]=brown&filter[size]=small")
        expectEqual(workspace.requests["find-pets-by-status"]?.headers.isEmpty, true)
        expectEqual(workspace.requests["find-pets-by-status"]?.auth, nil)
        expectEqual(workspace.batchNames, ["pet", "extra", "untagged"])
        expectEqual(workspace.requests["add-pet"]?.body, .json(["name": "doggie", "category": ["name": "Dogs"]]))
        expectEqual(workspace.requests["add-pet"]?.url, "pet")
        #expect(result.report.dropped == [
            "operation GET /pet/findByStatus/: security scheme undefined_scheme, which the document does not define",
            "request \"add-pet\": its own server /v4 (a relative URL); it uses baseUrl",
        ])
        #expect(result.report.notes.contains("request \"add-pet\": body as application/json; the operation also takes application/xml"))
        #expect(result.report.notes.contains { $0.hasPrefix("request \"find-pets-by-status\": header parameter Authorization left out") })
    }

    @Test func componentNamesOpenAPIKitRefusesAreRenamedWithTheirRefs() throws {
        let yaml = """
        openapi: 3.0.3
        info: {title: t, version: "1"}
        paths:
          /pages:
            post:
              operationId: addPage
              requestBody:
                content:
                  application/json: {schema: {$ref: '#/components/schemas/Page«Pet»'}}
              responses:
                '200': {description: ok}
        components:
          schemas:
            Page«Pet»:
              type: object
              required: [items]
              properties:
                items: {type: array, items: {$ref: '#/components/schemas/Pet%20Model'}}
            Pet Model: {type: object, required: [name], properties: {name: {type: string}}}
        """
        let (result, workspace) = try imported(yaml)
        expectEqual(workspace.requests["add-page"]?.body, .json(["items": [["name": "string"]]]))
        #expect(result.report.notes.prefix(2) == [
            "components.schemas \"Page«Pet»\" read as Page_Pet_ (OpenAPIKit allows letters, digits, . - _ in names)",
            "components.schemas \"Pet Model\" read as Pet_Model (OpenAPIKit allows letters, digits, . - _ in names)",
        ])
    }
}
