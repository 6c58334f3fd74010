import Courier
import CourierImport
import Foundation
import Testing
@testable import CourierFormat
@testable import CourierWorkspace

/// What the importers and the workspace saver write, read by a second parser, PyYAML (YAML
/// 1.1), beside Yams: every value must read as Courier meant it, not merely parse.
@Suite(.enabled(if: PyYAML.unavailableReason == nil, "\(PyYAML.unavailableReason ?? "")"))
struct PortableYAMLTests {
    /// Strings a plain scalar gets wrong somewhere: flow indicators, `: ` and ` #`, leading
    /// indicators, YAML 1.1 booleans, numbers, dates and times of either version, spaces at the
    /// ends, control and line-break characters, templates, other scripts.
    static let tricky = [
        "Ever wonder how?", "how? really", "a, b", "[x]", "{y}", "x]", "y}", "k: v", "k:v", "x:", "a #b", "a#b", "#c",
        "? q", "?q", ":x", "- d", "-d", "-", "--", "---", "...", "yes", "No", "ON", "off", "y", "N", "~", "null", "NULL",
        "true", "False", "1", "-1", "+1", "007", "09", "0.5", ".5", "+.5", ".5e3", "1e3", "1E+3", "0x1F", "0o17", "0b101",
        "1_000", "12:30", "190:20:30.15", "2001-12-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5",
        ".inf", "-.Inf", ".NaN", "<<", "=", "@at", "`tick`", "%pc", "&a", "*a", "!t", "!!str", "|p", ">f", "'s'",
        "\"d\"", "it's", "say \"hi\"", " lead", "trail ", "tab\there", "line\nbreak", "cr\rhere", "nel\u{85}x",
        "ls\u{2028}x", "bom\u{FEFF}x", "del\u{7F}x", "é ü 中文 😀", "{{var}}", "http://x/y?z=1#f", "1.2.3", "200 OK",
        "a\\b", "%", "!", "@", "*", "&", "?", ":", ",", "[", "]", "{", "}", "#", "|", ">",
    ]

    @Test("The Conduit collection's import reads in PyYAML as Courier reads it: every body, URL and description")
    func conduitImport() throws {
        let result = try PostmanImport.result(collection: try fixture("postman/conduit.postman_collection.json"),
                                              file: "conduit.postman_collection.json")
        let yaml = result.workspace.yaml()
        let workspace = try Workspace.parse(yaml: yaml, file: "conduit.yaml")
        let read = try #require(try readWithPyYAML([yaml]).first).get()
        #expect(read == (try YAMLTree(yams: yaml)))
        expectEqual(read[["requests", "articles-create-article", "body", "json", "article", "description"]], .string("Ever wonder how?"))
        var bodies = 0
        for name in workspace.requestNames {
            let definition = try #require(workspace.requests[name])
            #expect(read[["requests", name, "url"]] == .string(definition.url), "\(name)")
            if let description = definition.description {
                #expect(read[["requests", name, "description"]] == .string(description), "\(name)")
            }
            if case .json(let value)? = definition.body {
                #expect(read[["requests", name, "body", "json"]]?.sorted == YAMLTree(value).sorted, "\(name)")
                bodies += 1
            }
        }
        expectEqual(bodies, 8)
    }

    @Test("Every importer's fixtures read the same in PyYAML as in Yams")
    func everyImporterFixture() throws {
        let workspaces = [
            try PostmanImport.result(collection: try fixture("postman/demo-v2.1.postman_collection.json"), file: "demo.json",
                                     environments: [(file: "local.json", data: try fixture("postman/local.postman_environment.json"))]),
            try PostmanImport.result(collection: try fixture("postman/legacy-v2.0.postman_collection.json"), file: "legacy.json"),
            try OpenAPIImport.result(document: try fixture("openapi/petstore-3.0.yaml"), file: "petstore-3.0.yaml"),
            try OpenAPIImport.result(document: try fixture("openapi/library-3.1.json"), file: "library-3.1.json"),
            try HTTPFileImport.result(text: String(decoding: try fixture("http/jetbrains.http"), as: UTF8.self), file: "jetbrains.http"),
            try HTTPFileImport.result(text: String(decoding: try fixture("http/rest-client.http"), as: UTF8.self), file: "rest-client.http"),
            try HARImport.result(har: try fixture("har/shop.har"), file: "shop.har"),
        ].map { $0.workspace.yaml() }
        for (yaml, read) in zip(workspaces, try readWithPyYAML(workspaces)) {
            #expect(try read.get() == (try YAMLTree(yams: yaml)), "\(yaml.prefix(80))")
        }
    }

