import Courier
@testable import CourierChecks
import CourierDemoServer
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierRunner
import Foundation
import Testing

/// Checks on real exchanges: requests sent through libcurl to the demo server, their
/// facts read from the engine's `Request`.
@Suite("Checks against the demo server")
struct CheckDemoServerTests {
    /// The facts of `name`'s response, and the runner's scope to fill in values.
    private static func facts(_ name: String, _ runner: WorkspaceRunner) async throws -> ResponseFacts {
        let request = runner.makeRequest(name)
        _ = try? await request.run()
        return try #require(ResponseFacts(request: request), "\(name): \(String(describing: request.error))")
    }

    private static func results(_ lines: [String], on facts: ResponseFacts, scope: VariableScope) throws -> [CheckResult] {
        let checks = try lines.map { try Check(parsing: $0, location: SourceLocation(file: "t.yaml", line: 1, column: 1)) }
        return Check.evaluate(checks, on: facts, render: scope.render)
    }

    @Test func checksReadEverySubjectFromRealResponses() async throws {
        let server = try await DemoServer.start()
        var options = RunOptions()
        options.demoURL = server.baseURL
        let workspace = try Workspace.load(path: writeWorkspace("""
        config: {baseUrl: "{{demo}}"}
        variables: {author: Courier Demo}
        requests:
          json: {url: /json}
          html: {url: /html}
          xml: {url: /xml}
          cookie: {url: "/response-headers?Set-Cookie=flavour%3Doatmeal%3B%20Path%3D%2F%3B%20HttpOnly&X-Count=7"}
          hops: {url: /redirect/2}
          missing: {url: /status/404}
        """))
        let runner = try WorkspaceRunner(workspace: workspace, options: options)
        let scope = VariableScope(variables: ["author": "Courier Demo"])

        let json = try await Self.facts("json", runner)
        let jsonResults = try Self.results([
            "status == 200", "contentType contains json", "$.slideshow.author == \"{{author}}\"", "$.slideshow.slides count == 2",
            "$.slideshow.slides[1].items includes \"Who uses Courier\"", "$.slideshow.date isIsoDate", "$.slideshow.title matches /^Sample/",
            "bytes == \(json.body.count)", "sha256 == \"\(SHA256Hex.of(json.body))\"", "duration < 10000", "duration >= 0",
            "url endsWith /json", "redirects == 0", "body contains slideshow", "header Content-Length == \(json.body.count)",
        ], on: json, scope: scope)
        #expect(jsonResults.filter { !$0.passed }.map(\.summary) == [])

        let html = try await Self.facts("html", runner)
        #expect(try Self.results(["xpath //title == \"Courier demo server\"", "xpath //a/@href == /get", "xpath count(//p) == 1"],
                                 on: html, scope: scope).filter { !$0.passed }.map(\.summary) == [])
        let xml = try await Self.facts("xml", runner)
        #expect(try Self.results(["xpath //slide count == 2", "xpath /slideshow/@author == \"{{author}}\"", "xpath //slide[2]/title == Overview"],
                                 on: xml, scope: scope).filter { !$0.passed }.map(\.summary) == [])

        let cookie = try await Self.facts("cookie", runner)
        #expect(try Self.results(["cookie flavour == oatmeal", "cookie flavour[HttpOnly] exists", "cookie flavour[Path] == /", "header X-Count > 5"],
                                 on: cookie, scope: scope).filter { !$0.passed }.map(\.summary) == [])

        let hops = try await Self.facts("hops", runner)
        #expect(try Self.results(["redirects == 2", "url endsWith /get"], on: hops, scope: scope).filter { !$0.passed }.map(\.summary) == [])

        let missing = try await Self.facts("missing", runner)
        let failures = try Self.results(["status == 200", "status in [200, 201]", "$.id exists", "status >= 400"], on: missing, scope: scope)
        #expect(failures.map(\.passed) == [false, false, false, true], "every check ran")
        expectEqual(failures[0].summary, "status: expected == 200, got 404")
        expectEqual(failures[1].summary, "status: expected in [200, 201], got 404")
        await server.stop()
    }
}
