import Courier
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// Imported OpenAPI requests, sent to the demo server's echo (`/anything/...`) as `courier run
/// --json` sends them: a `demo` environment points `baseUrl` at it, and a chain captures what
/// the echo saw (method, path, query, headers, body) so that the output shows it.
@Suite struct OpenAPIImportRunTests {
    /// The fixture's workspace with a `demo` environment (`baseUrl: {{demo}}<path>`) and a
    /// chain `check` of `steps`, each capturing `variable ← JSON path` from the echo.
    func workspace(_ fixtureName: String, path: String, steps: [(String, [(String, String)])]) throws -> String {
        var result = try OpenAPIImport.result(document: try fixture("openapi/" + fixtureName), file: fixtureName)
        result.workspace.environments.append(("demo", [("baseUrl", "{{demo}}" + path)]))
        result.workspace.chains = [.init(name: "check", steps: steps.map { .init(request: $0.0, captures: $0.1) })]
        return result.workspace.yaml()
    }

    /// Each request's captures, by request name.
    func captures(_ run: ImportedRun) -> [String: [String: String]] {
        var byName: [String: [String: String]] = [:]
        for line in importedJSONLines(run.output) {
            guard let name = line["name"] as? String else { continue }
            #expect(line["status"] as? Int == 200, "\(line)")
            byName[name] = line["captures"] as? [String: String] ?? [:]
        }
        return byName
    }

    @Test func theOpenAPI30RequestsSendWhatTheDocumentDescribes() async throws {
        let yaml = try workspace("petstore-3.0.yaml", path: "/anything/v1", steps: [
            ("list-pets", [("m1", "$.method"), ("p1", "$.path"), ("limit1", "$.args.limit"), ("status1", "$.args.status"),
                           ("requestId1", "$.headers['X-Request-Id']")]),
            ("create-pet", [("m2", "$.method"), ("kind2", "$.json.kind"), ("email2", "$.json.owner.email"),
                            ("seen2", "$.headers.Authorization")]),
            ("show-pet-by-id", [("p3", "$.path"), ("key3", "$.headers['X-Api-Key']")]),
            ("put-pets-petid", [("m4", "$.method"), ("name4", "$.json.name"), ("seen4", "$.headers.Authorization")]),
            ("place-order", [("pet5", "$.form.petId"), ("quantity5", "$.form.quantity"), ("seen5", "$.headers.Authorization")]),
            ("get-inventory", [("p6", "$.path")]),
            ("add-note", [("data7", "$.data"), ("type7", "$.headers['Content-Type']")]),
        ])
        let run = await runImported(yaml, ["check"], environment: "demo", variables: [
            "bearerToken=tok-1", "apiKeyHeader=key-1", "username=ada", "password=pw-1", "accessToken=acc-1", "cookieKey=c-1",
        ])
        #expect(run.status == 0, "\(run.errors) \(run.output)")
        let seen = captures(run)
        expectEqual(seen["list-pets"]?["m1"], "GET")
        expectEqual(seen["list-pets"]?["p1"], "/anything/v1/pets")
        expectEqual(seen["list-pets"]?["limit1"], "20")
        expectEqual(seen["list-pets"]?["status1"], "available")
        expectEqual(seen["list-pets"]?["requestId1"], "req-1")
        expectEqual(seen["create-pet"]?["m2"], "POST")
        expectEqual(seen["create-pet"]?["kind2"], "dog")
        expectEqual(seen["create-pet"]?["email2"], "user@example.com")
        // A bearer token is a secret: the echoed header is redacted whole, which it only is
        // when it holds the token passed as --var.
        #expect(seen["create-pet"]?["seen2"] == Redaction.placeholder, "\(seen)")
        expectEqual(seen["show-pet-by-id"]?["p3"], "/anything/v1/pets/42")
        expectEqual(seen["show-pet-by-id"]?["key3"], Redaction.placeholder)
        expectEqual(seen["put-pets-petid"]?["m4"], "PUT")
        expectEqual(seen["put-pets-petid"]?["name4"], "Rex")
        expectEqual(seen["put-pets-petid"]?["seen4"], "Basic " + Data("ada:pw-1".utf8).base64EncodedString())
        expectEqual(seen["place-order"]?["pet5"], "42")
        expectEqual(seen["place-order"]?["quantity5"], "1")
        expectEqual(seen["place-order"]?["seen5"], Redaction.placeholder)
        expectEqual(seen["get-inventory"]?["p6"], "/anything/v1/store/inventory")
        expectEqual(seen["add-note"]?["data7"], "hello")
        expectEqual(seen["add-note"]?["type7"], "text/plain")
    }

    @Test func theOpenAPI31RequestsSendWhatTheDocumentDescribes() async throws {
        let yaml = try workspace("library-3.1.json", path: "/anything/library", steps: [
            ("search-books", [("q1", "$.args.q"), ("language1", "$.headers['Accept-Language']"), ("p1", "$.path")]),
            ("update-book", [("m2", "$.method"), ("p2", "$.path"), ("title2", "$.json.title"),
                             ("type2", "$.headers['Content-Type']")]),
            ("get-report", [("format3", "$.args.format")]),
            ("send-report", [("data4", "$.data"), ("type4", "$.headers['Content-Type']")]),
        ])
        let run = await runImported(yaml, ["check"], environment: "demo",
                                    variables: ["q=dune", "apiKey=lib-1", "username=ada", "password=pw-1"])
        #expect(run.status == 0, "\(run.errors) \(run.output)")
        let seen = captures(run)
        expectEqual(seen["search-books"]?["q1"], "dune")
        expectEqual(seen["search-books"]?["language1"], "en")
        expectEqual(seen["search-books"]?["p1"], "/anything/library/books")
        expectEqual(seen["update-book"]?["m2"], "PATCH")
        expectEqual(seen["update-book"]?["p2"], "/anything/library/books/978-0441013593")
        expectEqual(seen["update-book"]?["title2"], "New title")
        expectEqual(seen["update-book"]?["type2"], "application/merge-patch+json")
        expectEqual(seen["get-report"]?["format3"], "csv")
        expectEqual(seen["send-report"]?["data4"], "<report/>")
        expectEqual(seen["send-report"]?["type4"], "application/xml")
    }
}
