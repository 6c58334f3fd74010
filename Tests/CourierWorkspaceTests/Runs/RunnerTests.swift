import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
@testable import CourierWorkspace
import Foundation
import FoundationXML
import GRDB
import Testing
#if canImport(FoundationXML)
#endif

@Suite("Headless runner")
struct RunnerTests {
    let demo = repositoryRoot + "/workspaces/demo.yaml"

    @Test("exit status 0 when every request is ok, 1 when one fails, 2 for bad input")
    func exitCodes() async throws {
        expectEqual(await headlessRun(demo, ["get-args", "created"]).status, 0)
        let failing = await headlessRun(demo, ["json-valid", "json-invalid"])
        expectEqual(failing.status, 1)
        #expect(failing.output.last == failing.output.last.map { _ in "2 requests: 1 ok, 1 failed, 0 skipped, 0 from cache in " }.map { $0 + failing.output.last!.split(separator: " ").suffix(2).joined(separator: " ") })
        let unknown = await headlessRun(demo, ["get-arsg"])
        expectEqual(unknown.status, 2)
        expectEqual(unknown.errors.first?.contains("no request, batch or chain named \"get-arsg\"; did you mean \"get-args\"?"), true)
        let invalid = await headlessRun(writeWorkspace("requests:\n  a: {url: /x, tiemout: 1}\n"), ["a"])
        expectEqual(invalid.status, 2)
        expectEqual(invalid.errors.first?.hasSuffix("ws.yaml:2:16: error: requests.a: unknown key \"tiemout\"; did you mean \"timeout\"? (expected one of: description, method, url, useCDN, args, headers, auth, body, timeout, deadline, maxBodyBytes, priority, cache, validate, accept, response, download, retry, tls, redirects, expect100Timeout, sensitive, cookies, expect, paginate, stream, messages, subprotocols, http, resolve, connectTo, unixSocket, hud, quietErrors, contract, grpc, message, metadata, mock, diff)"), true)
        expectEqual(await headlessRun("/nonexistent.yaml", ["a"]).status, 2)
        #expect(await headlessRun(demo, ["get-args"]) { $0.environment = "nope" }.status == 2)
        #expect(await headlessRun(demo, ["get-args"]) { $0.variables = ["novalue"] }.status == 2)
    }

    @Test("--json prints one object per request with every field, then a summary")
    func jsonLines() async throws {
        let run = await headlessRun(demo, ["get-args", "json-invalid", "cities", "cities"]) { $0.json = true }
        let objects = try Workbench_jsonLines(run.output)
        expectEqual(objects.count, 5)
        for object in objects.dropLast() {
            for key in ["name", "chain", "step", "method", "url", "status", "ok", "skipped", "fromCache", "durationMs", "bytes", "timings", "error"] {
                #expect(object.keys.contains(key), "missing \(key)")
            }
        }
        expectEqual(objects[0]["name"] as? String, "get-args")
        expectEqual(objects[0]["ok"] as? Bool, true)
        let timings = try #require(objects[0]["timings"] as? [String: Any])
        expectEqual(Set(timings.keys), ["dnsMs", "connectMs", "tlsMs", "firstByteMs", "totalMs"])
        let error = try #require(objects[1]["error"] as? [String: Any])
        expectEqual(error["family"] as? String, "validation")
        expectEqual(error["code"] as? Int, -9)
        expectEqual(objects[2]["fromCache"] as? Bool, false)
        expectEqual(objects[3]["fromCache"] as? Bool, true)
        let summary = try #require(objects[4]["summary"] as? [String: Any])
        expectEqual(summary["total"] as? Int, 4)
        expectEqual(summary["ok"] as? Int, 3)
        expectEqual(summary["failed"] as? Int, 1)
        expectEqual(summary["fromCache"] as? Int, 1)
        expectEqual(run.status, 1)
    }

    @Test("the checkout chain captures, redacts the token and skips the platinum branch")
    func chain() async throws {
        let run = await headlessRun(demo, ["checkout"]) { $0.json = true }
        expectEqual(run.status, 0)
        let objects = try Workbench_jsonLines(run.output)
        #expect(objects.compactMap { $0["name"] as? String } == ["login", "profile", "orders", "checkout-order", "vip-offer"])
        #expect(objects.compactMap { $0["step"] as? Int } == [1, 2, 2, 3, 4])
        #expect(objects.dropLast().allSatisfy { $0["chain"] as? String == "checkout" })
        expectEqual((objects[0]["captures"] as? [String: String])?["token"], Redaction.placeholder)
        expectEqual((objects[2]["captures"] as? [String: String])?["orderId"], "101")
        expectEqual((objects[3]["captures"] as? [String: String])?["confirmation"], "confirmed")
        expectEqual(objects[4]["skipped"] as? Bool, true)
        expectEqual(objects[4]["ok"] as? Bool, false)
        #expect(!run.output.joined().contains("secret"))
        let human = await headlessRun(demo, ["checkout"])
        #expect(human.output.contains("  step 2 profile ∥ orders  succeeded  captured orderId=101, tier=gold, userName=Demo User"))
        #expect(human.output.contains("  step 4 vip-offer  skipped (when tier == \"platinum\")"))
    }

