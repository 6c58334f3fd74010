import Courier
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// The Postman fixtures imported and the YAML loaded back as a workspace, field by field.
@Suite struct PostmanImportTests {
    /// The v2.1 fixture with the environment file, its result and the loaded workspace.
    static func demo() throws -> (result: ImportResult, yaml: String, workspace: Workspace) {
        let result = try PostmanImport.result(
            collection: try fixture("postman/demo-v2.1.postman_collection.json"), file: "demo-v2.1.postman_collection.json",
            environments: [(file: "local.postman_environment.json", data: try fixture("postman/local.postman_environment.json"))])
        let yaml = result.workspace.yaml()
        return (result, yaml, try Workspace.parse(yaml: yaml, file: "imported.yaml"))
    }

    @Test func everyRequestOfTheV21CollectionLoadsInOrderTheOPTIONSOneToo() throws {
        let (_, yaml, workspace) = try Self.demo()
        expectEqual(workspace.name, "Courier Demo API")
        #expect(workspace.requestNames == [
            "get-pet", "pets-create-pet", "pets-upload-note", "pets-update-pet", "pets-photos-add-photo",
            "pets-photos-replace-photo", "auth-basic-login", "auth-bearer-check", "auth-query-key", "auth-oauth-profile",
            "graphql-search", "preflight",
        ])
        expectEqual(workspace.requests["preflight"]?.method, .options)
        #expect(yaml.hasPrefix("# Imported from demo-v2.1.postman_collection.json (Postman collection v2.1)\n"))
        #expect(yaml.contains("  # from Postman: Pets / Photos / Add photo\n"))
    }

    @Test func foldersBecomeNestedBatchesAndAllRunsTheCollection() throws {
        let workspace = try Self.demo().workspace
        expectEqual(workspace.batchNames, ["all", "pets", "pets-photos", "auth"])
        expectEqual(workspace.batches["all"]?.items.map(\.name), ["get-pet", "pets", "auth", "graphql-search", "preflight"])
        expectEqual(workspace.batches["pets"]?.items.map(\.name), ["pets-create-pet", "pets-upload-note", "pets-update-pet", "pets-photos"])
        expectEqual(workspace.batches["pets-photos"]?.items.map(\.name), ["pets-photos-add-photo", "pets-photos-replace-photo"])
        expectEqual(workspace.batches["all"]?.continueOnFailure, true)
    }

    @Test func urlsKeepVariablesFillPathVariablesAndLeaveSwitchedOffQueryOut() throws {
        let requests = try Self.demo().workspace.requests
        #expect(requests["get-pet"]?.url == "{{baseUrl}}/anything/pets/42?verbose=true&color=light%20blue&seen={{$randomEmail}}")
        #expect(requests["pets-update-pet"]?.url == "{{baseUrl}}/anything/pets/{{petId}}")
        #expect(requests["auth-query-key"]?.url == "{{baseUrl}}/anything/query-key?page=2&api_key={{apiKey}}")
        expectEqual(requests["get-pet"]?.description, "Reads one pet.")
    }

    @Test func headersKeepTheirOrderSwitchedOffOnesAreComments() throws {
        let (_, yaml, workspace) = try Self.demo()
        let headers = try #require(workspace.requests["get-pet"]?.headers)
        expectEqual(headers.map(\.name), ["Accept", "X-Request-Id"])
        #expect(headers.map(\.value) == ["application/json", "{{uuid}}"])
        #expect(yaml.contains("      X-Request-Id: \"{{uuid}}\"\n      # X-Debug: \"1\"\n"))
    }

    @Test func eachBodyModeBecomesItsBody() throws {
        let requests = try Self.demo().workspace.requests
        #expect(requests["pets-create-pet"]?.body == .json(["born": "{{timestamp}}", "name": "Rex", "tags": ["good", "dog"]]))
        #expect(requests["pets-upload-note"]?.body == .text("hello {{user}}", contentType: "text/plain"))
        guard case .form(let fields, let order)? = requests["pets-update-pet"]?.body else {
            Issue.record("expected a form body")
            return
        }
        expectEqual(fields, ["name": "Rex", "kind": "dog & cat"])
        expectEqual(order, ["name", "kind"])
        expectEqual(requests["pets-update-pet"]?.headers.isEmpty, false)  // X-Api-Key only: Content-Type went into the body
        expectEqual(requests["pets-update-pet"]?.headers.map(\.name), ["X-Api-Key"])
        #expect(requests["pets-photos-add-photo"]?.body == .multipart([
            .init(name: "caption", value: "Rex at {{now}}"),
            .init(name: "photo", file: "photo.txt", contentType: "text/plain"),
        ]))
        expectEqual(requests["pets-photos-replace-photo"]?.body, .file(path: "photo.txt", contentType: "text/plain"))
        expectEqual(requests["pets-photos-replace-photo"]?.headers.isEmpty, true)
        #expect(requests["graphql-search"]?.body == .graphql(GraphQLBody(
            query: "query Search($q: String!) {\n  search(q: $q) { id name }\n}", variables: ["q": "rex"])))
    }

    @Test func authIsOwnInheritedFromFolderOrCollectionAndNoauthStopsIt() throws {
        let requests = try Self.demo().workspace.requests
        #expect(requests["get-pet"]?.auth == .bearer(token: "{{token}}"))            // the collection's
        #expect(requests["graphql-search"]?.auth == .bearer(token: "{{token}}"))
        expectEqual(requests["pets-create-pet"]?.auth, nil)                              // the folder's API key instead
        expectEqual(requests["pets-create-pet"]?.headers.map(\.name), ["X-Api-Key"])
        #expect(requests["pets-create-pet"]?.headers.first?.value == "{{apiKey}}")
        expectEqual(requests["pets-photos-add-photo"]?.auth, nil)                        // noauth on "Photos"
        expectEqual(requests["pets-photos-add-photo"]?.headers.isEmpty, true)
        #expect(requests["auth-basic-login"]?.auth == .basic(user: "{{user}}", password: "s3cret"))
        expectEqual(requests["auth-bearer-check"]?.auth, .bearer(token: "abc123"))
        expectEqual(requests["auth-query-key"]?.auth, nil)
        guard case .oauth2(let oauth2)? = requests["auth-oauth-profile"]?.auth else {
            Issue.record("oauth2 not carried over")
            return
        }
        #expect(oauth2.grant == .clientCredentials && oauth2.tokenURL == "https://auth.example.org/token")
        expectEqual(requests["auth-oauth-profile"]?.headers.isEmpty, true)
    }

    @Test func variablesEnvironmentsAndSecrets() throws {
        let (result, _, workspace) = try Self.demo()
        expectEqual(result.workspace.variables.map(\.name), ["baseUrl", "token", "apiKey", "user", "$randomEmail", "petId"])
        #expect(workspace.variables["baseUrl"] == "{{demo}}")
        expectEqual(workspace.variables["apiKey"], "k-123")
        expectEqual(workspace.variables["$randomEmail"], "")
        expectEqual(workspace.variables["legacy"], nil)                                 // switched off
        expectEqual(workspace.environmentNames, ["local-demo"])
        #expect(workspace.environments["local-demo"] == ["baseUrl": "{{demo}}", "apiKey": "env-key-999", "token": "env-token"])
        #expect(workspace.requests["pets-create-pet"]?.sensitive == ["{{apiKey}}"])
        #expect(workspace.requests["auth-query-key"]?.sensitive == ["{{apiKey}}"])
        expectEqual(workspace.requests["get-pet"]?.sensitive, [])
    }

    @Test func theReportListsWhatWasNotCarriedOverWithoutSecretValues() throws {
        let report = try Self.demo().result.report
        #expect(report.dropped.filter { $0.hasSuffix("script not run") } == [
            "the collection: pre-request script not run",
            "request \"Get pet\": test script not run",
            "request \"Pets / Create pet\": pre-request script not run",   // its empty test script is not listed
        ])
        #expect(!report.dropped.contains { $0.hasPrefix("request \"Auth / OAuth profile\"") }, "oauth2 is carried over")
        #expect(!report.dropped.contains { $0.contains("Preflight") })
        #expect(report.dropped.contains { $0.hasPrefix("dynamic variable {{$randomEmail}} (request \"Get pet\")") })
        #expect(report.dropped.contains("1 saved example response(s) in 1 request(s) not carried over"))
        #expect(report.dropped.contains("environment \"local-demo\": variables switched off in Postman left out: unused"))
        #expect(report.notes.contains { $0.contains("{{$guid}} → {{uuid}}") && $0.contains("{{$isoTimestamp}} → {{now}}") })
        #expect(report.notes.contains { $0.hasPrefix("environment \"local-demo\": secret variable(s) apiKey") })
        #expect(report.notes.contains("request \"Get pet\": query parameter \"debug\" is switched off in Postman and left out"))
        #expect(report.notes.contains("request \"Pets / Update pet\": path variable :petId has no value; the URL uses {{petId}}"))
        let everything = (report.dropped + report.notes).joined(separator: "\n")
        for secret in ["k-123", "env-key-999", "s3cret", "abc123"] { #expect(!everything.contains(secret)) }
    }

    @Test func aV20CollectionReadsStringURLsObjectAuthAndHeaderText() throws {
        let result = try PostmanImport.result(collection: try fixture("postman/legacy-v2.0.postman_collection.json"),
                                              file: "legacy-v2.0.postman_collection.json")
        let yaml = result.workspace.yaml()
        #expect(yaml.hasPrefix("# Imported from legacy-v2.0.postman_collection.json (Postman collection v2.0)\n# A collection exported as v2.0.\n"))
        let workspace = try Workspace.parse(yaml: yaml, file: "legacy.yaml")
        expectEqual(workspace.requestNames, ["session-login", "session-profile", "ping"])
        let login = try #require(workspace.requests["session-login"])
        expectEqual(login.method, .post)
        #expect(login.url == "{{baseUrl}}/anything/login?source=legacy")
        expectEqual(login.auth, .basic(user: "alice", password: "wonderland"))
        expectEqual(login.body, .json(["remember": true]))
        #expect(login.headers.isEmpty)                                                 // Content-Type went into the JSON body
        let profile = try #require(workspace.requests["session-profile"])
        expectEqual(profile.auth, .bearer(token: "t-20"))
        expectEqual(profile.headers.map(\.name), ["Accept"])
        #expect(yaml.contains("      # X-Trace: \"on\"\n"))
        #expect(workspace.requests["ping"]?.url == "{{baseUrl}}/status/204")
        #expect(workspace.variables["baseUrl"] == "{{demo}}")                         // a v2.0 variable named by id
        expectEqual(workspace.batches["session"]?.items.map(\.name), ["session-login", "session-profile"])
        #expect(result.report.dropped.isEmpty)
    }
}
