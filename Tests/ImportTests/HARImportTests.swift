import Courier
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// The HAR fixture (as Chrome exports it) imported and loaded back, field by field.
@Suite struct HARImportTests {
    static func shop() throws -> (result: ImportResult, yaml: String, workspace: Workspace) {
        let result = try HARImport.result(har: try fixture("har/shop.har"), file: "shop.har")
        let yaml = result.workspace.yaml()
        return (result, yaml, try Workspace.parse(yaml: yaml, file: "shop.yaml"))
    }

    @Test func eachEntryIsARequestInOrderAndTheBatchHarRunsThem() throws {
        let (result, yaml, workspace) = try Self.shop()
        let names = ["get-anything-search", "post-anything-orders", "post-anything-login", "get-basic-auth-alice-wonderland",
                     "options-v1-events", "post-v1-events"]
        expectEqual(workspace.requestNames, names)
        expectEqual(workspace.batches["har"]?.items.map(\.name), names)
        expectEqual(workspace.name, "Demo shop")                                          // the page's title
        #expect(yaml.hasPrefix("# Imported from shop.har (HAR 1.2, created by WebInspector 537.36)\n"))
        #expect(yaml.contains("  # entry 1: GET http://127.0.0.1:18080/anything/search\n  # page: Demo shop\n"))
        expectEqual(result.report.dropped, [])                                            // the OPTIONS preflight is carried
        expectEqual(workspace.requests["options-v1-events"]?.method, .options)
    }