    @Test("a failed chain step leaves the later steps not run")
    func failedChain() async throws {
        let path = writeWorkspace("""
            config: {baseUrl: "{{demo}}"}
            requests:
              broken: {url: /status/500}
              after: {url: /get}
            chains:
              c: {steps: [broken, after]}
            """)
        let run = await headlessRun(path, ["c"]) { $0.json = true }
        expectEqual(run.status, 1)
        let objects = try Workbench_jsonLines(run.output)
        expectEqual(objects[0]["ok"] as? Bool, false)
        expectEqual((objects[0]["error"] as? [String: Any])?["code"] as? Int, -8)
        expectEqual(objects[1]["skipped"] as? Bool, true)
        expectEqual(objects[1]["skipReason"] as? String, "not run: an earlier step failed")
    }

    @Test("JUnit output parses back with one testcase per request")
    func junit() async throws {
        let file = temporaryDirectory() + "/report.xml"
        let run = await headlessRun(demo, ["get-args", "json-invalid", "checkout"]) { $0.junitPath = file; $0.quiet = true }
        expectEqual(run.status, 1)
        expectEqual(run.output.count, 2)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: file))
        let cases = try document.nodes(forXPath: "//testcase")
        expectEqual(cases.count, 7)
        expectEqual(try document.nodes(forXPath: "//testsuite").count, 3)
        expectEqual(try document.nodes(forXPath: "//testcase/failure").count, 1)
        expectEqual(try document.nodes(forXPath: "//testcase/skipped").count, 1)
        let root = try #require(document.rootElement())
        expectEqual(root.attribute(forName: "tests")?.stringValue, "7")
        expectEqual(root.attribute(forName: "failures")?.stringValue, "1")
    }

    @Test("everything in demo.yaml is green except the request meant to fail; a second run is served from the cache")
    func wholeDemo() async throws {
        // A copy of the demo beside its downloads: a download path must be inside the
        // workspace's folder (PathConfinement).
        let folder = temporaryDirectory("courier-demo")
        try FileManager.default.copyItem(atPath: demo, toPath: folder + "/demo.yaml")
        try FileManager.default.copyItem(atPath: repositoryRoot + "/workspaces/files", toPath: folder + "/files")
        // Its `expect: {schema: FILE}` files are read when the workspace loads.
        try FileManager.default.copyItem(atPath: repositoryRoot + "/workspaces/schemas", toPath: folder + "/schemas")
        let downloads = folder + "/downloads/"
        let run = await headlessRun(folder + "/demo.yaml", ["everything", "checkout", "cities"]) {
            $0.json = true
            $0.variables = ["downloads=\(downloads)"]
        }
        let objects = try Workbench_jsonLines(run.output).dropLast()
        let failed = objects.filter { $0["ok"] as? Bool == false && $0["skipped"] as? Bool == false }
        #expect(failed.compactMap { $0["name"] as? String } == ["json-invalid"], "\(failed)")
        expectEqual(objects.count, 32)
        #expect(objects.filter { $0["skipped"] as? Bool == true }.compactMap { $0["name"] as? String } == ["vip-offer"])
        #expect(objects.filter { $0["name"] as? String == "cities" }.map { $0["fromCache"] as? Bool } == [false, true])
        expectEqual(run.status, 1)
        let download = objects.first { $0["name"] as? String == "download" }
        let file = try #require(download?["file"] as? String)
        expectEqual(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int, 8_388_608)
    }

    @Test("a placeholder with no value fails the request before any network use")
    func runtimeUndefined() async throws {
        let run = await headlessRun(demo, ["profile"]) { $0.json = true }
        expectEqual(run.status, 1)
        let error = try #require(try Workbench_jsonLines(run.output).first?["error"] as? [String: Any])
        expectEqual(error["family"] as? String, "parameter")
        expectEqual(error["code"] as? Int, -10)
        #expect(error["message"] as? String == "Invalid parameters: profile: undefined variable {{token}}")
    }

    @Test("a POST that fails before sending is reported as a POST, in text and JSON")
    func failedBeforeSendingKeepsItsMethod() async throws {
        // {{token}} is captured by the chain, so the file loads; sent alone, it has no value.
        let path = writeWorkspace("""
        requests:
          login: {url: "http://127.0.0.1:9/login"}
          create:
            method: POST
            url: "http://127.0.0.1:9/items/{{token}}"
        chains:
          flow:
            steps:
              - {request: login, capture: {token: $.token}}
              - create
        """)
        let json = await headlessRun(path, ["create"]) { $0.json = true }
        expectEqual(try Workbench_jsonLines(json.output).first?["method"] as? String, "POST")
        let text = await headlessRun(path, ["create"])
        #expect(text.output.contains { $0.contains("POST") }, "\(text.output)")
        #expect(!text.output.contains { $0.contains("GET") }, "\(text.output)")
    }

    @Test("every sent request is recorded in the history database, redacted, 0600 in a 0700 folder")
    func history() async throws {
        let state = temporaryDirectory("courier-state")
        _ = await headlessRun(demo, ["basic-auth", "checkout"]) { $0.stateDirectory = state }
        let store = try HistoryStore(stateDirectory: state)
        let rows = try store.exchangesWithBodies()
        expectEqual(rows.map(\.request), ["basic-auth", "login", "profile", "orders", "checkout-order"])
        expectEqual(Set(rows.map(\.runID)).count, 1)
        #expect(rows.dropFirst().allSatisfy { $0.chain == "checkout" })
        expectEqual(rows.map(\.step), [nil, 1, 2, 2, 3])
        let login = try #require(rows.first { $0.request == "login" })
        #expect(login.requestBody.map { String(decoding: $0, as: UTF8.self) }?.contains("\"password\":\"‹redacted›\"") == true)
        #expect(login.responseBody.map { String(decoding: $0, as: UTF8.self) }?.contains("‹redacted›") == true)
        expectEqual(login.responseBodySHA256?.count, 64)
        #expect(login.timings != nil)
        // The password ("secret") and the token are nowhere in the file.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: store.path))
        expectEqual(bytes.range(of: Data("secret".utf8)), nil)
        expectEqual(try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int, 0o600)
        expectEqual(try FileManager.default.attributesOfItem(atPath: state)[.posixPermissions] as? Int, 0o700)
    }

    @Test("a history database and folder found looser are made the owner's alone again")
    func historyPermissionsAreTightened() async throws {
        let state = temporaryDirectory("courier-state")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: state)
        FileManager.default.createFile(atPath: state + "/history.sqlite", contents: Data(), attributes: [.posixPermissions: 0o644])
        _ = await headlessRun(demo, ["get-args"]) { $0.stateDirectory = state }
        expectEqual(try FileManager.default.attributesOfItem(atPath: state)[.posixPermissions] as? Int, 0o700)
        expectEqual(try FileManager.default.attributesOfItem(atPath: state + "/history.sqlite")[.posixPermissions] as? Int, 0o600)
        expectEqual(try HistoryStore(stateDirectory: state).count(), 1)
    }

    @Test("a history database that is a symbolic link is refused, clearly, and its target keeps its mode")
    func historyThroughASymbolicLinkIsRefused() async throws {
        let state = temporaryDirectory("courier-state")
        let elsewhere = temporaryDirectory("courier-elsewhere") + "/system-file"
        FileManager.default.createFile(atPath: elsewhere, contents: Data("keep me".utf8), attributes: [.posixPermissions: 0o644])
        try FileManager.default.createSymbolicLink(atPath: state + "/history.sqlite", withDestinationPath: elsewhere)
        #expect(throws: OwnerOnlyError.self) { try HistoryStore(stateDirectory: state) }
        let run = await headlessRun(demo, ["get-args"]) { $0.stateDirectory = state }
        #expect(run.status == 0, "the run goes on")
        #expect(run.errors.contains { $0.contains("symbolic link") }, "\(run.errors)")
        expectEqual(try FileManager.default.attributesOfItem(atPath: elsewhere)[.posixPermissions] as? Int, 0o644)
        expectEqual(try String(contentsOfFile: elsewhere, encoding: .utf8), "keep me")
        // A link where SQLite would put its journal is refused too.
        let other = temporaryDirectory("courier-state")
        try FileManager.default.createSymbolicLink(atPath: other + "/history.sqlite-journal", withDestinationPath: elsewhere)
        #expect(throws: OwnerOnlyError.self) { try HistoryStore(stateDirectory: other) }
    }

    @Test("a history database locked by another process is reported once and the run goes on")
    func lockedHistoryDoesNotStopARun() async throws {
        let state = temporaryDirectory("courier-state")
        _ = try HistoryStore(stateDirectory: state)   // created and migrated
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true   // the lock is held across accesses on purpose
        let other = try DatabaseQueue(path: state + "/history.sqlite", configuration: configuration)
        try await other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
        let run = await headlessRun(demo, ["get-args", "created"]) { $0.stateDirectory = state }
        try await other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        expectEqual(run.status, 0)
        #expect(run.output.filter { $0.contains("✓") }.count == 2)
        let warnings = run.errors.filter { $0.contains("history") }
        expectEqual(warnings.count, 1)
        #expect(warnings.first?.contains("locked") == true, "\(warnings)")
        expectEqual(try HistoryStore(stateDirectory: state).count(), 0)
    }

    @Test("a corrupt history database is reported once and the run goes on, its output whole")
    func corruptHistoryDoesNotStopARun() async throws {
        let state = temporaryDirectory("courier-state")
        try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: state + "/history.sqlite"))
        let run = await headlessRun(demo, ["get-args", "created", "basic-auth"]) { $0.stateDirectory = state }
        expectEqual(run.status, 0)
        #expect(run.output.filter { $0.contains("✓") }.count == 3)
        let warnings = run.errors.filter { $0.contains("history") }
        expectEqual(warnings.count, 1)
        expectEqual(warnings.first?.contains("cannot open the history database"), true)
    }
}

/// `jsonLines` from the support file (a name that does not clash with the test method).
func Workbench_jsonLines(_ lines: [String]) throws -> [[String: Any]] { try jsonLines(lines) }
