import CourierDemoServer
import CourierImport
import Foundation
import Testing
import CourierWorkspace

/// The imported fixtures run against the demo server as `courier run --json` runs them,
/// chains included, with `body.json` next to the workspace as it is next to the .http file.
@Suite struct HTTPFileRunTests {
    /// `runImported`, with the fixture's body file copied next to the workspace (body files
    /// are relative to it and must be inside its folder).
    private func run(_ fixtureName: String, _ names: [String]) async throws -> (status: Int32, lines: [String: [String: Any]], errors: [String]) {
        let text = String(decoding: try fixture("http/" + fixtureName), as: UTF8.self)
        let yaml = try HTTPFileImport.result(text: text, file: fixtureName).workspace.yaml()
        let run = await runImported(yaml, names, files: ["body.json": try fixture("http/body.json")])
        let output = run.output
        let errors = run.errors
        var lines: [String: [String: Any]] = [:]
        for line in importedJSONLines(output) {
            if let name = line["name"] as? String { lines[name] = line }
        }
        return (run.status, lines, errors + output)
    }

    @Test func restClientChainLogsInAndUsesTheToken() async throws {
        let run = try await run("rest-client.http", ["http-file"])
        #expect(run.status == 0, "\(run.errors)")
        // /profile and /orders answer 200 only with the token /login issued.
        for name in ["login", "profile", "orders"] {
            #expect(run.lines[name]?["status"] as? Int == 200, "\(name): \(run.lines[name] ?? [:])")
        }
        let captures = try #require(run.lines["login"]?["captures"] as? [String: String])
        expectEqual(Set(captures.keys), ["login-token", "login-content-type"])
    }

    @Test func restClientRequestsReachTheServerAsWritten() async throws {
        let names = ["get-search", "form_login", "notes", "file_login", "basic_colon", "basic_words", "typed"]
        let run = try await run("rest-client.http", names)
        #expect(run.status == 0, "\(run.errors)")
        // /login answers 200 only for demo/secret (form fields or JSON from the file), and
        // /basic-auth/demo/secret only for those credentials.
        for name in names {
            #expect(run.lines[name]?["status"] as? Int == 200, "\(name): \(run.lines[name] ?? [:])")
        }
        let url = try #require(run.lines["get-search"]?["url"] as? String)
        #expect(url.hasSuffix("/anything/search?q=courier&page=2"))
    }

    @Test func jetBrainsChainCapturesTheTokenForCheckout() async throws {
        let run = try await run("jetbrains.http", ["http-file"])
        #expect(run.status == 0, "\(run.errors)")
        // /checkout answers 200 only with the token /login issued and an orderId.
        for name in ["login", "checkout", "origin-form"] {
            #expect(run.lines[name]?["status"] as? Int == 200, "\(name): \(run.lines[name] ?? [:])")
        }
        let url = try #require(run.lines["origin-form"]?["url"] as? String)
        #expect(url.hasPrefix("http://127.0.0.1:") && url.hasSuffix("/anything/origin"))
    }

    @Test func jetBrainsUploadBasicAndDynamicRequestsSucceed() async throws {
        let run = try await run("jetbrains.http", ["upload", "basic-base64", "dynamic"])
        #expect(run.status == 0, "\(run.errors)")
        for name in ["upload", "basic-base64", "dynamic"] {
            #expect(run.lines[name]?["ok"] as? Bool == true, "\(name): \(run.lines[name] ?? [:])")
        }
    }
}
