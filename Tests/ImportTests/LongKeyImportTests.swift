import Courier
import CourierImport
import Foundation
import Testing
import Yams
@testable import CourierFormat
@testable import CourierWorkspace

/// A header name of 2,000 characters from a HAR file, a Postman collection or a `.http` file.
/// It used to be written as an implicit YAML key, which libyaml refuses past 1,024 characters
/// ("could not find expected ':'"), so the workspace just imported did not load; a key that
/// long is now written as an explicit one (`? "…"` and `: value` on the next line).
@Suite struct LongKeyImportTests {
    static let header = "X-" + String(repeating: "Long", count: 499) + "xy"

    /// The workspace loads, and its request sends the header as imported.
    private func checkLoads(_ yaml: String, file: String) throws {
        expectEqual(Self.header.count, 2_000)
        let workspace = try Workspace.parse(yaml: yaml, file: file)
        let definitions = workspace.requestNames.compactMap { workspace.requests[$0] }
        let headers = definitions.flatMap { $0.headers }
        #expect(headers.contains { $0.name == Self.header && $0.value == "v1" }, "\(headers.map(\.name.count))")
    }

    @Test func aHARHeaderOf2000CharactersIsWrittenSoThatTheWorkspaceLoads() throws {
        let har = """
            {"log": {"version": "1.2", "creator": {"name": "t", "version": "1"}, "entries": [
              {"request": {"method": "GET", "url": "http://127.0.0.1:1/a", "httpVersion": "HTTP/1.1",
                           "headers": [{"name": "\(Self.header)", "value": "v1"}], "queryString": [], "cookies": [],
                           "headersSize": -1, "bodySize": 0},
               "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "headers": [], "cookies": [],
                            "content": {"size": 0, "mimeType": "text/plain"}, "redirectURL": "", "headersSize": -1, "bodySize": 0},
               "startedDateTime": "2024-01-01T00:00:00Z", "time": 1, "timings": {"send": 0, "wait": 1, "receive": 0}, "cache": {}}]}}
            """
        let yaml = try HARImport.result(har: Data(har.utf8), file: "long.har").workspace.yaml()
        #expect(yaml.contains("      ? \"\(Self.header)\"\n      : v1"), "\(yaml.prefix(300))")
        try checkLoads(yaml, file: "long-har.yaml")
    }

    @Test func aPostmanHeaderOf2000CharactersIsWrittenSoThatTheWorkspaceLoads() throws {
        let collection = """
            {"info": {"name": "long", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "item": [{"name": "a", "request": {"method": "GET", "url": "http://127.0.0.1:1/a",
                       "header": [{"key": "\(Self.header)", "value": "v1"}, {"key": "\(Self.header)-off", "value": "v2", "disabled": true}]}}],
             "variable": [{"key": "\(Self.header)", "value": "v3"}]}
            """
        let yaml = try PostmanImport.result(collection: Data(collection.utf8), file: "long.json").workspace.yaml()
        try checkLoads(yaml, file: "long-postman.yaml")
        // The switched-off header stays a comment; the variable of that name is shortened.
        #expect(yaml.contains("    # \"\(Self.header)-off\": v2"))
        let workspace = try Workspace.parse(yaml: yaml, file: "long-postman.yaml")
        #expect(workspace.variables.values.contains("v3"))
    }

    @Test func aDotHTTPHeaderOf2000CharactersIsWrittenSoThatTheWorkspaceLoads() throws {
        let text = "### a\nGET http://127.0.0.1:1/a\n\(Self.header): v1\n"
        let yaml = try HTTPFileImport.result(text: text, file: "long.http").workspace.yaml()
        try checkLoads(yaml, file: "long-http.yaml")
    }

    /// At the boundary: a key written in 1,000 characters stays implicit, one more is explicit,
    /// and both read back; in a flow mapping (a JSON body's object) the explicit key stays on its line.
    @Test func keysTurnExplicitPastTheImplicitLimitAndReadBack() throws {
        let short = String(repeating: "k", count: YAMLScalar.implicitKeyLimit)
        let long = short + "k"
        expectEqual(YAMLScalar.blockKey(short, indentation: 2), short)
        #expect(YAMLScalar.blockKey(long, indentation: 2) == "? \(long)\n  " || YAMLScalar.blockKey(long, indentation: 2) == "? \"\(long)\"\n  ")
        let huge = String(repeating: "é", count: 5_000)
        let yaml = "top:\n  " + YAMLScalar.blockKey(huge, indentation: 2) + ": 1\n  "
            + YAMLScalar.blockKey(long, indentation: 2) + ": " + YAMLScalar.json(.object([huge: .int(2)]), at: .blockValue) + "\n"
        let node = try #require(try Yams.compose(yaml: yaml))
        let top = try #require(node.mapping?["top"]?.mapping)
        expectEqual(top[huge]?.int, 1)
        expectEqual(top[long]?.mapping?[huge]?.int, 2)
    }
}
