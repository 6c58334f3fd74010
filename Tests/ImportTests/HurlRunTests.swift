import Courier
import CourierDemoServer
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// Imported Hurl files sent to the demo server: what arrives is what the file describes, and
/// the asserts, now checks, pass or fail as hurl's would.
@Suite struct HurlRunTests {
    /// A Hurl file written against the demo server: a capture feeds the next entry.
    static let demoFile = """
        # slideshow
        GET {{demo}}/json
        HTTP 200
        [Captures]
        title: jsonpath "$.slideshow.title"
        [Asserts]
        header "Content-Type" contains "json"
        jsonpath "$.slideshow.slides" count == 2
        jsonpath "$.slideshow.title" isString
        jsonpath "$.slideshow.slides[0].title" startsWith "Wake up"
        duration < 10000

        # echo
        GET {{demo}}/anything/echo
        [Query]
        title: {{title}}
        HTTP 200
        [Asserts]
        jsonpath "$.args.title" == "Sample Slide Show"
        jsonpath "$.method" == "GET"
        """

    /// A fixture imported with its Hurl test server's origin replaced by the demo server's echo.
    static func importedAgainstDemo(_ name: String) throws -> ImportedWorkspace {
        let text = try HurlImportTests.text(name).replacingOccurrences(of: "http://localhost:8000/", with: "{{demo}}/anything/")
        return try HurlImport.result(text: text, file: "\(name).hurl").workspace
    }

    @Test func aHurlFileOfTheDemoServerRunsAsAChainWithItsChecks() async throws {
        let workspace = try HurlImport.result(text: Self.demoFile, file: "demo.hurl").workspace
        let run = try await runAgainstDemo(workspace.yaml(), ["demo"])
        #expect(run.status == 0, "\(run.errors) \(run.results)")
        let echo = try #require(run.result("echo"))
        expectEqual(echo["ok"] as? Bool, true)
        expectEqual((echo["checks"] as? [[String: Any]])?.count, 3)
        expectEqual(run.received("/anything/echo")?.query, "title=Sample%20Slide%20Show")
    }

    @Test func aFailingAssertFailsTheImportedRequest() async throws {
        let broken = Self.demoFile.replacingOccurrences(of: "count == 2", with: "count == 3")
        let workspace = try HurlImport.result(text: broken, file: "demo.hurl").workspace
        let run = try await runAgainstDemo(workspace.yaml(), ["slideshow"])
        #expect(run.status != 0)
        let checks = try #require(run.result("slideshow")?["checks"] as? [[String: Any]])
        #expect(checks.contains { $0["check"] as? String == "$.slideshow.slides count == 3" && $0["passed"] as? Bool == false })
    }

    @Test func hurlsFormMultipartAndMultilineBodiesArriveAsWritten() async throws {
        var workspace = try Self.importedAgainstDemo("form_params")
        let multipart = try Self.importedAgainstDemo("multipart_form_data")
        let multilines = try Self.importedAgainstDemo("post_multilines")
        workspace.requests += multipart.requests + multilines.requests.filter { $0.definition.name != "get-anything-get-bob-age" }
        workspace.chains = [.init(name: "bodies", steps: [
            .init(request: "post-anything-form-params", captures: [("form", "$.form")]),
            .init(request: "same-version-as-raw", captures: [("raw", "$.form")]),
            .init(request: "on-can-use-the-dedicated-multipartformdata-section", captures: [("fields", "$.form"), ("files", "$.files")]),
            .init(request: "post-anything-post-multilines", captures: [("csv", "$.data")]),
            .init(request: "post-anything-post-multilines-raw", captures: [("rawCSV", "$.data")]),
        ])]
        workspace.variables.append(("bob_age", "10"))
        let run = try await runAgainstDemo(workspace.yaml(), ["bodies"],
                                           files: ["data.txt": "Hello World!", "data.html": "<div>Hello <b>World</b>!</div>"])
        #expect(run.status == 0, "\(run.errors)")
        let captures = run.results.compactMap { $0["captures"] as? [String: String] }.reduce(into: [String: String]()) { $0.merge($1) { a, _ in a } }
        let form = try #require(captures["form"].flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] })
        expectEqual(form, ["param1": "value1", "param2": "", "param3": "a=b", "param4": "a%3db", "values[0]": "0", "values[1]": "1"])
        expectEqual(captures["raw"], captures["form"])
        expectEqual(captures["fields"]?.contains("\"key1\":\"value1\""), true)
        expectEqual(captures["files"]?.contains("Hello World!"), true)
        expectEqual(captures["csv"], "name,age\nbob,10\nbill,22\n")
        #expect(captures["rawCSV"] == "name,age\nbob,{{bob_age}}\nbill,22\n")
    }

    @Test func anExportedWorkspaceRunsUnderHurlItselfWhenItIsInstalled() async throws {
        guard let hurl = ["/usr/bin/hurl", "/usr/local/bin/hurl"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("HurlRunTests: skipped running hurl --test: hurl is not installed (Debian has no hurl package)")
            return
        }
        guard let server = try? await DemoServer.start() else { Issue.record("no demo server"); return }
        let workspace = try Workspace.parse(yaml: try HurlImport.result(text: Self.demoFile, file: "demo.hurl").workspace.yaml(), file: "demo.yaml")
        let directory = importTemporaryDirectory()
        try HurlExport.result(workspace: workspace, names: ["demo"]).text.write(toFile: directory + "/demo.hurl", atomically: true, encoding: .utf8)
        let arguments = ["--test", "--variable", "demo=\(server.baseURL)", directory + "/demo.hurl"]
        // Off the pool: hurl talks to this process's demo server, whose handlers need it.
        let status = try await offThePool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: hurl)
            process.arguments = arguments
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        await server.stop()
        expectEqual(status, 0)
    }
}
