import Courier
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// What `HTTPFileImport` does with files nobody here wrote: errors at their line and column
/// when nothing can be imported, and liberal reading otherwise.
@Suite struct HTTPFileImportEdgeTests {
    private func imported(_ text: String) throws -> (result: ImportResult, workspace: Workspace) {
        let result = try HTTPFileImport.result(text: text, file: "api.http")
        return (result, try Workspace.parse(yaml: result.workspace.yaml(), file: "imported.yaml"))
    }

    private func failure(_ text: String) -> ImportFailure? {
        do {
            _ = try HTTPFileImport.result(text: text, file: "api.http")
            return nil
        } catch {
            return error
        }
    }

    @Test func aFileWhoseOnlyRequestIsBrokenFailsAtItsLineAndColumn() {
        expectEqual(failure("# just a method\nPOST\n")?.description, "api.http:2:6: error: the request line \"POST\" has no URL after POST")
        // Any token is a method: FETCH is sent as written.
        expectEqual(failure("###\n\n  FETCH /things HTTP/1.1\n"), nil)
        expectEqual((try? HTTPFileImport.result(text: "###\n\n  FETCH /things HTTP/1.1\n", file: "api.http"))?.workspace.requests.first?.definition.method.rawValue, "FETCH")
        expectEqual(failure("Get the users, please\n")?.description, "api.http:1:5: error: expected a URL after Get, found \"the\"")
        expectEqual(failure("@host = example.org\n# nothing else\n")?.description.hasPrefix("api.http: error: no requests found"), true)
        expectEqual(failure("")?.location, nil)
    }

    @Test func aBrokenRequestAmongGoodOnesIsSkippedAndReported() throws {
        let (result, workspace) = try imported("GET https://example.org/a\n\n###\nPUT\n\n###\nhttps://example.org/b\n")
        expectEqual(workspace.requestNames, ["get-a", "get-b"])
        expectEqual(result.report.dropped, ["line 4:5: the request line \"PUT\" has no URL after PUT; the request is skipped"])
    }

    @Test func crlfLinesAByteOrderMarkAndAMissingBlankLineBeforeTheBody() throws {
        let text = "\u{FEFF}POST https://example.org/items\r\nContent-Type: application/json\r\n{\"a\": 1}\r\n"
        let (result, workspace) = try imported(text)
        expectEqual(workspace.requests["post-items"]?.body, .json(["a": 1]))
        #expect(result.report.notes.contains("request \"post-items\": line 3: no blank line between the headers and the body; the body starts here"))
    }

    @Test func repeatedHeadersAreJoinedAndASchemeIsAdded() throws {
        let text = "GET example.org:8080/x\nAccept: text/html\naccept: application/json\nCookie: a=1\nCookie: b=2\n"
        let (_, workspace) = try imported(text)
        let request = try #require(workspace.requests["get-x"])
        expectEqual(request.url, "http://example.org:8080/x")
        #expect(request.headers.map { "\($0.name): \($0.value)" } == ["Accept: text/html, application/json", "Cookie: a=1; b=2"])
    }

    @Test func aTitleWhoseDashesBecameUnderscoresNamesTheRequest() throws {
        let (_, workspace) = try imported("### checkout-order\n# @name checkout_order\nPOST https://example.org/checkout\n\n### Other title\n# @name other\nGET https://example.org\n")
        expectEqual(workspace.requestNames, ["checkout-order", "other"])
        expectEqual(workspace.requests["other"]?.description, "Other title")
    }

    @Test func aFileVariableHoldingARequestVariableIsACaptureOfThatName() throws {
        let text = """
            @token = {{login.response.body.$.auth.token}}
            @id = {{login.response.headers.X-Id}}
            ###
            # @name login
            POST https://example.org/login
            ###
            GET https://example.org/me
            Authorization: Bearer {{token}}
            X-Id: {{id}}
            """
        let (_, workspace) = try imported(text)
        #expect(workspace.variables.isEmpty)
        let chain = try #require(workspace.chains["http-file"])
        #expect(chain.captures.map { "\($0.variable): \($0.source)" } == ["token: $.auth.token", "id: header:X-Id"])
        #expect(chain.steps.map { $0.items[0].request.name } == ["login", "get-me"])
        #expect(workspace.requests["get-me"]?.auth == .bearer(token: "{{token}}"))
    }

    @Test func referencesACaptureCannotReadBecomeDeclaredStandIns() throws {
        let text = """
            # @name login
            POST https://example.org/login
            ###
            GET https://example.org/a?x={{login.response.body.//token}}&y={{nobody.response.body.$.id}}&z={{login.request.body.$.user}}
            X-When: {{$timestamp -1 d}}
            X-Day: {{$datetime rfc1123}}
            X-Env: {{$dotenv API_KEY}}
            """
        let (result, workspace) = try imported(text)
        let url = try #require(workspace.requests["get-a"]?.url)
        #expect(url == "https://example.org/a?x={{login-response-body-token}}&y={{nobody-response-body-id}}&z={{login-request-body-user}}")
        #expect(workspace.requests["get-a"]?.headers.map(\.value) == ["{{timestamp}}", "{{datetime-rfc1123}}", "{{dotenv-api_key}}"])
        for name in ["login-response-body-token", "nobody-response-body-id", "login-request-body-user", "datetime-rfc1123", "dotenv-api_key"] {
            #expect(workspace.variables[name] == "", "\(name)")
        }
        expectEqual(result.report.dropped.count, 6)
        #expect(result.report.dropped.contains { $0.contains("{{nobody.response.body.$.id}} refers to a request named nobody") })
        #expect(result.report.dropped.contains { $0.contains("the offset of {{$timestamp -1 d}} is not carried over") })
        #expect(workspace.chains.isEmpty)
    }

