import Courier
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// Collections as people write them rather than as the schema says: what can be imported
/// is, what cannot is reported, and the result still loads.
@Suite struct PostmanLenientInputTests {
    static let collection = #"""
    {
      "info": {"name": "Odd", "schema": "https://example.org/some-future-schema.json"},
      "item": [
        "not an item",
        {"name": "Neither"},
        {"name": "No URL", "request": {"method": "GET"}},
        {"name": "Placeholder JSON", "request": {"method": "POST", "url": "{{host}}/items",
          "header": [{"key": "content-type", "value": "application/json"}],
          "body": {"mode": "raw", "raw": "{\"id\": {{itemId}}}"}}},
        {"name": "Delete with JSON", "request": {"method": "DELETE", "url": "https://api.example.org/items/1",
          "body": {"mode": "raw", "raw": "{\"reason\":\"dup\"}", "options": {"raw": {"language": "json"}}}}},
        {"name": "Get with body", "request": {"method": "GET", "url": "https://api.example.org/search",
          "body": {"mode": "raw", "raw": "{\"q\":1}", "options": {"raw": {"language": "json"}}}}},
        {"name": "Get with kept body", "protocolProfileBehavior": {"disableBodyPruning": true, "followRedirects": false},
          "request": {"method": "GET", "url": "https://api.example.org/search",
          "body": {"mode": "raw", "raw": "{\"q\":1}", "options": {"raw": {"language": "json"}}}}},
        {"name": "No scheme", "request": {"method": "get", "url": "example.org/ping",
          "header": [{"key": "Accept", "value": "a"}, {"key": "accept", "value": "b"}]}},
        {"name": "Repeated fields", "request": {"method": "POST", "url": "https://api.example.org/f",
          "body": {"mode": "urlencoded", "urlencoded": [{"key": "tag", "value": "a b"}, {"key": "tag", "value": "{{t}}"}]}}},
        {"name": "Multipart delete", "request": {"method": "DELETE", "url": "https://api.example.org/f",
          "body": {"mode": "formdata", "formdata": [{"key": "a", "value": "1", "type": "text"}]}}},
        {"name": "Hawk", "request": {"auth": {"type": "hawk", "hawk": [{"key": "authId", "value": "u"}]},
          "method": "GET", "url": "https://api.example.org/d"}},
        {"name": "GraphQL with placeholder", "request": {"method": "POST", "url": "https://api.example.org/gql",
          "body": {"mode": "graphql", "graphql": {"query": "{ me { id } }", "variables": "{\"n\": {{count}}}"}}}},
        {"name": "Folder with nothing", "item": []},
        {"name": "Line\nbreak", "description": "first\rsecond", "item": [{"name": "Two\r\nlines", "request": "https://api.example.org/lb"}]}
      ]
    }
    """#

    static func imported() throws -> (result: ImportResult, workspace: Workspace) {
        let result = try PostmanImport.result(collection: Data(collection.utf8), file: "odd.json")
        return (result, try Workspace.parse(yaml: result.workspace.yaml(), file: "odd.yaml"))
    }

    @Test func itemsThatAreNotRequestsAreReportedAndSkipped() throws {
        let (result, workspace) = try Self.imported()
        #expect(result.report.dropped.contains("$.item[0]: expected a request or a folder, found a string; left out"))
        #expect(result.report.dropped.contains("$.item[1] (\"Neither\"): neither a request nor a folder; left out"))
        #expect(result.report.dropped.contains("request \"No URL\" ($.item[2]): no URL; left out"))
        #expect(result.report.notes.contains("folder \"Folder with nothing\" has no requests: no batch for it"))
        #expect(result.report.notes.contains { $0.contains("some-future-schema.json is not v2.0 or v2.1: read as v2.1") })
        expectEqual(workspace.batchNames, ["all", "line-break"])
        expectEqual(workspace.requestNames.count, 10)
    }

    @Test func jsonThatIsNotJSONYetIsSentAsWrittenAndItsVariablesDeclared() throws {
        let (result, workspace) = try Self.imported()
        let request = try #require(workspace.requests["placeholder-json"])
        #expect(request.body == .text("{\"id\": {{itemId}}}", contentType: "application/json"))
        #expect(request.headers.isEmpty)
        #expect(workspace.variables["host"] == "" && workspace.variables["itemId"] == "")
        #expect(result.report.notes.contains { $0.hasPrefix("declared as empty variables") && $0.contains("host, itemId") })
        #expect(workspace.requests["graphql-with-placeholder"]?.body
                == .text("{\"query\":\"{ me { id } }\",\"variables\":{\"n\": {{count}}}}", contentType: "application/json"))
    }

    @Test func bodiesFitTheMethodTheyGoWith() throws {
        let (result, workspace) = try Self.imported()
        // DELETE would put a json body into the query: the same bytes as text instead.
        #expect(workspace.requests["delete-with-json"]?.body == .text("{\"reason\":\"dup\"}", contentType: "application/json"))
        // Postman prunes a GET body unless disableBodyPruning is set.
        expectEqual(workspace.requests["get-with-body"]?.body, nil)
        #expect(result.report.notes.contains { $0.hasPrefix("request \"Get with body\": its GET body is left out") })
        #expect(workspace.requests["get-with-kept-body"]?.body == .text("{\"q\":1}", contentType: "application/json"))
        #expect(result.report.dropped.contains("request \"Get with kept body\": setting followRedirects (protocolProfileBehavior) not carried over"))
        // A repeated form field cannot be a form mapping.
        #expect(workspace.requests["repeated-fields"]?.body
                == .text("tag=a%20b&tag={{t}}", contentType: "application/x-www-form-urlencoded"))
        expectEqual(workspace.requests["multipart-delete"]?.body, nil)
        #expect(result.report.dropped.contains { $0.hasPrefix("request \"Multipart delete\": multipart body not carried over") })
    }

    @Test func aURLWithoutSchemeGetsHTTPAndRepeatedHeadersMerge() throws {
        let (result, workspace) = try Self.imported()
        let request = try #require(workspace.requests["no-scheme"])
        expectEqual(request.method, .get)
        expectEqual(request.url, "http://example.org/ping")
        expectEqual(request.headers.map(\.name), ["Accept"])
        expectEqual(request.headers.map(\.value), ["a, b"])
        #expect(result.report.notes.contains("request \"No scheme\": the URL has no scheme; http:// put in front, as Postman does"))
        #expect(result.report.notes.contains("request \"No scheme\": repeated header Accept merged into one"))
    }

    @Test func lineBreaksInNamesAndDescriptionsStayInsideTheirComments() throws {
        let (result, workspace) = try Self.imported()
        expectEqual(workspace.requests["line-break-two-lines"]?.url, "https://api.example.org/lb")
        let yaml = result.workspace.yaml()
        #expect(yaml.contains("  # folder \"Line break\"\n  # first second\n  line-break:\n"))
        #expect(yaml.contains("  # from Postman: Line break / Two  lines\n"))
    }

    @Test func anUnsupportedAuthTypeIsReportedNamingTheRequest() throws {
        let (result, workspace) = try Self.imported()
        expectEqual(workspace.requests["hawk"]?.auth, nil)
        #expect(result.report.dropped.contains { $0.hasPrefix("request \"Hawk\": hawk auth not carried over") })
    }
}
