import Courier
import CourierRecord
@testable import CourierRunner
import CourierWorkspace
import Foundation
import Synchronization
import Testing

/// `courier record`'s proxy with clients and servers nobody here wrote: curl and Python's
/// requests, through the proxy, to httpbin over HTTP and to nginx over HTTPS (CONNECT with
/// the recording CA). The written workspace replays every request with the status it was
/// recorded with; the HAR reads in haralyzer; no credential of the traffic is in any file.
@Suite struct RecordThroughProxyTests {
    /// nginx's locations: items by number, and a page that wants an API key.
    static let locations = """
            location /items/ { return 200 "item $uri\\n"; }
            location = /private { if ($http_x_api_key != "rec-key-9999") { return 401 "no key\\n"; } return 200 "private\\n"; }
    """
    static let credentials = ["rec-token-4242", "rec-pass-777", "rec-cookie-31337", "rec-key-9999", "rec-basic-55",
                              Data("ann:rec-basic-55".utf8).base64EncodedString()]

    @Test func trafficThroughTheProxyBecomesAWorkspaceThatReplays() async throws {
        let httpbin = try await HTTPBinServer.required()
        defer { httpbin.stop() }
        let nginx = try NginxTLSServer.start(locations: Self.locations)
        defer { nginx.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-record-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let authority = try RecordingAuthority(directory: directory + "/state/record")
        #expect(authority.isNew)
        let permissions = { (path: String) in (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1 }
        expectEqual(try permissions(directory + "/state/record"), 0o700)
        expectEqual(try permissions(directory + "/state/record/courier-record-ca-key.pem"), 0o600)
        // Made once: a second start reads it.
        #expect(try !RecordingAuthority(directory: directory + "/state/record").isNew)

        let recorded = Mutex<[RecordedExchange]>([])
        let proxy = try await RecordingProxy.start(port: 0, authority: authority, upstreamCAFile: nginx.caFile) { exchange in
            recorded.withLock { $0.append(exchange) }
        }
        let proxyURL = "http://127.0.0.1:\(proxy.port)"
        let https = "https://localhost:\(nginx.port)"
        func curl(_ arguments: [String]) async throws -> String {
            try await ChildProcess.finish(["/usr/bin/curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--proxy", proxyURL,
                                           "--cacert", authority.certificateFile] + arguments).output
        }
        expectEqual(try await curl([httpbin.baseURL + "/anything/users/42?page=1"]), "200")
        expectEqual(try await curl(["-H", "Authorization: Bearer rec-token-4242", httpbin.baseURL + "/bearer"]), "200")
        expectEqual(try await curl([httpbin.baseURL + "/status/418"]), "418")
        expectEqual(try await curl(["-H", "Content-Type: application/json", "-H", "Cookie: session=rec-cookie-31337",
                                    "--data", #"{"name":"widget","password":"rec-pass-777"}"#, httpbin.baseURL + "/post"]), "200")
        expectEqual(try await curl([https + "/items/7"]), "200")
        expectEqual(try await curl(["-H", "X-Api-Key: rec-key-9999", https + "/private"]), "200")
        // Python's requests: HTTP with basic auth, HTTPS trusting the recording CA, and two
        // exchanges folded into requests recorded above.
        let script = """
            import requests, sys
            proxies = {"http": sys.argv[1], "https": sys.argv[1]}
            print(requests.get(sys.argv[2] + "/basic-auth/ann/rec-basic-55", auth=("ann", "rec-basic-55"), proxies=proxies).status_code)
            print(requests.get(sys.argv[3] + "/items/9", proxies=proxies, verify=sys.argv[4]).status_code)
            print(requests.get(sys.argv[2] + "/anything/users/43?page=2", proxies=proxies).status_code)
            """
        let python = try await ChildProcess.finish([HTTPBinServer.python.path, "-c", script, proxyURL, httpbin.baseURL, https,
                                                    authority.certificateFile])
        expectEqual(python.output.split(separator: "\n"), ["200", "200", "200"])
        await proxy.stop()

        // Every exchange was recorded before its client had the answer.
        let exchanges = recorded.withLock { $0 }
        expectEqual(exchanges.map { $0.status ?? 0 }.sorted(), [200, 200, 200, 200, 200, 200, 200, 200, 418])
        let files = RecordingFiles(workspace: directory + "/api.yaml", har: directory + "/out.har", origin: "record through \(proxy.address)")
        var withCA = files
        withCA.upstreamCAFile = nginx.caFile
        try withCA.write(exchanges)
        for file in ["api.yaml", "out.har"] {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            for secret in Self.credentials { #expect(!text.contains(secret), "\(secret) is in \(file)") }
        }
        expectEqual(try permissions(directory + "/out.har"), 0o600)

        // The HAR in haralyzer: every exchange, with its status.
        let har = """
            import sys
            from haralyzer import HarParser
            import json
            parser = HarParser(json.load(open(sys.argv[1])))
            for page in parser.pages:
                for entry in page.entries:
                    print(entry.request.method, entry.response.status)
            """
        let entries = try await ChildProcess.finish([HTTPBinServer.python.path, "-c", har, directory + "/out.har"])
        expectEqual(entries.output.split(separator: "\n").sorted(), ["GET 200", "GET 200", "GET 200", "GET 200", "GET 200", "GET 200",
                                                                       "GET 200", "GET 418", "POST 200"])

        // The workspace replays: each request, in the environment recorded, with the
        // credentials from the environment variables its config.secrets names.
        let yaml = try String(contentsOfFile: directory + "/api.yaml", encoding: .utf8)
        let workspace = try Workspace.load(path: directory + "/api.yaml")
        var options = RunOptions()
        options.environment = "recorded"
        options.ignoreCache = true
        options.cacheDirectory = directory + "/cache"
        options.stateDirectory = directory + "/state"
        options.processEnvironment = [
            "COURIER_RECORDED_TOKEN": "rec-token-4242", "COURIER_RECORDED_COOKIE_SESSION": "rec-cookie-31337",
            "COURIER_RECORDED_PASSWORD": "rec-pass-777", "COURIER_RECORDED_X_API_KEY": "rec-key-9999",
            "COURIER_RECORDED_PASSWORD2": "rec-basic-55",
        ]
        let runner = try WorkspaceRunner(workspace: workspace, options: options)
        var statuses: [String: Int] = [:]
        for name in workspace.requestNames {
            let request = runner.makeRequest(name)
            _ = try? await request.run()
            statuses[name] = request.response == nil ? -1 : request.responseStatusCode
        }
        #expect(statuses == ["get-anything-users-userid": 200, "get-bearer": 200, "get-status-statusid": 418, "post-post": 200,
                             "get-items-itemid": 200, "get-private": 200, "get-basic-auth-ann-redacted": 200], "\(yaml)")
    }
}
