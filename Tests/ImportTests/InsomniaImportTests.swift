import Courier
@testable import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// Insomnia's own exports (v4 JSON and YAML, v5 YAML: Tests/Fixtures/insomnia/ORIGIN.md)
/// imported, and the YAML loaded back as a workspace.
@Suite struct InsomniaImportTests {
    /// The import of `Tests/Fixtures/insomnia/<name>`, its YAML and the loaded workspace.
    static func imported(_ name: String) throws -> (result: ImportResult, yaml: String, workspace: Workspace) {
        let result = try InsomniaImport.result(export: try fixture("insomnia/" + name), file: name)
        let yaml = result.workspace.yaml()
        return (result, yaml, try Workspace.parse(yaml: yaml, file: "imported.yaml"))
    }

    @Test func aV4JSONExportKeepsItsFoldersRequestsAndEnvironments() throws {
        let (result, yaml, workspace) = try Self.imported("insomnia_v4.json")
        expectEqual(workspace.name, "Swagger Petstore 1.0.0")
        #expect(yaml.hasPrefix("# Imported from insomnia_v4.json (Insomnia export, format 4)\n"))
        expectEqual(workspace.requestNames.count, 13)
        expectEqual(workspace.requestNames.prefix(3), ["example-folder-example-2", "example-1", "add-a-new-pet-to-the-store"])
        #expect(workspace.requestNames.contains("example-folder-example-2"))
        #expect(workspace.requestFolders.isEmpty)
        #expect(result.workspace.requests.first { $0.definition.name == "example-folder-example-2" }?.folders == ["Example Folder"])
        expectEqual(workspace.batches["example-folder"]?.items.map(\.name), ["example-folder-example-2"])
        // {{ base_url }} → {{base_url}}; the base environment's values are variables, the sub-environment an environment.
        #expect(workspace.requests["add-a-new-pet-to-the-store"]?.url == "{{base_url}}/pet")
        #expect(workspace.variables["base_url"] == "{{scheme}}://{{host}}{{base_path}}")
        expectEqual(workspace.environments["openapi-env"]?["host"], "petstore.swagger.io")
        #expect(workspace.requests["logs-user-into-the-system"]?.url == "{{base_url}}/user/login?username=string&password=string")
        #expect(workspace.requests["returns-pet-inventories-by-status"]?.headers.first { $0.name == "api_key" }?.value == "{{apiKey}}")
        // The JSON body is JSON, its Content-Type header folded into it.
        guard case .json(let body)? = workspace.requests["add-a-new-pet-to-the-store"]?.body else {
            Issue.record("the pet body is not JSON")
            return
        }
        expectEqual(body["name"], .string("doggie"))
        expectEqual(workspace.requests["add-a-new-pet-to-the-store"]?.headers.isEmpty, true)
        // What was not carried over.
        #expect(result.report.dropped.contains { $0.contains("cookie jar \"Default Jar\": 1 cookie(s) not carried over") })
        #expect(result.report.dropped.contains("unit test \"Returns 200\" not run (its checks are JavaScript)"))
        #expect(result.report.notes.contains { $0.contains("API spec") })
    }

    @Test func aV4YAMLExportCarriesFolderOAuth2DownAndNamesGrantsItCannotDo() throws {
        let (result, _, workspace) = try Self.imported("oauth-v4.yaml")
        expectEqual(workspace.name, "OAuth Testing")
        let name = try #require(result.workspace.requests.first { $0.folders == ["Folder Level Auth Code", "Inherit Auth Folder"] }?.definition.name)
        expectEqual(name, "folder-level-auth-code-inherit-auth-folder-request-with")          // names are cut to 64 characters
        let inherited = try #require(workspace.requests[name])
        guard case .oauth2(let settings)? = inherited.auth else {
            Issue.record("the folder's OAuth2 is not inherited")
            return
        }
        expectEqual(settings.grant, .authorizationCode)
        expectEqual(settings.tokenURL, "http://127.0.0.1:4010/oidc/token")
        expectEqual(settings.clientID, "authorization_code")
        #expect(inherited.sensitive.contains("secret"))
        #expect(result.report.dropped.contains { $0.contains("oauth2 implicit grant") && $0.contains("not carried over") })
    }