    @Test func theMainOriginIsAVariableOtherOriginsStayAsTheyAre() throws {
        let workspace = try Self.shop().workspace
        expectEqual(workspace.variables["origin"], "http://127.0.0.1:18080")
        #expect(workspace.requests["get-anything-search"]?.url
                == "{{origin}}/anything/search?q=red%20shoes&page=2&access_token={{access_token}}")
        expectEqual(workspace.requests["post-v1-events"]?.url, "https://api.example.org/v1/events")
        #expect(workspace.requests["post-anything-orders"]?.headers.first { $0.name == "Origin" }?.value == "{{origin}}")
    }

    @Test func cookiesTokensPasswordsAndKeysBecomeEmptyVariables() throws {
        let (result, yaml, workspace) = try Self.shop()
        let search = try #require(workspace.requests["get-anything-search"])
        #expect(search.headers.first { $0.name == "Cookie" }?.value == "sid={{cookie_sid}}; theme={{cookie_theme}}")
        #expect(search.headers.first { $0.name == "X-Api-Key" }?.value == "{{x_api_key}}")
        #expect(workspace.requests["post-anything-login"]?.headers.map(\.value) == ["theme={{cookie_theme}}"])
        #expect(workspace.requests["post-anything-orders"]?.auth == .bearer(token: "{{token}}"))
        #expect(workspace.requests["get-basic-auth-alice-wonderland"]?.auth == .basic(user: "{{user}}", password: "{{password2}}"))
        #expect(workspace.requests["post-v1-events"]?.auth == .bearer(token: "{{token2}}"))   // another token, another variable
        for name in ["access_token", "x_api_key", "cookie_sid", "cookie_theme", "token", "password", "password2", "token2"] {
            #expect(workspace.variables[name] == "", "\(name)")
        }
        expectEqual(workspace.variables["user"], "alice")
        for secret in ["SECRET", "YWxpY2U6d29uZGVybGFuZA"] { #expect(!yaml.contains(secret), "\(secret)") }
        let cookieNote = try #require(result.report.notes.first { $0.hasPrefix("cookies, tokens") })
        #expect(cookieNote.hasSuffix("access_token, x_api_key, cookie_sid, cookie_theme, token, password, password2, token2"))
        #expect(!(result.report.notes + result.report.dropped).joined().contains("SECRET"))
    }

    @Test func headersTheEngineSetsAreLeftOutAndListedOnce() throws {
        let (result, _, workspace) = try Self.shop()
        #expect(workspace.requests["get-anything-search"]?.headers.map(\.name)
                == ["Accept", "Accept-Language", "Referer", "User-Agent", "X-Api-Key", "Cookie"])
        #expect(workspace.requests["get-anything-search"]?.headers.first { $0.name == "Referer" }?.value == "{{origin}}/shop")
        expectEqual(workspace.requests["post-anything-orders"]?.headers.map(\.name), ["Accept", "Origin"])
        let notes = result.report.notes.filter { $0.hasPrefix("headers left out") }
        #expect(notes == ["headers left out (the engine sets them itself, or only a browser sends them): accept-encoding, connection, host, "
                          + "sec-fetch-dest, sec-fetch-mode, sec-ch-ua, sec-ch-ua-platform, content-length, :authority, :method, :path, :scheme"])
        #expect(result.report.notes.contains("the responses recorded in the HAR are ignored"))
    }

    @Test func postDataBecomesJSONFormOrMultipart() throws {
        let workspace = try Self.shop().workspace
        expectEqual(workspace.requests["post-anything-orders"]?.body, .json(["gift": true, "item": 42, "qty": 2]))
        guard case .form(let fields, let order)? = workspace.requests["post-anything-login"]?.body else {
            Issue.record("expected a form body")
            return
        }
        #expect(fields == ["user": "alice", "password": "{{password}}", "remember": "on please"])
        expectEqual(order, ["user", "password", "remember"])
        #expect(workspace.requests["post-v1-events"]?.body == .multipart([
            .init(name: "kind", value: "click"),
            .init(name: "trace", file: "trace.json", filename: "trace.json", contentType: "application/json"),
        ]))
        expectEqual(workspace.requests["post-v1-events"]?.headers.isEmpty, true)         // its boundary went with the old body
    }

    @Test func otherBodiesStayTextAndNonHTTPEntriesAreSkipped() throws {
        let har = #"""
        {"log": {"version": "1.2", "entries": [
          {"request": {"method": "PUT", "url": "http://h.test/doc", "headers": [{"name": "Content-Type", "value": "application/xml"}],
                       "postData": {"mimeType": "application/xml", "text": "<a/>"}}},
          {"request": {"method": "GET", "url": "data:image/png;base64,iVBORw0KGgo="}},
          {"request": {"method": "DELETE", "url": "http://h.test/doc?x=1#top", "headers": [{"name": "Authorization", "value": "Digest u=1"}]}},
          {"response": {"status": 200}}
        ]}}
        """#
        let result = try HARImport.result(har: Data(har.utf8), file: "x.har")
        let workspace = try Workspace.parse(yaml: result.workspace.yaml(), file: "x.yaml")
        expectEqual(workspace.requests["put-doc"]?.body, .text("<a/>", contentType: "application/xml"))
        expectEqual(workspace.requests["put-doc"]?.headers.isEmpty, true)
        #expect(workspace.requests["delete-doc"]?.url == "{{origin}}/doc?x=1")
        #expect(workspace.requests["delete-doc"]?.headers.map(\.value) == ["{{authorization}}"])
        #expect(result.report.dropped.contains("$.log.entries[1] (GET data:image/png;base64,iVBORw0KGgo=): only http and https URLs are sent; left out"))
        #expect(result.report.dropped.contains("$.log.entries[3]: no request; left out"))
    }

    @Test func invalidJSONAndAMissingLogEntriesFailWithWhere() throws {
        func failure(_ text: String) -> ImportFailure? {
            do { _ = try HARImport.result(har: Data(text.utf8), file: "x.har"); return nil } catch { return error }
        }
        let syntax = try #require(failure("{\"log\": {\n  \"entries\": [}\n}"))
        #expect(syntax.description.hasPrefix("x.har:2:15: error: invalid JSON"))
        #expect(try #require(failure(#"{"log": {"version": "1.2"}}"#)).location == "$.log.entries")
        #expect(try #require(failure(#"{"log": {"entries": {}}}"#)).location == "$.log.entries")
        #expect(try #require(failure(#"{"entries": []}"#)).location == "$.log")
    }
}
