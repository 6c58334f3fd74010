import Courier
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// `HurlExport` writes a workspace's requests with their checks as a Hurl file, and
/// `HurlImport` reads it back to the same requests and checks.
@Suite struct HurlExportTests {
    static let shop = """
        name: shop
        config:
          baseUrl: "{{demo}}"
        variables:
          user: demo
          password: hunter2
          petId: "7"
        requests:
          list-pets:
            description: Every cat, ten at a time.
            url: /anything/pets
            args: {species: cat, limit: "10"}
            headers:
              Accept: application/json
              X-Trace: "abc #1"
            expect:
              - status == 200
              - header Content-Type contains json
              - $.args.species == cat
              - $.headers count >= 2
              - duration < 5000
              - $.missing not exists
              - $.url matches /pets\\?/
          create-pet:
            method: POST
            url: /anything/pets
            headers: {X-Request: "{{uuid}}"}
            body:
              json: {name: Mittens, tags: [a, b], age: 3}
            expect:
              - status == 200
              - $.json.name == Mittens
              - $.json.tags count == 2
              - $.json.age >= 3
              - $.json.age isInteger
              - $.json.name != "{{user}}"
          update-pet:
            method: PUT
            url: /anything/pets/{{petId}}
            auth: {basic: {user: "{{user}}", password: "{{password}}"}}
            body:
              form: {name: Rex, color: brown}
            expect:
              - $.form.name == Rex
              - $.method startsWith PU
          note:
            method: POST
            url: /anything/note
            body:
              text: "line one\\nline two\\n"
              contentType: text/plain
            expect:
              - body contains "line one"
              - bytes > 10
              - header Content-Length not == 0
          upload:
            method: POST
            url: /anything/upload
            auth: {bearer: "{{token}}"}
            body:
              multipart:
                - {name: note, value: hi}
                - {name: photo, file: photo.txt, filename: photo.txt, contentType: text/plain}
            cache: 60
            expect:
              - status in [200, 201]
              - $.files exists
              - schema: {type: object}
        chains:
          flow:
            steps:
              - request: list-pets
                capture: {species: $.args.species}
              - request: create-pet
                expect: [$.json.age < 100]
        """

    static func workspace() throws -> Workspace {
        try Workspace.parse(yaml: shop, file: "shop.yaml", extraVariables: ["token"])
    }

    /// The checks of a request as comparable text: subject, count, negation, operator, value.
    static func checks(_ definition: RequestDefinition?) -> [String] {
        (definition?.expect ?? []).compactMap { expectation in
            guard case .check(let check) = expectation else { return nil }
            return "\(check.subject)|\(check.counts)|\(check.predicate.isNegated)|\(check.predicate.op)|\(check.predicate.value.map { "\($0)" } ?? "-")"
        }
    }

    @Test func aRoundTripKeepsEveryRequestAndCheck() throws {
        let original = try Self.workspace()
        let exported = try HurlExport.result(workspace: original, names: [])
        let result = try HurlImport.result(text: exported.text, file: "shop.hurl")
        let back = try Workspace.parse(yaml: result.workspace.yaml(), file: "back.yaml", extraVariables: ["token"])
        #expect(back.requestNames == original.requestNames, "\(exported.text)")
        for name in original.requestNames {
            let before = try #require(original.requests[name]), after = try #require(back.requests[name])
            #expect(after.method == before.method, "\(name)")
            #expect(after.url == "{{demo}}" + before.url, "\(name)")
            #expect(after.args == before.args && after.argumentOrder == before.argumentOrder, "\(name)")
            #expect(after.headers.map { "\($0.name): \($0.value)" } == before.headers.map { "\($0.name): \($0.value)" }, "\(name)")
            #expect(after.auth == before.auth, "\(name)")
            #expect(after.body == before.body, "\(name)")
            #expect(after.description == before.description, "\(name)")
            // Every check Hurl can say comes back as it was; the others are listed.
            let carried = Self.checks(before).filter { !$0.contains("|in|") }
            #expect(Self.checks(after) == carried, "\(name)\n\(exported.text)")
        }
        #expect(back.variables["user"] == "demo" && back.variables["password"] == "hunter2" && back.variables["petId"] == "7")
        // The chain step's capture comes back as the file's chain's.
        let steps = try #require(back.chains["shop"]).steps.flatMap(\.items)
        #expect(steps.first?.captures.map { "\($0.variable) \($0.source)" } == ["species $.args.species"])
        #expect(result.report.dropped.isEmpty, "\(result.report.dropped)")
        #expect(exported.notCarried.contains("upload: check status in [200, 201]: in (Hurl has no such predicate)"))
        #expect(exported.notCarried.contains("upload: a JSON Schema check (Hurl has none)"))
        #expect(exported.notCarried.contains("upload: cache"))
    }