    @Test func bodiesTheWorkspaceCannotTakeAsIsStayText() throws {
        let text = """
            GET https://example.org/search
            Content-Type: application/json

            {"q": "x"}

            ###
            POST https://example.org/graphql
            Content-Type: application/json
            X-Request-Type: GraphQL

            query Pets($n: Int) { pets(first: $n) { name } }

            {"n": 2}

            ###
            POST https://example.org/raw
            Content-Type: application/octet-stream

            <@ ./payload.bin
            """
        let (result, workspace) = try imported(text)
        // A GET would send JSON fields as the query: the body stays text.
        #expect(workspace.requests["get-search"]?.body == .text("{\"q\": \"x\"}", contentType: "application/json"))
        #expect(workspace.requests["post-graphql"]?.body
                == .graphql(GraphQLBody(query: "query Pets($n: Int) { pets(first: $n) { name } }", variables: ["n": 2])))
        expectEqual(workspace.requests["post-graphql"]?.headers.isEmpty, true)
        expectEqual(workspace.requests["post-raw"]?.body, .file(path: "./payload.bin", contentType: "application/octet-stream"))
        #expect(result.report.dropped == ["request \"post-raw\": placeholders inside the body file ./payload.bin are not filled in "
                                         + "(REST Client's <@ fills them in; Courier sends the file as it is)"])
    }

    @Test func ntlmAuthIsKeptAsACommentAndPromptsAreDeclared() throws {
        let text = "# @prompt otp One-time code\nGET https://example.org/secure\nAuthorization: NTLM ann s3cret\nX-OTP: {{otp}}\n"
        let (result, workspace) = try imported(text)
        #expect(result.workspace.yaml().contains("    # Authorization: NTLM ann s3cret\n"))
        expectEqual(workspace.requests["get-secure"]?.headers.map(\.name), ["X-OTP"])
        expectEqual(workspace.variables["otp"], "")
        #expect(result.report.notes.contains("request \"get-secure\": @prompt otp: declared empty; pass --var otp=… when running"))
        expectEqual(result.report.dropped.first?.hasPrefix("request \"get-secure\": Authorization: NTLM is computed"), true)
    }

    @Test func digestAndAWSAuthorizationBecomeTheSchemesLibcurlPerforms() throws {
        let text = "GET https://example.org/d\nAuthorization: Digest ann {{pw}}\n\n###\nGET https://example.org/a\n"
            + "Authorization: AWS AKIA1 {{sk}} token:tok region:eu-west-1 service:s3\n"
        let (result, workspace) = try imported(text)
        #expect(result.report.dropped.isEmpty, "\(result.report.dropped)")
        #expect(workspace.requests["get-d"]?.auth == .scheme(.digest(user: "ann", password: "{{pw}}")))
        #expect(workspace.requests["get-a"]?.auth == .scheme(.aws(AWSCredentials(accessKey: "AKIA1", secretKey: "{{sk}}", sessionToken: "tok",
                                                                               region: "eu-west-1", service: "s3"))))
        expectEqual(workspace.requests["get-a"]?.headers.isEmpty, true)
    }

    @Test func aCurlCommandIsImportedAsImportCurlDoes() throws {
        let text = "###\ncurl -X POST https://example.org/items \\\n  -H 'X-Key: {{key}}' \\\n  --json '{\"a\": 1}'\n"
        let (result, workspace) = try imported(text)
        let request = try #require(workspace.requests["curl"])
        expectEqual(request.method, .post)
        expectEqual(request.url, "https://example.org/items")
        #expect(request.headers.map(\.value) == ["{{key}}"])
        expectEqual(request.body, .json(["a": 1]))
        expectEqual(workspace.variables["key"], "")
        #expect(result.report.notes.contains { $0.hasPrefix("not defined in the file, declared empty: key") })
    }

    @Test func variablesUsedButNotDefinedAreDeclaredAndNoted() throws {
        let (result, workspace) = try imported("GET {{host}}/users/{{id}}\n")
        expectEqual(workspace.variables, ["host": "", "id": ""])
        expectEqual(workspace.requestNames, ["get-users-id"])
        expectEqual(result.report.notes.first?.hasPrefix("not defined in the file, declared empty: host, id (REST Client reads"), true)
    }

    @Test func variablesUsingEachOtherInACycleStillLoad() throws {
        let (result, workspace) = try imported("@a = {{b}}/x\n@b = {{a}}\n@c = {{c}}\nGET https://example.org/{{a}}/{{c}}\n")
        #expect(workspace.variables == ["a": "{{b}}/x", "b": "", "c": ""])
        #expect(result.report.dropped == ["variables a → b → a use each other in a cycle; b ({{a}}) is declared empty",
                                          "variables c → c use each other in a cycle; c ({{c}}) is declared empty"])
    }
}