    @Test("Hurl, Insomnia and Bruno imports read the same in PyYAML as in Yams, numbers with exponents included")
    func hurlInsomniaBrunoImports() throws {
        let hurlNames = try FileManager.default.contentsOfDirectory(atPath: fixturesDirectory + "/hurl").filter { $0.hasSuffix(".hurl") }.sorted()
        let hurlFiles = try hurlNames.map { (file: $0, text: String(decoding: try fixture("hurl/" + $0), as: UTF8.self)) }
        // JSON numbers a YAML 1.1 reader takes for strings when written as Swift prints them.
        let numbers = """
            POST http://localhost:8000/numbers
            HTTP 200
            {"big": 1e21, "small": 5e-324, "plain": 1.5, "neg": -2E+3, "list": [1e300, 0.1]}
            """
        let workspaces = [
            try HurlImport.result(files: hurlFiles),
            try HurlImport.result(text: numbers, file: "numbers.hurl"),
            try BrunoImport.result(folder: fixturesDirectory + "/bruno/bru-collection"),
            try BrunoImport.result(folder: fixturesDirectory + "/bruno/yml-collection"),
        ] + (try ["insomnia_v4.json", "oauth-v4.yaml", "auth-types-v5.yaml", "chained-responses-v5.yaml"].map {
            try InsomniaImport.result(export: try fixture("insomnia/" + $0), file: $0)
        })
        let texts = workspaces.map { $0.workspace.yaml() }
        #expect(texts[1].contains("1.0e+21"), "\(texts[1])")
        for (yaml, read) in zip(texts, try readWithPyYAML(texts)) {
            #expect(try read.get() == (try YAMLTree(yams: yaml)), "\(yaml.prefix(120))")
        }
    }

