import Courier
@testable import CourierChecks
import CourierDemoServer
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
@testable import CourierWorkspace
import Foundation
import Testing

/// `courier run` with responses of any type (`response: auto`, the workspace default) and
/// any method, against httpbin and the demo server; export-curl and HAR with such methods.
@Suite("courier run: any response type and method")
struct AnyTypeAndMethodRunTests {
    @Test("an HTML page, a PNG and robots.txt from httpbin are ✓ and exit 0; /json is parsed")
    func httpbinTypesAreSuccesses() async throws {
        let server = try await HTTPBinServer.required()
        defer { server.stop() }
        let path = writeWorkspace("""
            config: {baseUrl: "\(server.baseURL)"}
            requests:
              html: {url: /html}
              png: {url: /image/png}
              robots: {url: /robots.txt}
              json: {url: /json, validate: {json: {slideshow: {title: string}}}}
              preflight: {url: /anything, method: OPTIONS}
              trace: {url: /anything, method: TRACE, validate: {json: {method: string}}}
            batches:
              all: {requests: [html, png, robots, json, preflight, trace], continueOnFailure: true}
            """)
        let run = await headlessRun(path, ["all"])
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        for name in ["html", "png", "robots", "json", "preflight", "trace"] {
            #expect(run.output.contains { $0.hasPrefix("  ✓ \(name)  ") }, "\(name): \(run.output)")
        }
        #expect(!run.output.contains { $0.contains("warning:") })
        let lines = try jsonLines(await headlessRun(path, ["trace"]) { $0.json = true }.output)
        expectEqual(lines.first?["method"] as? String, "TRACE")
    }

    @Test("JSON that does not parse: ✓ with the warning under auto, ✗ under response: json")
    func brokenJSONWarnsUnderAuto() async throws {
        let path = writeWorkspace("""
            config: {baseUrl: "{{demo}}"}
            requests:
              auto: {url: /malformed-json}
              strict: {url: /malformed-json, response: json}
              accept: {url: /html, accept: [application/json]}
            """)
        let auto = await headlessRun(path, ["auto"])
        expectEqual(auto.status, 0)
        let line = try #require(auto.output.first { $0.hasPrefix("  ✓ auto") })
        #expect(line.contains("warning: the body is not valid JSON although its content type is application/json"))
        let json = try jsonLines(await headlessRun(path, ["auto"]) { $0.json = true }.output)
        expectEqual((json.first?["warning"] as? String)?.contains("not valid JSON"), true)
        expectEqual(json.first?["ok"] as? Bool, true)

        let strict = await headlessRun(path, ["strict"])
        expectEqual(strict.status, 1)
        #expect(strict.output.contains { $0.hasPrefix("  ✗ strict") && $0.contains("serialization -1017") })
        let accept = await headlessRun(path, ["accept"])
        expectEqual(accept.status, 1)
        #expect(accept.output.contains { $0.hasPrefix("  ✗ accept") && $0.contains("serialization -1016") })
    }

    @Test("offline, an exchange from the history is read as auto read it: broken JSON again with its warning")
    func offlineReplayUnderAuto() async throws {
        let server = try await DemoServer.start()
        let path = writeWorkspace("config: {baseUrl: \"\(server.baseURL)\"}\nrequests:\n  broken: {url: /malformed-json}\n")
        let state = temporaryDirectory("courier-state")
        let online = await headlessRun(path, ["broken"]) { $0.stateDirectory = state }
        await server.stop()
        expectEqual(online.status, 0)
        let offline = await headlessRun(path, ["broken"]) {
            $0.stateDirectory = state
            $0.offline = true
            $0.json = true
        }
        let line = try #require(try jsonLines(offline.output).first)
        expectEqual(line["ok"] as? Bool, true)
        #expect(line["fromHistory"] != nil)
        #expect((line["warning"] as? String)?.contains("not valid JSON") == true, "\(line)")
    }

    @Test("a method that is not a token is refused at its file:line:column")
    func nonTokenMethodIsRefused() async throws {
        let path = writeWorkspace("requests:\n  a:\n    url: /anything\n    method: \"PROP FIND\"\n")
        let run = await headlessRun(path, ["a"])
        expectEqual(run.status, 2)
        #expect(run.errors.first?.hasSuffix("ws.yaml:4:13: error: requests.a.method: \"PROP FIND\" is not an HTTP method "
            + "(a token of letters, digits and !#$%&'*+-.^_`|~, such as GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, TRACE, "
            + "CONNECT, QUERY, PROPFIND); did you mean \"PROPFIND\"?") == true, "\(run.errors)")
    }

    @Test("export-curl writes -X PROPFIND, and import-curl reads it (and -X OPTIONS) back")
    func curlRoundTrip() throws {
        let workspace = try Workspace.parse(yaml: """
            requests:
              propfind:
                method: PROPFIND
                url: https://dav.example.org/files/
                headers: {Depth: "1"}
                body: {text: "<propfind xmlns='DAV:'><allprop/></propfind>", contentType: application/xml}
            """, file: "dav.yaml")
        let runner = try WorkspaceRunner(workspace: workspace, options: RunOptions())
        let command = try CurlExport.command(for: runner.makeRequest("propfind"))
        #expect(command.hasPrefix("curl -X PROPFIND https://dav.example.org/files/ "))
        let yaml = try CurlImport.yaml(from: command, name: "copy")
        #expect(yaml.contains("  method: PROPFIND\n"))
        let copy = try Workspace.parse(yaml: "requests:\n" + yaml.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"), file: "c.yaml")
        expectEqual(copy.requests["copy"]?.method, .propfind)
        #expect(try CurlImport.yaml(from: "curl -X OPTIONS https://h/p").contains("  method: OPTIONS\n"))
        #expect(try CurlImport.yaml(from: "curl -X options https://h/p").contains("  method: OPTIONS\n"))
        #expect(throws: CurlImport.Failure.self) { try CurlImport.yaml(from: "curl -X 'A B' https://h/p") }
    }

    @Test("history and HAR keep a PROPFIND and an OPTIONS preflight as sent")
    func historyAndHAR() async throws {
        let state = temporaryDirectory("courier-state")
        let run = await headlessRun(repositoryRoot + "/workspaces/demo.yaml", ["propfind", "cors-preflight", "png-image"]) {
            $0.stateDirectory = state
        }
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        let store = try HistoryStore(stateDirectory: state)
        let exchanges = try store.exchangesWithBodies()
        expectEqual(Set(exchanges.map(\.method)), ["PROPFIND", "OPTIONS", "GET"])
        #expect(exchanges.filter { !$0.ok }.isEmpty)
        let har = try JSONSerialization.jsonObject(with: HARExport.text(exchanges)) as? [String: Any]
        let entries = try #require((har?["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        let methods = entries.compactMap { ($0["request"] as? [String: Any])?["method"] as? String }
        expectEqual(Set(methods), ["PROPFIND", "OPTIONS", "GET"])
    }
}
