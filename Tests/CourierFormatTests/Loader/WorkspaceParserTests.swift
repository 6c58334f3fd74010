import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
import Foundation
import Testing

@Suite("Workspace parser")
struct WorkspaceParserTests {
    @Test("demo.yaml and petstore.yaml load with every request, batch and chain")
    func examplesLoad() throws {
        let demo = try Workspace.load(path: repositoryRoot + "/workspaces/demo.yaml")
        expectEqual(demo.name, "demo")
        #expect(demo.usesDemoServer)
        expectEqual(demo.requestNames.count, 91)
        #expect(demo.batchNames == ["basics", "routing", "everything", "viewers", "failures", "http2-together", "load", "downloads",
                                    "cache-states", "types-and-methods", "checks"])
        expectEqual(demo.chains["checkout"]?.steps.count, 4)
        expectEqual(demo.chains["checkout"]?.stepMode, true)
        expectEqual(demo.requestNames(inBatch: "everything").count, 26)
        expectEqual(demo.requestNames(inBatch: "failures").count, 8)
        let cities = try #require(demo.requests["cities"])
        #expect(cities.cache == RequestDefinition.Cache(seconds: 600, version: 2, sensitive: "{{user}}", async: true))
        #expect(demo.requests["json-valid"]?.validate?.json
            == .object(["slideshow": .object(["title": .string, "author": .string, "slides": .array(.object(["title": .string]))])]))
        expectEqual(demo.requests["created"]?.validate?.statusCodes, Set(200...204))
        expectEqual(demo.requests["flaky"]?.retry?.retryLimit, 3)
        let petstore = try Workspace.load(path: repositoryRoot + "/workspaces/petstore.yaml")
        expectEqual(petstore.environmentNames, ["local", "staging", "production"])
        expectEqual(try petstore.variables(environment: "production")["pageSize"], "100")
    }

    @Test("every request option is read")
    func requestOptions() throws {
        let workspace = try parseWorkspace("""
            requests:
              full:
                method: put
                url: /anything/{{id}}
                useCDN: true
                args: {n: 1, f: 1.5, b: true, s: "x", list: [1, two]}
                headers: {X-One: "1"}
                auth: {basic: {user: u, password: p}}
                timeout: 2.5
                priority: high
                cache: {seconds: 30, version: 3, sensitive: "{{id}}", async: false}
                validate: {status: [200, "300-302"], json: "{id: int, tags: [string]}"}
                accept: [text/plain]
                response: raw
                retry: {limit: 1, backoff: 0.1, statuses: [503]}
                tls: {verify: false, caFile: /ca.pem, pinnedKey: "sha256//abc"}
                sensitive: ["{{id}}"]
            variables: {id: "42"}
            """)
        let request = try #require(workspace.requests["full"])
        expectEqual(request.method, .put)
        #expect(request.useCDN)
        expectEqual(request.args, ["n": 1, "f": 1.5, "b": true, "s": "x", "list": [1, "two"]])
        expectEqual(request.headers.map(\.name), ["X-One"])
        expectEqual(request.auth, .basic(user: "u", password: "p"))
        expectEqual(request.timeout, 2.5)
        expectEqual(request.priority, .high)
        #expect(request.cache == RequestDefinition.Cache(seconds: 30, version: 3, sensitive: "{{id}}", async: false))
        expectEqual(request.validate?.statusCodes, [200, 300, 301, 302])
        expectEqual(request.validate?.json, .object(["id": .int, "tags": .array(.string)]))
        expectEqual(request.acceptedContentTypes, ["text/plain"])
        expectEqual(request.response, .raw)
        expectEqual(request.retry?.retryableStatusCodes, [503])
        expectEqual(request.tls, TLSPolicy(verifyPeer: false, verifyHost: false, caFile: "/ca.pem", pinnedPublicKey: "sha256//abc"))
        #expect(request.sensitive == ["{{id}}"])
        expectEqual(request.location, SourceLocation(file: "test.yaml", line: 3, column: 5))
    }

    // MARK: - Golden error messages, one per kind

    @Test("invalid YAML points at the problem")
    func syntaxError() {
        let error = parseError("requests:\n  a: {url: /get\n")
        expectEqual(error?.kind, .syntax)
        expectEqual(error?.location?.line, 3)
        expectEqual(error?.description.hasPrefix("test.yaml:3:1: error: invalid YAML:"), true)
    }

    @Test("an unknown key says what was expected and suggests the closest")
    func unknownKey() {
        let error = parseError("""
            requests:
              login:
                url: /login
                hedaers: {A: b}
            """)
        #expect(error?.description == """
            test.yaml:4:5: error: requests.login: unknown key "hedaers"; did you mean "headers"? \
            (expected one of: description, method, url, useCDN, args, headers, auth, body, timeout, deadline, maxBodyBytes, priority, cache, \
            validate, accept, response, download, retry, tls, redirects, expect100Timeout, sensitive, cookies, expect, paginate, stream, messages, subprotocols, http, resolve, connectTo, unixSocket, hud, \
            quietErrors, contract, grpc, message, metadata, mock, diff)
            """)
        #expect(parseError("nme: x")?.description
            == "test.yaml:1:1: error: unknown key \"nme\"; did you mean \"name\"? (expected one of: name, layout, config, variables, environments, requests, batches, chains, expect-calls, include)")
    }

    @Test("a wrong type names the key, the expected type and what was found")
    func wrongType() {
        #expect(parseError("requests:\n  slow:\n    url: /delay/1\n    timeout: soon\n")?.description
            == "test.yaml:4:14: error: requests.slow.timeout: expected a number of seconds from 0.001 to 86400, found the string \"soon\"")
        #expect(parseError("requests:\n  a:\n    url: /get\n    headers: [x]\n")?.description
            == "test.yaml:4:14: error: requests.a.headers: expected a mapping of header names to values, found a list")
        expectEqual(parseError("requests:\n  a:\n    url: /get\n    useCDN: yes please\n")?.kind, .wrongType)
    }

    @Test("a missing url and a method that is not a token are reported")
    func missingAndInvalid() {
        #expect(parseError("requests:\n  a:\n    method: GET\n")?.description
            == "test.yaml:3:5: error: requests.a: missing key \"url\" (the path or URL to send to)")
        #expect(parseError("requests:\n  a:\n    url: /x\n    method: \"PO ST\"\n")?.description
            == "test.yaml:4:13: error: requests.a.method: \"PO ST\" is not an HTTP method (a token of letters, digits and "
            + "!#$%&'*+-.^_`|~, such as GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, TRACE, CONNECT, QUERY, PROPFIND); did you mean \"POST\"?")
        expectEqual(parseError("requests:\n  a:\n    url: /x\n    method: GET/1\n")?.description.hasPrefix("test.yaml:4:13: error: requests.a.method: \"GET/1\" is not an HTTP method"), true)
    }

    @Test("any token is a method: well-known ones in any case, others as written")
    func anyTokenMethod() throws {
        let workspace = try Workspace.parse(yaml: """
            requests:
              a: {url: /x, method: PROPFIND}
              b: {url: /x, method: options}
              c: {url: /x, method: M-SEARCH}
              d: {url: /x, method: Purge}
              e: {url: /x, response: auto}
            """, file: "test.yaml")
        expectEqual(workspace.requests["a"]?.method, .propfind)
        expectEqual(workspace.requests["b"]?.method, .options)
        expectEqual(workspace.requests["c"]?.method.rawValue, "M-SEARCH")
        expectEqual(workspace.requests["d"]?.method.rawValue, "Purge")             // case-sensitive, as RFC 9110 says
        expectEqual(workspace.requests["e"]?.response, .auto)
    }

    @Test("an undefined variable is reported where it is used")
    func undefinedVariable() {
        let error = parseError("""
            variables: {token: abc}
            requests:
              a:
                url: /get
                headers: {Authorization: "Bearer {{tokn}}"}
            """)
        #expect(error?.description == """
            test.yaml:5:30: error: undefined variable {{tokn}}; did you mean "token"? \
            (define it under variables or an environment, capture it in a chain, or pass --var tokn=…)
            """)
        expectEqual(error?.kind, .undefinedVariable)
        #expect((try? parseWorkspace("requests:\n  a: {url: \"/{{given}}\"}\n", extraVariables: ["given"])) != nil)
        #expect((try? parseWorkspace("requests:\n  a: {url: \"/{{env.HOME}}/{{uuid}}/{{now}}\"}\n")) != nil)
    }

    @Test("an unknown request in a batch or chain is reported with a suggestion")
    func unknownReference() {
        #expect(parseError("""
            requests:
              login: {url: /login}
            batches:
              b: {requests: [login, logn]}
            """)?.description
            == "test.yaml:4:25: error: unknown request or batch \"logn\"; did you mean \"login\"? (expected one of: login, b)")
        #expect(parseError("""
            requests:
              login: {url: /login}
            chains:
              c:
                steps:
                  - login
                  - parallel: [login, profile]
            """)?.description
            == "test.yaml:7:27: error: unknown request \"profile\" (expected one of: login)")
    }

    @Test("batches that include each other and variables that refer to each other are cycles")
    func cycles() {
        #expect(parseError("""
            requests:
              a: {url: /a}
            batches:
              one: {requests: [a, two]}
              two: {requests: [one]}
            """)?.description == "test.yaml:5:20: error: batches include each other in a cycle: one → two → one")
        #expect(parseError("""
            variables:
              host: "{{base}}/x"
              base: "{{host}}"
            """)?.description == "test.yaml:2:9: error: variables refer to each other in a cycle: base → host → base")
    }

    @Test("conditions must use earlier captures; captures need a valid source")
    func chainChecks() {
        #expect(parseError("""
            requests:
              a: {url: /a}
              b: {url: /b}
            chains:
              c:
                steps:
                  - {request: b, when: "tokn exists"}
                  - {request: a, capture: {token: $.token}}
            """)?.description == """
            test.yaml:7:28: error: condition "tokn exists" uses "tokn", which no earlier step captures \
            (captures and status.REQUEST of earlier steps, or variables)
            """)
        #expect(parseError("""
            requests:
              a: {url: /a}
            chains:
              c:
                steps:
                  - {request: a, capture: {id: "$.items[x]"}}
            """)?.description
            == "test.yaml:6:36: error: chains.c.steps[0].capture.id: [x] is neither an index nor a quoted name in \"$.items[x]\" (expected status, body, header:NAME or a JSON path like $.items[0].id)")
        #expect(parseError("requests:\n  a: {url: /a}\nchains:\n  c: {steps: [{request: a, when: \"a ~ b\"}]}\n")?.kind == .invalidValue)
    }

    @Test("names are unique across requests, batches and chains")
    func duplicateNames() {
        #expect(parseError("""
            requests:
              a: {url: /a}
            batches:
              a: [a]
            """)?.description == "test.yaml:4:3: error: batches: the name \"a\" is already used by a request (line 2); names must be unique")
    }

    @Test("an unreadable file and an unknown environment are clear errors")
    func unreadableAndEnvironment() throws {
        #expect(throws: WorkspaceError.self) { try Workspace.load(path: "/nonexistent/ws.yaml") }
        let workspace = try parseWorkspace("environments: {staging: {a: b}, production: {a: c}}")
        #expect(throws: WorkspaceError(.unknownTarget, at: nil,
                                       "unknown environment \"prod\"; did you mean \"production\"? (expected one of: staging, production)")) {
            try workspace.variables(environment: "prod")
        }
    }
}
