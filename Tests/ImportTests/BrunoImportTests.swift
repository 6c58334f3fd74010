import Courier
@testable import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// Bruno's own test collections (`.bru` and YAML: Tests/Fixtures/bruno/ORIGIN.md) imported,
/// and the YAML loaded back as a workspace.
@Suite struct BrunoImportTests {
    /// The import of the folder `Tests/Fixtures/bruno/<name>`, its YAML and the loaded workspace.
    static func imported(_ name: String) throws -> (result: ImportResult, yaml: String, workspace: Workspace) {
        let result = try BrunoImport.result(folder: fixturesDirectory + "/bruno/" + name)
        let yaml = result.workspace.yaml()
        return (result, yaml, try Workspace.parse(yaml: yaml, file: "imported.yaml"))
    }

    @Test func theBruCollectionsRequestsFoldersAndBatches() throws {
        let (result, yaml, workspace) = try Self.imported("bru-collection")
        expectEqual(workspace.name, "bruno-testbench")
        #expect(yaml.hasPrefix("# Imported from the Bruno collection bru-collection (.bru files)\n"))
        #expect(Set(workspace.requestNames) == [
            "asserts-test-assert-combinations", "auth-basic-via-auth-basic-auth-200", "auth-bearer-via-auth-bearer-auth-200",
            "auth-inherit-auth-inherit-bearer-auth-200", "echo-echo-json", "echo-echo-form-url-encoded", "echo-echo-multipart",
            "graphql-mutation", "ping", "scripting-api-req-getpathparam", "scripting-api-req-headerlist-disabled-headers",
        ])
        expectEqual(workspace.batches["echo"]?.items.map(\.name), ["echo-echo-json", "echo-echo-multipart", "echo-echo-form-url-encoded"])
        #expect(result.workspace.requests.first { $0.definition.name == "echo-echo-json" }?.folders == ["echo"])
        #expect(yaml.contains("  # from Bruno: echo / echo json\n"))
    }

    @Test func collectionHeadersAndAuthComeDownUnlessARequestSaysOtherwise() throws {
        let workspace = try Self.imported("bru-collection").workspace
        let json = try #require(workspace.requests["echo-echo-json"])
        expectEqual(json.method, .post)
        #expect(json.url == "{{host}}/api/echo/json")
        expectEqual(json.headers.map(\.name), ["check", "token", "collection-header", "foo"])
        expectEqual(json.auth, nil)                                                    // auth: none
        let inherited = try #require(workspace.requests["auth-inherit-auth-inherit-bearer-auth-200"])
        #expect(inherited.auth == .bearer(token: "{{bearer_auth_token}}"))
        let basic = try #require(workspace.requests["auth-basic-via-auth-basic-auth-200"])
        #expect(basic.auth == .basic(user: "bruno", password: "{{basic_auth_password}}"))
        #expect(workspace.requests["scripting-api-req-getpathparam"]?.url == "{{host}}/ping")
    }

    @Test func assertionsBecomeChecksAndTheRestIsReported() throws {
        let (result, yaml, workspace) = try Self.imported("bru-collection")
        #expect(workspace.requests["auth-bearer-via-auth-bearer-auth-200"]?.checkLines
                == ["status == 200", "$.message == Authentication successful"])
        expectEqual(workspace.requests["scripting-api-req-headerlist-disabled-headers"]?.checkLines, ["status == 200", "body == pong"])
        expectEqual(workspace.requests["graphql-mutation"]?.checkLines, ["status == 200", "$.data.create.success == true"])
        let combinations = try #require(workspace.requests["asserts-test-assert-combinations"]?.checkLines)
        expectEqual(combinations.count, 26)
        #expect(combinations.contains("$.stringWithSQuotes == \"'foo'\""))
        #expect(result.report.dropped.contains {
            $0.hasPrefix("request \"asserts / test-assert-combinations\": assertion res.body.numberBig.toString(): eq '9007199254740992000' not carried over")
        })
        #expect(result.report.dropped.contains("request \"echo / echo json\": pre-request script not run"))
        #expect(result.report.dropped.contains("request \"echo / echo json\": tests not run"))
        #expect(result.report.dropped.contains("the collection: tests not run"))
        // Switched-off headers are comments; the folder's switched-off ones are not inherited.
        let disabled = try #require(workspace.requests["scripting-api-req-headerlist-disabled-headers"])
        expectEqual(disabled.headers.map(\.name), ["check", "token", "collection-header", "bruno", "della"])
        #expect(yaml.contains("    # x-disabled: hidden-value\n"))
    }

    @Test func bodiesKeepTheirKinds() throws {
        let workspace = try Self.imported("bru-collection").workspace
        guard case .multipart(let parts)? = workspace.requests["echo-echo-multipart"]?.body else {
            Issue.record("the multipart body is not multipart")
            return
        }
        expectEqual(parts.map(\.name), ["foo", "multiline", "form-data-key", "form-data-stringified-object", "file"])
        #expect(parts[0].value == "{\"bar\":\"baz\"}" && parts[0].contentType == "application/json--test")
        expectEqual(parts[1].value, "\"multiline-test\"")
        expectEqual(parts[4].file, "bruno.png")
        guard case .text(let form, let type)? = workspace.requests["echo-echo-form-url-encoded"]?.body else {
            Issue.record("a form repeating its field names is not text")
            return
        }
        #expect(form == "form-data-key={{form-data-key}}&form-data-stringified-object={{form-data-stringified-object}}&key_1=value_1&key_2=value_2&key_1=value_3&key_2=value_4")
        expectEqual(type, "application/x-www-form-urlencoded")
        guard case .graphql(let graphql)? = workspace.requests["graphql-mutation"]?.body else {
            Issue.record("the GraphQL body is not GraphQL")
            return
        }
        #expect(graphql.query.hasPrefix("mutation create($id: String!) {"))
        expectEqual(graphql.variables, .object(["id": .string("1")]))
    }

    @Test func environmentsAndSecrets() throws {
        let (result, yaml, workspace) = try Self.imported("bru-collection")
        expectEqual(workspace.environmentNames, ["local"])
        expectEqual(workspace.environments["local"]?["host"], "http://localhost:8080")
        #expect(workspace.environments["local"]?["bark"] == "{{env.PROC_ENV_VAR}}")
        #expect(workspace.environments["local"]?["typed_env_obj"] == "{\"scope\":\"env\"}")
        expectEqual(workspace.variables["coll_num"], "100")
        let secrets = try #require(result.workspace.privateEnvironments.first)
        expectEqual(secrets.name, "local")
        #expect(secrets.variables.map(\.name).contains("github_client_secret"))
        #expect(!yaml.contains("github_client_secret"))
        expectEqual(result.workspace.privateYAML()?.contains("    github_client_secret: \"\""), true)
    }

    @Test func theYAMLCollection() throws {
        let (result, yaml, workspace) = try Self.imported("yml-collection")
        expectEqual(workspace.name, "bruno-yml-testbench")
        #expect(yaml.contains("(OpenCollection YAML)"))
        expectEqual(workspace.requestNames, ["variable-datatypes-typed-vars", "variable-datatypes-form-urlencoded", "variable-datatypes-multipart"])
        expectEqual(workspace.environmentNames, ["local", "prod"])
        expectEqual(workspace.environments["prod"]?["typed_env_num"], "300")
        #expect(workspace.variables["coll_obj"] == "{\"scope\":\"collection\"}")
        expectEqual(workspace.variables["fold_num"], "200")
        expectEqual(workspace.variables["fu_str"], "form_string")
        guard case .form(_, let order)? = workspace.requests["variable-datatypes-form-urlencoded"]?.body else {
            Issue.record("the form body is not a form")
            return
        }
        expectEqual(order, ["fu_str", "fu_num", "fu_bool", "fu_obj"])
        guard case .multipart(let parts)? = workspace.requests["variable-datatypes-multipart"]?.body else {
            Issue.record("the multipart body is not multipart")
            return
        }
        #expect(parts.map(\.value) == ["{{mp_str}}", "{{mp_num}}", "{{mp_bool}}", "{{mp_obj}}"])
        #expect(result.report.dropped.contains("request \"variable-datatypes / form-urlencoded\": tests not run"))
        #expect(result.report.dropped.contains("request \"variable-datatypes / typed vars\": before-request script not run"))
    }

    @Test func asAFolderWorkspaceEachRequestSitsInItsFolder() throws {
        let result = try Self.imported("bru-collection").result
        let paths = result.workspace.folderFiles().map(\.path)
        #expect(paths.contains("requests/echo/echo-echo-json.yaml"))
        #expect(paths.contains("requests/scripting/api/req/headerList/scripting-api-req-headerlist-disabled-headers.yaml"))
    }
}

