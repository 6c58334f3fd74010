import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
import Foundation
import Testing

/// `expect: {schema: FILE}` checked when the workspace loads: a file that is missing, outside
/// the workspace's folder, not JSON or YAML, or not a schema is an error at the `schema:` key
/// (file:line:column of the workspace) saying what is wrong — a parse error at the schema
/// file's own line and column —, never a raw Foundation error after the request was sent.
@Suite("expect: schema files are checked at load")
struct SchemaFileLoadTests {
    /// A workspace in a fresh folder whose request `pet` expects `schema: <written>` (line 5,
    /// column 9 for the key), with `files` (path → text) beside it.
    private func workspace(schema written: String, files: [String: String] = [:], chain: Bool = false) throws -> String {
        let directory = temporaryDirectory("courier-schema")
        for (path, text) in files {
            let file = directory + "/" + path
            try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: file).deletingLastPathComponent().path,
                                                    withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        let text = chain
            ? "requests:\n  pet: {url: http://127.0.0.1:1/pets/1}\nchains:\n  flow:\n    steps:\n      - request: pet\n        expect:\n          - schema: \(written)\n"
            : "requests:\n  pet:\n    url: http://127.0.0.1:1/pets/1\n    expect:\n      - schema: \(written)\n"
        try text.write(toFile: directory + "/ws.yaml", atomically: true, encoding: .utf8)
        return directory + "/ws.yaml"
    }

    private func loadError(_ path: String) -> WorkspaceError? {
        do {
            _ = try Workspace.load(path: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingSchemaFileIsAnErrorAtItsKey() throws {
        let path = try workspace(schema: "schemas/pet.json")
        let error = try #require(loadError(path))
        #expect(error.location == SourceLocation(file: path, line: 5, column: 9), "\(error)")
        expectEqual(error.kind, .unreadable)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        #expect(error.message == "expect: schema schemas/pet.json cannot be used: cannot read the JSON Schema \(folder)/schemas/pet.json: no such file",
                "\(error)")
        #expect(!error.description.contains("Error Domain"), "\(error)")
    }

    @Test func aSchemaFileThatIsNotJSONIsAnErrorWithTheFilesOwnPlace() throws {
        let path = try workspace(schema: "schemas/pet.json", files: ["schemas/pet.json": "{\n  \"type\": \"object\",\n  \"required\": [\"id\",]\n}\n"])
        let error = try #require(loadError(path))
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        #expect(error.location == SourceLocation(file: path, line: 5, column: 9), "\(error)")
        expectEqual(error.kind, .syntax)
        #expect(error.message == "expect: schema schemas/pet.json cannot be used: the JSON Schema is not valid JSON: \(folder)/schemas/pet.json:3:21: unexpected ']' where a value should start",
                "\(error)")
    }

    @Test func aYAMLSchemaFileWithASyntaxErrorIsAnErrorWithTheFilesOwnPlace() throws {
        let path = try workspace(schema: "schemas/pet.yaml", files: ["schemas/pet.yaml": "type: object\nproperties:\n  id: {type: integer\n"])
        let error = try #require(loadError(path))
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        #expect(error.location == SourceLocation(file: path, line: 5, column: 9), "\(error)")
        #expect(error.message.contains("the JSON Schema is not valid YAML: \(folder)/schemas/pet.yaml:4:"), "\(error)")
    }

    @Test func aFileThatIsNotASchemaSaysWhereItIsWrong() throws {
        let path = try workspace(schema: "schemas/pet.json", files: ["schemas/pet.json": #"{"type": "object", "properties": {"id": {"type": 5}}}"#])
        let error = try #require(loadError(path))
        #expect(error.location == SourceLocation(file: path, line: 5, column: 9), "\(error)")
        #expect(error.message.hasPrefix("expect: schema schemas/pet.json cannot be used: not a valid schema: #/properties/id/type: "), "\(error)")
        // An inline schema too.
        let inline = try #require(loadError(try workspace(schema: "{type: [5]}")))
        #expect(inline.message.hasPrefix("expect: schema (inline) cannot be used: not a valid schema: #/type"), "\(inline)")
    }

    @Test func aSchemaFileOutsideTheWorkspaceFolderIsRefused() throws {
        let path = try workspace(schema: "../../../../etc/passwd")
        let error = try #require(loadError(path))
        #expect(error.location == SourceLocation(file: path, line: 5, column: 9), "\(error)")
        #expect(error.message.contains("outside the workspace folder"), "\(error)")
    }

    @Test func aChainStepsSchemaIsCheckedToo() throws {
        let path = try workspace(schema: "gone.json", chain: true)
        let error = try #require(loadError(path))
        #expect(error.location == SourceLocation(file: path, line: 8, column: 13), "\(error)")
    }

    @Test func goodSchemasAndTemplatedPathsLoad() throws {
        let schema = ##"{"type": "object", "properties": {"id": {"$ref": "#/$defs/id"}}, "$defs": {"id": {"type": "integer"}}}"##
        let good = try workspace(schema: "schemas/pet.json", files: ["schemas/pet.json": schema])
        expectEqual(loadError(good), nil)
        // A path with a placeholder is read when its response is checked.
        let templated = writeWorkspace("""
            variables: {name: pet}
            requests:
              pet: {url: "http://127.0.0.1:1/", expect: [{schema: "schemas/{{name}}.json"}]}
            """)
        expectEqual(loadError(templated), nil)
    }

    @Test func aSchemaFileGoneAfterLoadFailsItsCheckInPlainWords() throws {
        let path = try workspace(schema: "schemas/pet.json", files: ["schemas/pet.json": #"{"type": "object"}"#])
        let workspace = try Workspace.load(path: path)
        try FileManager.default.removeItem(atPath: workspace.directory + "/schemas/pet.json")
        guard case .schema(let check) = try #require(workspace.requests["pet"]?.expect.first) else {
            Issue.record("not a schema check")
            return
        }
        let facts = ResponseFacts(status: 200, headers: [.contentType: "application/json"], body: Data("{}".utf8))
        let results = check.results(on: facts, render: { $0 }, load: { path in try SchemaFile.read(path, workspace: workspace) })
        expectEqual(results.map(\.passed), [false])
        #expect(results.first?.note == "the schema cannot be used: cannot read the JSON Schema \(workspace.directory)/schemas/pet.json: no such file",
                "\(results)")
    }
}