    @Test func theFileSaysItInHurlsWords() throws {
        let text = try HurlExport.result(workspace: try Self.workspace(), names: []).text
        #expect(text.contains("""
            # list-pets
            # Every cat, ten at a time.
            GET {{demo}}/anything/pets
            Accept: application/json
            X-Trace: abc \\#1
            [QueryStringParams]
            species: cat
            limit: 10
            HTTP 200
            [Captures]
            species: jsonpath "$.args.species"
            [Asserts]
            header "Content-Type" contains "json"
            jsonpath "$.args.species" == "cat"
            jsonpath "$.headers" count >= 2
            duration < 5000
            jsonpath "$.missing" not exists
            jsonpath "$.url" matches /pets\\?/
            """))
        #expect(text.contains("X-Request: {{newUuid}}"))
        #expect(text.contains("""
            [Options]
            variable: password=hunter2
            variable: petId=7
            variable: user=demo
            [BasicAuth]
            {{user}}: {{password}}
            [FormParams]
            name: Rex
            color: brown
            HTTP *
            """))
        #expect(text.contains("Content-Type: text/plain\n```\nline one\nline two\n```\nHTTP *\n[Asserts]\nbody contains \"line one\"\nbytes count > 10"))
        #expect(text.contains("[MultipartFormData]\nnote: hi\nphoto: file,photo.txt; text/plain"))
        #expect(text.contains("Authorization: Bearer {{token}}"))
    }

    @Test func aChainExportsItsStepsWithTheirCapturesAndChecks() throws {
        let exported = try HurlExport.result(workspace: try Self.workspace(), names: ["flow"])
        let result = try HurlImport.result(text: exported.text, file: "flow.hurl")
        expectEqual(result.workspace.requests.map(\.definition.name), ["list-pets", "create-pet"])
        expectEqual(result.workspace.chains.first?.steps.first?.captures.first?.source, "$.args.species")
        // The step's own check joins the request's.
        #expect(result.workspace.requests[1].expect.contains("$.json.age < 100"))
        #expect(throws: ImportFailure.self) { try HurlExport.result(workspace: try Self.workspace(), names: ["nope"]) }
    }

    @Test func hurlsFixturesSurviveAnExportAndAnotherImport() throws {
        for name in HurlImportTests.fixtures {
            let (_, loaded) = try HurlImportTests.imported(name)
            let again = try HurlImport.result(text: try HurlExport.result(workspace: loaded, names: []).text, file: "\(name).hurl")
            let back = try Workspace.parse(yaml: again.workspace.yaml(), file: "back.yaml")
            #expect(back.requestNames == loaded.requestNames, "\(name)")
            for request in loaded.requestNames {
                // A whole expected JSON body (`$ == {…}`) is the one check an assert cannot say.
                let checks = Self.checks(loaded.requests[request]).filter { !$0.hasPrefix("$|false|false|equal|{") && !$0.hasPrefix("$|false|false|equal|[") }
                #expect(Self.checks(back.requests[request]) == checks, "\(name) \(request)")
                #expect(back.requests[request]?.body == loaded.requests[request]?.body, "\(name) \(request)")
            }
        }
    }
}
