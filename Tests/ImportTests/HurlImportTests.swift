import Courier
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// `HurlImport` reads Hurl's own integration tests (`Tests/Fixtures/hurl/`, see ORIGIN.md):
/// every file becomes a workspace that loads, asserts become checks, captures a chain, and
/// what has no place is reported with its file and line.
@Suite struct HurlImportTests {
    static let fixtures = ["assert_json", "assert_header", "assert_xpath", "captures", "form_params", "multipart_form_data",
                           "post_multilines", "post_bytes_null", "basic_authentication", "follow_redirect_option", "graphql"]

    static func text(_ name: String) throws -> String {
        String(decoding: try fixture("hurl/\(name).hurl"), as: UTF8.self)
    }

    /// The fixture imported, and its workspace loaded.
    static func imported(_ name: String) throws -> (result: ImportResult, workspace: Workspace) {
        let result = try HurlImport.result(text: try text(name), file: "\(name).hurl")
        return (result, try Workspace.parse(yaml: result.workspace.yaml(), file: "imported.yaml"))
    }

    private func expect(_ workspace: Workspace, _ name: String) throws -> [String] {
        try #require(workspace.requests[name], "no request \(name) in \(workspace.requestNames)").expect.map { expectation in
            if case .check(let check) = expectation { return check.text }
            return "schema"
        }
    }

    @Test(arguments: [("assert_json", 8), ("assert_header", 5), ("assert_xpath", 4), ("captures", 6), ("form_params", 3),
                      ("multipart_form_data", 3), ("post_multilines", 5), ("post_bytes_null", 1), ("basic_authentication", 1),
                      ("follow_redirect_option", 14), ("graphql", 5)])
    func everyEntryOfEveryFixtureIsARequestOfAWorkspaceThatLoads(name: String, entries: Int) throws {
        let (result, workspace) = try Self.imported(name)
        expectEqual(workspace.requestNames.count, entries)
        // Every request keeps its HTTP status as a check.
        for request in workspace.requestNames {
            #expect(try expect(workspace, request).contains { $0.hasPrefix("status == ") }, "\(request)")
        }
        // A file of several entries runs them in order as a chain named after it.
        if entries > 1 {
            let chain = try #require(workspace.chains[ImportNaming.slug(name)])
            #expect(chain.steps.flatMap { $0.items.map(\.request.name) } == workspace.requestNames)
        } else {
            #expect(workspace.chains.isEmpty)
        }
        #expect(result.report.dropped.allSatisfy { $0.hasPrefix("\(name).hurl:") }, "\(result.report.dropped)")
    }

    @Test func assertsBecomeChecksAndTheRestIsReportedWithItsLine() throws {
        let (result, workspace) = try Self.imported("assert_json")
        let checks = try expect(workspace, "get-assert-json")
        for check in ["status == 200", "$.count == 5", "$.count == {{five}}", "$.count != 4", "$.count not == 4", "$.count > 1",
                      "$.success == false", "$.success != null", "$.success exists", "$.success isBoolean", "$.errors count == 2",
                      "$.errors isArray", "$.errors not isObject", "$.warnings isEmpty", #"$.message == "Bob says \"Hello\"""#,
                      "$.toto not exists", #"$.errors[0].id == "error1""#, "$.duration <= 2.0", "$.duration not isInteger",
                      "$.nullable == null", #"$.tags[0] > "{{foo}}""#, #"$.profile-id == "123abc""#, "$.dates[0] isIsoDate",
                      "$.uuid isUuid"] {
            #expect(checks.contains(check), "\(check) missing from \(checks)")
        }
        // The expected JSON body: compared as JSON.
        let body = try #require(workspace.requests["get-assert-json"]?.expect.last)
        guard case .check(let bodyCheck) = body else { Issue.record("the body check is a schema"); return }
        expectEqual(bodyCheck.subjectText, "$")
        // [Options] variable: → workspace variables; the capture that Courier can read → the chain.
        #expect(workspace.variables["five"] == "5" && workspace.variables["foo"] == "abc")
        let steps = try #require(workspace.chains["assert_json"]).steps
        expectEqual(steps[0].items[0].captures.map(\.variable), ["count"])
        #expect(steps[1].items[0].captures.map { "\($0.variable) \($0.source)" } == ["index body"])
        // Wildcards, filters and predicates Courier lacks: listed with file and line.
        #expect(result.report.dropped.contains { $0.hasPrefix("assert_json.hurl:51: assert `jsonpath \"$.errors[*].id\" contains \"error1\"`") })
        #expect(result.report.dropped.contains { $0.hasPrefix("assert_json.hurl:13: capture `date0: jsonpath \"$.dates[0]\" toDate \"%+\"`: the filter toDate") })
        #expect(result.report.dropped.contains { $0.contains("isFloat") })
        #expect(result.workspace.yaml().contains("# Not carried over:"))
    }

    @Test func headersXPathAndCountsBecomeChecks() throws {
        let (_, workspace) = try Self.imported("assert_header")
        let checks = try expect(workspace, "get-assert-header")
        #expect(checks.contains(#"header Content-Type == "text/html; charset=utf-8""#))
        // Set-Cookie comes twice: each value is contained in the joined header.
        #expect(checks.contains(#"header Set-Cookie contains "cookie1=value1; Path=/""#))
        #expect(checks.contains(#"header ETag == "\"33a64df551425fcc55e4d42a148795d9f25f89d4\"""#))
        #expect(checks.contains(#"header Set-Cookie not contains "cookie4=value4; Path=/""#))
        #expect(!checks.contains { $0.contains("count") })
        // Hurl follows no redirect: a request that expects a 302 keeps it.
        let name = workspace.requestNames[2]
        expectEqual(workspace.requests[name]?.description?.hasPrefix("Header \"Location\" can use http:// scheme"), true)
        expectEqual(workspace.requests[name]?.transferOptions.maxRedirects, 0)
        #expect(try expect(workspace, name).contains(#"url == "http://localhost:8000/assert-header-location-http""#))

        let (xpathResult, xpath) = try Self.imported("assert_xpath")
        #expect(try expect(xpath, "get-assert-xpath").contains(#"xpath "normalize-space(//data)" == "café""#))
        #expect(try expect(xpath, xpath.requestNames[1]).contains(
            #"xpath "string(//*[name()='bk:book']/*[name()='bk:title'])" == "Cheaper by the Dozen""#))
        #expect(try expect(xpath, xpath.requestNames[2]).contains(#"xpath "//_:svg/_:g/_:circle" count == 3"#))
        #expect(xpathResult.report.dropped.contains { $0.hasPrefix("assert_xpath.hurl:9: the expected body") })
    }

    @Test func capturesCourierReadsBecomeTheChainsCaptures() throws {
        let (result, workspace) = try Self.imported("captures")
        let steps = try #require(workspace.chains["captures"]).steps.map { $0.items[0] }
        #expect(steps[0].captures.map { "\($0.variable) \($0.source)" } == ["param1 header:header1", "data1 body"])
        #expect(steps[5].captures.map(\.variable) == ["an_object", "a_list", "a_null", "an_integer", "a_big_integer", "a_float",
                                                      "a_bool", "a_string", "a_date_like_string", "all"])
        expectEqual(steps[5].captures.first?.source.description, "$.an_object")
        // [QueryStringParams] and [Query] are the same arguments.
        let check = try #require(workspace.requests["get-captures-check"])
        #expect(check.args == .object(["param1": .string("{{param1}}"), "param2": .string("{{param2}}")]))
        expectEqual(workspace.requests["get-captures-check-2"]?.args, check.args)
        #expect(result.report.dropped.contains { $0.hasPrefix("captures.hurl:5: capture `param2: header \"header2\" regex") })
        #expect(result.report.dropped.contains { $0.hasPrefix("captures.hurl:10: capture `data2: variable \"data1\"`") })
        #expect(result.report.dropped.contains { $0.hasPrefix("captures.hurl:14: assert `variable \"param2\" == \"Bob\"`: Courier's checks look at the response") })
        // param2's capture has a filter: nothing defines it, so it is declared empty and said so.
        expectEqual(workspace.variables["param2"], "")
        #expect(result.report.notes.contains { $0.hasPrefix("not defined in the files, declared empty: param2") })
    }

    @Test func formMultipartMultilineGraphQLAndBase64Bodies() throws {
        let (_, forms) = try Self.imported("form_params")
        guard case .form(let form, let order)? = forms.requests["post-form-params"]?.body else { Issue.record("no form"); return }
        expectEqual(order, ["param1", "param2", "param3", "param4", "values[0]", "values[1]"])
        #expect(form == .object(["param1": .string("value1"), "param2": .string(""), "param3": .string("a=b"), "param4": .string("a%3db"),
                                 "values[0]": .string("0"), "values[1]": .string("1")]))
        #expect(forms.requests["same-version-as-raw"]?.body == .text("param1=value1&param2=&param3=a%3db&param4=a%253db&values[0]=0&values[1]=1",
                                                                    contentType: "application/x-www-form-urlencoded"))

        let (multipartResult, multipart) = try Self.imported("multipart_form_data")
        guard case .multipart(let parts)? = multipart.requests["on-can-use-the-dedicated-multipartformdata-section"]?.body else {
            Issue.record("no multipart in \(multipart.requestNames)"); return
        }
        #expect(parts == [.init(name: "key1", value: "value1"), .init(name: "upload1", file: "data.txt", filename: "data.txt"),
                          .init(name: "upload2", file: "data.html", filename: "data.html"),
                          .init(name: "upload3", file: "data.txt", filename: "data.txt", contentType: "text/html")])
        #expect(multipartResult.report.notes.contains { $0.hasPrefix("files are relative to the .hurl file's folder: data.txt, data.html") })
        guard case .text(let handMade, let type)? = multipart.requests[multipart.requestNames[2]]?.body else { Issue.record("no text"); return }
        #expect(type == "multipart/form-data; boundary=\"boundary\"" && handMade.hasPrefix("--boundary\n") && handMade.hasSuffix("--boundary--\n"))

        let (_, multilines) = try Self.imported("post_multilines")
        expectEqual(multilines.requests["post-post-multilines"]?.body, .text("name,age\nbob,10\nbill,22\n", contentType: nil))
        #expect(multilines.requests["post-post-multilines-2"]?.body == .text("name,age\nbob,{{bob_age}}\nbill,22\n", contentType: nil))
        // ```raw: sent as written, its braces a literal.
        #expect(multilines.requests["post-post-multilines-raw"]?.body == .text("name,age\nbob,{{\"{{\"}}bob_age}}\nbill,22\n", contentType: nil))
        #expect(multilines.requests["hurl-unicode-literals-are-not-processed-in-multiline-strings"]?.body
                == .text("{\n    \"g_clef\": \"\\u{1D11E}\"\n}\n", contentType: "application/json"))

        let (_, graphql) = try Self.imported("graphql")
        guard case .graphql(let query)? = graphql.requests["query-with-variables"]?.body else { Issue.record("no graphql"); return }
        #expect(query.query.hasPrefix("query Person($id: ID!) {") && query.query.hasSuffix("}"))
        expectEqual(query.variables, .object(["id": .string("cGVvcGxlOjQ=")]))
        guard case .json(let json)? = graphql.requests["equivalent-syntax-by-posting-a-json-body"]?.body else { Issue.record("no json"); return }
        #expect(json.objectValue?["query"] != nil)
        expectEqual(graphql.variables["id"], "cGVvcGxlOjQ=")

        let (bytesResult, bytes) = try Self.imported("post_bytes_null")
        expectEqual(bytes.requests["post-post-bytes-null"]?.body, nil)
        #expect(bytesResult.report.dropped == ["post_bytes_null.hurl:3: a binary body of 4 bytes (save it to a file and send it with body: {file: PATH})"])
    }

    @Test func optionsAuthAndCookiesAndSecretsStayOutOfTheWorkspace() throws {
        let (result, workspace) = try Self.imported("follow_redirect_option")
        let yaml = result.workspace.yaml()
        #expect(!yaml.contains("Ym9iQGVtYWlsLmNvbTpzZWNyZXQ=") && !yaml.contains(": secret"))
        expectEqual(result.workspace.privateEnvironments.map(\.name), ["hurl"])
        #expect(result.workspace.privateEnvironments[0].variables.map { "\($0.name)=\($0.value)" } == ["password=secret"])
        expectEqual(result.workspace.privateYAML()?.contains("password: secret"), true)
        let names = workspace.requestNames
        // Authorization: Basic, `user:` and [BasicAuth]: the same basic auth, one private password.
        for index in [6, 7, 8, 9, 10, 11, 12, 13] {
            let auth = try #require(workspace.requests[names[index]]?.auth, "\(names[index])")
            #expect(auth == .basic(user: "bob@email.com", password: "{{password}}"), "\(names[index])")
        }
        #expect(workspace.requests[names[6]]?.headers.map { "\($0.name): \($0.value)" } == ["Cookie: fruit=lemon"])
        expectEqual(workspace.requests[names[0]]?.transferOptions.maxRedirects, 0)
        expectEqual(workspace.requests[names[1]]?.transferOptions.maxRedirects, 0)     // location: false
        expectEqual(workspace.requests[names[2]]?.transferOptions.maxRedirects, nil)
        expectEqual(workspace.requests[names[2]]?.args, .object(["foo": .string("bar")]))
        expectEqual(workspace.requests[names[13]]?.transferOptions.keepsCredentialsOnRedirect, true)
        let followed = try expect(workspace, names[2])
        #expect(followed.contains("redirects == 2") && followed.contains(#"body == "Followed redirect!""#))
        #expect(result.report.dropped.contains { $0.hasPrefix("follow_redirect_option.hurl:29: assert `redirects nth 0 location") })
        #expect(result.report.notes.contains { $0.contains("--env hurl") })
        // With its private file, the workspace loads with the password filled in.
        let directory = importTemporaryDirectory()
        try yaml.write(toFile: directory + "/imported.yaml", atomically: true, encoding: .utf8)
        try #require(result.workspace.privateYAML()).write(toFile: directory + "/imported.private.yaml", atomically: true, encoding: .utf8)
        let loaded = try Workspace.load(path: directory + "/imported.yaml")
        expectEqual(loaded.environments["hurl"]?["password"], "secret")
    }

    @Test func requestsAreNamedByTheCommentAboveElseMethodAndPath() throws {
        let (_, graphql) = try Self.imported("graphql")
        #expect(graphql.requestNames == ["an-unnamed-simple-query", "equivalent-syntax-by-posting-a-json-body", "full-syntax-for-query",
                                         "query-with-variables", "hurl-variables-can-also-be-used"])
        expectEqual(graphql.requests["an-unnamed-simple-query"]?.description, "An unnamed simple query")
        let (_, json) = try Self.imported("assert_json")
        expectEqual(Array(json.requestNames.prefix(3)), ["get-assert-json", "get-assert-json-index", "get-assert-json-2"])
    }

    @Test func severalFilesMakeOneWorkspaceWithAChainPerFile() throws {
        let result = try HurlImport.result(files: [("captures.hurl", try Self.text("captures")), ("graphql.hurl", try Self.text("graphql")),
                                                   ("basic_authentication.hurl", try Self.text("basic_authentication"))])
        let workspace = try Workspace.parse(yaml: result.workspace.yaml(), file: "imported.yaml")
        expectEqual(workspace.requestNames.count, 6 + 5 + 1)
        expectEqual(workspace.chainNames, ["captures", "graphql"])
        #expect(workspace.requests["get-basic-authentication"] != nil)
    }

    @Test(arguments: [
        ("hello world\n", "bad.hurl:1:1: error: expected a request line"),
        ("GET http://x\nHTTP 200\n[Asserts]\njsonpath \"$.a == 1\n", "bad.hurl:4:10: error: the quoted string is not closed"),
        // An unknown word is read as a filter: what is missing is the predicate.
        ("GET http://x\nHTTP 200\n[Asserts]\nstatus equalz 200\n", "bad.hurl:4:18: error: a predicate is missing"),
        ("GET http://x\nHTTP 200\n[Asserts]\njsonpath \"$.a\" ==\n", "bad.hurl:4:18: error: == needs a value"),
        ("POST http://x\n{\"a\": 1\nHTTP 200\n", "bad.hurl:2:1: error: the JSON body is not closed"),
        ("POST http://x\n  ```\nabc\n", "bad.hurl:2:3: error: the multiline string is not closed"),
        ("GET http://x\nHTTP abc\n", "bad.hurl:2:6: error: expected a status code"),
        ("GET http://x\nHTTP 200\n[Captures]\nid jsonpath \"$.id\"\n", "bad.hurl:4:1: error: expected NAME: VALUE"),
        ("POST http://x\n`abc`\nnot a header\n", "bad.hurl:3:1: error: expected HTTP STATUS or the next request"),
        ("# only a comment\n", "bad.hurl: error: no entries found"),
    ])
    func malformedInputFailsAtItsLineAndColumn(text: String, message: String) throws {
        do {
            _ = try HurlImport.result(text: text, file: "bad.hurl")
            Issue.record("\(text) was read")
        } catch {
            #expect("\(error)".hasPrefix(message), "\(error)")
        }
    }
}