/// Collections Bruno itself would not open fail naming the file and where.
@Suite struct BrunoFailureTests {
    static func failure(_ files: [String: String]) -> ImportFailure? {
        do {
            _ = try BrunoImport.result(files: files.map { (path: $0.key, data: Data($0.value.utf8)) }, name: "coll")
            return nil
        } catch {
            return error
        }
    }

    @Test func aBrokenBruFileNamesItsLineAndColumn() throws {
        let failure = try #require(Self.failure(["bruno.json": #"{"name": "x"}"#,
                                                 "users/list.bru": "meta {\n  name: list\n}\n\nget {\n  url {{host}}/users\n}\n"]))
        expectEqual(failure.file, "coll/users/list.bru")
        #expect(failure.description == "coll/users/list.bru:6:3: error: expected \"key: value\", found \"url {{host}}/users\"")
    }

    @Test func anUnclosedBlockNamesWhereItOpens() throws {
        let failure = try #require(Self.failure(["bruno.json": "{}", "a.bru": "meta {\n  name: a\n}\nbody:json {\n  {\"a\": 1}\n"]))
        #expect(failure.description.hasPrefix("coll/a.bru:4:1: error: the block \"body:json\" is not closed"))
    }

    @Test func aBrokenYAMLFileNamesItsLineAndColumn() throws {
        let failure = try #require(Self.failure(["opencollection.yml": "info:\n  name: x\n", "r.yml": "info:\n  name: [a\nhttp: {}\n"]))
        expectEqual(failure.file, "coll/r.yml")
        expectEqual(failure.location?.hasPrefix("3:"), true)
    }

    @Test func aFolderThatIsNoCollectionSaysWhatItLacks() throws {
        let failure = try #require(Self.failure(["a.bru": "meta {\n}\n"]))
        expectEqual(failure.message, "not a Bruno collection: it has neither bruno.json nor opencollection.yml")
    }
}

extension RequestDefinition {
    /// The `expect:` checks as written.
    var checkLines: [String] {
        expect.compactMap { if case .check(let check) = $0 { check.text } else { nil } }
    }
}
