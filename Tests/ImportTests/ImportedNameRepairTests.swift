import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// Postman collections whose names and placeholders a workspace file cannot hold as they are:
/// each is imported, the written file LOADED with the real loader and run against the demo
/// server, and the importer's report says what it changed.
@Suite struct ImportedNameRepairTests {
    static func collection(_ items: [[String: Any]], variables: [[String: Any]] = [], name: String = "probe") throws -> Data {
        try JSONSerialization.data(withJSONObject: [
            "info": ["name": name, "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"],
            "variable": variables, "item": items,
        ] as [String: Any])
    }

    static func request(_ name: String, url: String, headers: [String: String] = [:], body: String? = nil) -> [String: Any] {
        var request: [String: Any] = ["method": body == nil ? "GET" : "POST", "url": url,
                                      "header": headers.sorted { $0.key < $1.key }.map { ["key": $0.key, "value": $0.value] }]
        if let body { request["body"] = ["mode": "raw", "raw": body] }
        return ["name": name, "request": request]
    }

    /// The import, its YAML, and the workspace the loader reads from that YAML.
    static func imported(_ collection: Data, environments: [(file: String, data: Data)] = []) throws
        -> (report: ImportReport, yaml: String, workspace: Workspace) {
        let result = try PostmanImport.result(collection: collection, file: "probe.postman_collection.json", environments: environments)
        let yaml = result.workspace.yaml()
        return (result.report, yaml, try Workspace.parse(yaml: yaml, file: "imported.yaml"))
    }

    /// `yaml` with a chain over `request` that captures what `/anything` echoed.
    static func withEchoChain(_ yaml: String, request: String, captures: [(String, String)]) -> String {
        yaml + "chains:\n  echo:\n    steps:\n      - request: \(request)\n        capture:\n"
            + captures.map { "          \($0.0): \"\($0.1)\"\n" }.joined()
    }

    static func captures(_ run: DemoRun) -> [String: String] {
        run.results.compactMap { $0["captures"] as? [String: String] }.reduce(into: [:]) { $0.merge($1) { first, _ in first } }
    }