    @Test("Tricky strings saved as rows, spliced into a block or rewriting a request with flow collections, read back in PyYAML")
    func trickyStringsSaved() throws {
        // `j`'s headers are a flow mapping, so editing them rewrites its block, JSON body too.
        let body = "{" + Self.tricky.map { YAMLScalar.doubleQuoted($0) + ": " + YAMLScalar.doubleQuoted($0) }.joined(separator: ", ") + "}"
        let text = """
            requests:
              r:
                url: /r
                args:
                  page: "1"
                headers:
                  X-One: one
              j:
                method: POST
                url: /j
                headers: {X-One: one}
                body:
                  json: \(body)
              f:
                method: POST
                url: /f
                body:
                  form:
                    a: b

            """
        let workspace = try Workspace.parse(yaml: text, file: "saved.yaml", extraVariables: ["var"])
        var arguments = RequestDraft(try #require(workspace.requests["r"]))
        arguments.args = Self.tricky.map { KeyValueRow(name: $0, value: $0) }
        arguments.headers = Self.headerValues.enumerated().map { KeyValueRow(name: "X-T\($0.offset)", value: $0.element) }
        var form = RequestDraft(try #require(workspace.requests["f"]))
        form.form = Self.tricky.map { KeyValueRow(name: $0, value: $0) }
        var json = RequestDraft(try #require(workspace.requests["j"]))
        json.headers = [KeyValueRow(name: "X-One", value: "yes")]
        let edits: [WorkspaceEdit] = [.update(original: "r", draft: arguments), .update(original: "f", draft: form),
                                      .update(original: "j", draft: json)]
        let saved = try WorkspaceWriter.apply(edits, to: text, file: "saved.yaml", extraVariables: ["var"]).text
        let read = try #require(try readWithPyYAML([saved]).first).get()
        #expect(read == (try YAMLTree(yams: saved)))
        let object = YAMLTree(.object(Dictionary(uniqueKeysWithValues: Self.tricky.map { ($0, JSONValue.string($0)) })))
        expectEqual(read[["requests", "j", "body", "json"]]?.sorted, object.sorted)
        expectEqual(read[["requests", "j", "headers", "X-One"]], .string("yes"))
        for value in Self.tricky {
            #expect(read[["requests", "r", "args", value]] == .string(value), "argument \(String(reflecting: value))")
            #expect(read[["requests", "f", "body", "form", value]] == .string(value), "form field \(String(reflecting: value))")
        }
        for (index, value) in Self.headerValues.enumerated() {
            #expect(read[["requests", "r", "headers", "X-T\(index)"]] == .string(value), "header \(String(reflecting: value))")
        }
    }

    @Test("Tricky strings in a new request's description and JSON body (flow keys, values, lists) read back in PyYAML")
    func trickyStringsInNewRequests() throws {
        let text = "requests:\n  first:\n    url: /first\n"
        let edits: [WorkspaceEdit] = Self.tricky.enumerated().map { index, value in
            var definition = RequestDefinition(name: "n\(index)", location: SourceLocation(file: "saved.yaml", line: 1, column: 1))
            definition.url = "/n"
            definition.description = value
            definition.body = .json(.object([value: .array([.string(value), .object([value: .string(value)])]), "plain": .string(value)]))
            return .add(name: "n\(index)", yaml: RequestYAML.block(for: definition, name: "n\(index)"))
        }
        let saved = try WorkspaceWriter.apply(edits, to: text, file: "saved.yaml", extraVariables: ["var"]).text
        let read = try #require(try readWithPyYAML([saved]).first).get()
        #expect(read == (try YAMLTree(yams: saved)))
        for (index, value) in Self.tricky.enumerated() {
            let request = read[["requests", "n\(index)"]]
            #expect(request?["description"] == .string(value), "description \(String(reflecting: value))")
            let body = YAMLTree(.object([value: .array([.string(value), .object([value: .string(value)])]), "plain": .string(value)]))
            #expect(request?[["body", "json"]]?.sorted == body.sorted, "JSON body \(String(reflecting: value))")
        }
    }

    @Test("Words YAML 1.1 reads as booleans and numbers YAML 1.2 reads are quoted, though PyYAML and Yams read them as text",
          arguments: ["y", "Y", "n", "N", "+.5", ".5e3", "-.5E3", "+.5e-3"])
    func versionSpecificWordsAreQuoted(word: String) {
        for position: YAMLScalar.Position in [.blockKey, .blockValue, .flowKey, .flowValue] {
            expectEqual(YAMLScalar.string(word, at: position), "\"\(word)\"")
        }
    }

    @Test("Ordinary text stays plain, in blocks and in flow collections", arguments: [
        "how-to-train-your-dragon", "application/json", "200 OK", "jake@jake.jake", "It takes a Jacobian.", "v1.2.3-beta",
    ])
    func ordinaryTextStaysPlain(text: String) {
        expectEqual(YAMLScalar.string(text, at: .blockValue), text)
        expectEqual(YAMLScalar.string(text, at: .flowValue), text)
    }

    /// The tricky strings a header may hold: no control characters or line breaks.
    static var headerValues: [String] {
        tricky.filter { !$0.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 } }
    }

    /// Writes each text to a file of its own and reads them all with PyYAML.
    private func readWithPyYAML(_ texts: [String]) throws -> [Result<YAMLTree, PyYAMLError>] {
        let directory = importTemporaryDirectory("courier-pyyaml")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = try texts.enumerated().map { index, text in
            let path = directory + "/\(index).yaml"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        return try PyYAML.read(paths)
    }
}