    @Test func aV5ResponseReferenceBecomesACaptureAndAChain() throws {
        let (result, yaml, workspace) = try Self.imported("chained-responses-v5.yaml")
        expectEqual(workspace.requestNames, ["first", "second", "third"])
        guard case .text(let second, let type)? = workspace.requests["second"]?.body else {
            Issue.record("the second body is not text")
            return
        }
        #expect(second == "{{first_data}} and second")
        expectEqual(type, "text/plain")
        expectEqual(workspace.requests["first"]?.url, "http://localhost:4010/echo")
        let chain = try #require(result.workspace.chains.first)
        expectEqual(chain.name, "insomnia-responses")
        expectEqual(chain.steps.map(\.request), ["first", "second", "third"])
        expectEqual(chain.steps[0].captures.map(\.variable), ["first_data"])
        expectEqual(chain.steps[0].captures.map(\.source), ["$.data"])
        expectEqual(chain.steps[1].captures.map(\.source), ["$.data"])
        expectEqual(workspace.chainNames, ["insomnia-responses"])
        expectEqual(yaml.contains("type: collection.insomnia.rest/5.0"), false)
    }

    @Test func aV5ExportNamesWhatItDropped() throws {
        let (result, yaml, workspace) = try Self.imported("auth-types-v5.yaml")
        expectEqual(workspace.variables["customValue"], "fromEnvManager")
        expectEqual(workspace.requests["sends-request-with-basic-authentication"]?.headers.isEmpty, true)
        #expect(yaml.contains("# Authorization: Basic dXNlcjpwYXNz"))                          // switched off: a comment
        expectEqual(workspace.requests["sends-request-with-basic-authentication"]?.sensitive, ["pass"])
        #expect(result.report.dropped.contains { $0.hasPrefix("request \"sends request with oauth1\": oauth1 auth") })
        #expect(result.report.dropped.contains { $0.hasPrefix("cookie jar: 1 cookie(s)") })
    }

    @Test func templateTagsMapToBuiltInsOrAreNamed() {
        var templates = InsomniaTemplates(titles: ["req_1": "Login"])
        #expect(templates.convert("{{ _.base }}/x/{% uuid 'v4' %}?t={% now 'millis', '' %}", at: "r") == "{{base}}/x/{{uuid}}?t={{timestamp}}")
        #expect(templates.convert("{{ _['my var'] }}", at: "r") == "{{my var}}")
        #expect(templates.convert("{% prompt 'Code?', '', '' %}", at: "r") == "{{prompt}}")
        #expect(templates.dropped == ["r: template tag {% prompt 'Code?', '', '' %} not carried over; {{prompt}} stands for it, declared empty"])
        #expect(templates.convert("{% response 'header', 'req_1', 'X-Token', 'never' %}", at: "r") == "{{login_x_token}}")
        #expect(templates.captures["req_1"]?.map { "\($0.variable) ← \($0.source)" } == ["login_x_token ← header:X-Token"])
        // A JSON body's braces are text; `b64::` filters are decoded.
        #expect(templates.convert("{\"a\": {\"b\": 1}}", at: "r") == "{\"a\": {\"b\": 1}}")
        expectEqual(InsomniaTemplates.decoded("b64::JC5pZA==::46b"), "$.id")
    }
}

/// Files that are not Insomnia exports fail naming the file and where.
@Suite struct InsomniaFailureTests {
    static func failure(_ text: String, file: String = "export.yaml") -> ImportFailure? {
        do {
            _ = try InsomniaImport.result(export: Data(text.utf8), file: file)
            return nil
        } catch {
            return error
        }
    }

    @Test func brokenYAMLNamesItsLineAndColumn() throws {
        let failure = try #require(Self.failure("type: collection.insomnia.rest/5.0\nname: \"unclosed\ncollection: []\n"))
        expectEqual(failure.file, "export.yaml")
        let location = try #require(failure.location)
        let line = try #require(Int(location.prefix { $0 != ":" }))
        #expect(line >= 2)
        #expect(failure.description.hasPrefix("export.yaml:\(location): error: invalid YAML"))
    }

    @Test func brokenJSONNamesItsLineAndColumn() throws {
        let failure = try #require(Self.failure("{\"_type\": \"export\",\n \"resources\": [,]}", file: "export.json"))
        #expect(failure.description.hasPrefix("export.json:2:16: error: invalid JSON"))
    }

    @Test func anotherDocumentIsNamedForWhatItLacks() throws {
        let postman = try #require(Self.failure(#"{"info": {}, "item": []}"#, file: "p.json"))
        expectEqual(postman.location, "$")
        #expect(postman.message.contains("not an Insomnia export"))
        let noResources = try #require(Self.failure(#"{"_type": "export", "__export_format": 4}"#, file: "e.json"))
        expectEqual(noResources.location, "$.resources")
        let noWorkspace = try #require(Self.failure(#"{"_type": "export", "__export_format": 4, "resources": []}"#, file: "e.json"))
        #expect(noWorkspace.message.contains("no workspace"))
    }
}