    @Test func aFiveThousandCharacterNameIsCutToALoadableUniqueNameAndReported() async throws {
        let long = String(repeating: "n", count: 5_000)
        let (report, yaml, workspace) = try Self.imported(try Self.collection([
            Self.request(long, url: "{{demo}}/anything/first"),
            Self.request(long + " again", url: "{{demo}}/anything/second"),
        ]))
        let cut = String(repeating: "n", count: 64)
        expectEqual(workspace.requestNames, [cut, cut + "-2"])
        #expect(report.notes.contains("request \"\(String(repeating: "n", count: 57))… (5000 characters)\" is named \"\(cut)\" "
                                      + "(names are cut to 64 characters)"), "\(report.notes)")
        let run = try await runAgainstDemo(yaml, [cut + "-2"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.received("/anything/second") != nil)
    }

    @Test func longTitlesInHTTPFilesAndOpenAPIDocumentsAreCutToo() throws {
        let long = String(repeating: "w", count: 2_000)
        let http = try HTTPFileImport.result(text: "### \(long)\nGET http://127.0.0.1:1/a\n", file: "long.http")
        let fromHTTP = try Workspace.parse(yaml: http.workspace.yaml(), file: "imported.yaml")
        expectEqual(fromHTTP.requestNames, [String(repeating: "w", count: 64)])
        #expect(http.report.notes.contains { $0.hasSuffix("is named \"\(String(repeating: "w", count: 64))\" (names are cut to 64 characters)") },
                "\(http.report.notes)")
        let openAPI = try OpenAPIImport.result(document: Data("""
            openapi: 3.1.0
            info: {title: t, version: '1'}
            paths:
              /a:
                get:
                  operationId: \(long)
                  responses: {"200": {description: ok}}
            """.utf8), file: "long.yaml")
        let fromOpenAPI = try Workspace.parse(yaml: openAPI.workspace.yaml(), file: "imported.yaml")
        expectEqual(fromOpenAPI.requestNames, [String(repeating: "w", count: 64)])
    }

    @Test func braceTextThatNamesNoVariableIsSentAsItIs() async throws {
        let body = #"{"a":{{"b":1}}, "empty": "{{}}", "nested": "{{{{x}}}}"}"#
        let (report, yaml, workspace) = try Self.imported(try Self.collection([
            Self.request("Literal", url: "{{demo}}/anything/literal", headers: ["X-Tag": "{{ }}"], body: body),
        ], variables: [["key": "x", "value": "X"]]))
        #expect(workspace.variables["open-braces"] == nil, "no stand-in variable")
        let tag = workspace.requests["literal"]?.headers.first { $0.name == "X-Tag" }?.value
        #expect(tag == #"{{"{{"}} }}"#, "the syntax's own escape is written")
        #expect(report.notes.contains(#"{{…}} that names no variable (request "Literal") is kept as text: its {{ is written {{"{{"}}"#),
                "\(report.notes)")
        let run = try await runAgainstDemo(Self.withEchoChain(yaml, request: "literal", captures: [("sent", "$.data")]), ["echo"])
        #expect(run.status == 0, "\(run.errors)")
        // `{{{{x}}}}`: the outer braces are text, `{{x}}` the variable — as Postman reads it.
        #expect(Self.captures(run)["sent"] == #"{"a":{{"b":1}}, "empty": "{{}}", "nested": "{{X}}"}"#)
        #expect(run.received("/anything/literal")?.header("X-Tag") == "{{ }}")
    }

    @Test func lineBreaksInVariableNamesBecomeSpacesInDefinitionsAndUses() async throws {
        let (report, yaml, workspace) = try Self.imported(try Self.collection([
            Self.request("Lines", url: "{{demo}}/anything/lines", headers: ["X-Multi": "{{multi\nline}}", "X-Other": "{{other\u{2028}name}}"]),
        ], variables: [["key": "multi\nline", "value": "joined"]]))
        expectEqual(workspace.variables["multi line"], "joined")
        #expect(workspace.variables["other name"] == "", "declared, as nothing defines it")
        #expect(report.notes.contains { $0.hasPrefix("the collection: variable \"multi^Jline\" is named \"multi line\"") }, "\(report.notes)")
        let run = try await runAgainstDemo(yaml, ["lines"])
        #expect(run.status == 0, "\(run.errors)")
        expectEqual(run.received("/anything/lines")?.header("X-Multi"), "joined")
    }

    @Test func aVariableThatRefersToItselfLoadsAndAnEnvironmentGivesItsValue() async throws {
        let environment = try JSONSerialization.data(withJSONObject: [
            "name": "Local", "values": [["key": "id", "value": "42"], ["key": "token", "value": "t-{{token}}"]],
        ] as [String: Any])
        let (report, yaml, workspace) = try Self.imported(try Self.collection([
            Self.request("Item", url: "{{demo}}/anything/items/{{id}}", headers: ["X-Token": "{{token}}"]),
        ], variables: [["key": "id", "value": "{{id}}"], ["key": "token", "value": "none"]]), environments: [("local.json", environment)])
        expectEqual(workspace.variables["id"], "")
        expectEqual(workspace.environments["local"]?["token"], "")
        #expect(report.dropped.contains("variables id → id use each other in a cycle; id ({{id}}) is declared empty"), "\(report.dropped)")
        #expect(report.dropped.contains("environment \"local\": variables token → token use each other in a cycle; "
                                        + "token (t-{{token}}) is declared empty"), "\(report.dropped)")
        let run = try await runAgainstDemo(yaml, ["item"], environment: "local")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.received("/anything/items/42") != nil)
    }

    @Test func variablesThatUseEachOtherAreEmptiedWhereTheCycleCloses() throws {
        let (report, _, workspace) = try Self.imported(try Self.collection([
            Self.request("Item", url: "{{demo}}/anything/{{a}}"),
        ], variables: [["key": "a", "value": "a-{{b}}"], ["key": "b", "value": "b-{{a}}"]]))
        #expect(workspace.variables["a"] == "a-{{b}}")
        expectEqual(workspace.variables["b"], "")
        #expect(report.dropped == ["variables a → b → a use each other in a cycle; b (b-{{a}}) is declared empty"])
    }

    @Test func aHeaderHoldingEscapeSequencesIsKeptAndReported() throws {
        let osc = "\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{1B}]0;pwned\u{07}"
        let (report, yaml, workspace) = try Self.imported(try Self.collection([
            Self.request("Osc", url: "{{demo}}/anything/osc", headers: ["X-Osc": osc, "X-Tab": "a\tb"]),
        ]))
        #expect(workspace.requests["osc"]?.headers.first { $0.name == "X-Osc" }?.value == osc)
        #expect(!yaml.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "YAML writes them as escapes")
        #expect(report.notes == ["request \"Osc\": header X-Osc holds control characters (^[]52;c;cm0gLXJmIH4=^G^[]0;pwned^G); "
                                 + "kept, and shown as ^[, ^G… wherever Courier prints or copies it"])
    }

    @Test func controlCharactersInTheCollectionsNameAreReplaced() throws {
        let (report, yaml, workspace) = try Self.imported(try Self.collection([
            Self.request("Ping", url: "{{demo}}/anything/ping"),
        ], name: "Pay\u{1B}]0;pwned\u{07}\nments"))
        expectEqual(workspace.name, "Pay ]0;pwned  ments")
        #expect(!yaml.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(report.notes.contains("the collection's name has line breaks or control characters: written as \"Pay ]0;pwned  ments\""))
    }
}
