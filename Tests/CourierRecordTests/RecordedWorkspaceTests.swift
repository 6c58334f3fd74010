import Courier
@testable import CourierImport
@testable import CourierRecord
import CourierWorkspace
import Foundation
import Testing

/// The workspace a recording becomes: requests folded by path template, identifiers, origins
/// and credentials as variables, none written in clear.
@Suite struct RecordedWorkspaceTests {
    static func exchange(_ method: String, _ url: String, headers: [(String, String)] = [], body: String = "", status: Int = 200) -> RecordedExchange {
        var exchange = RecordedExchange(date: Date(timeIntervalSince1970: 1_800_000_000), method: method, url: url, httpVersion: "HTTP/1.1",
                                        requestHeaders: headers.map { RecordedExchange.Header(name: $0.0, value: $0.1) }, requestBody: Data(body.utf8))
        exchange.status = status
        return exchange
    }

    @Test func pathsAreTemplatedAndFolded() {
        var recording = HARRecording()
        expectEqual(recording.template("/users/42/orders/7"), "/users/{{userId}}/orders/{{orderId}}")
        expectEqual(recording.template("/users/42"), "/users/{{userId}}")
        expectEqual(recording.template("/users/8"), "/users/{{userId2}}")
        expectEqual(recording.template("/categories/3f2504e0-4f89-11d3-9a0c-0305e82c3301"), "/categories/{{categoryId}}")
        expectEqual(recording.template("/7"), "/{{id}}")
        expectEqual(recording.template("/status/418"), "/status/{{statusId}}")
        expectEqual(HARRecording.shape(of: "/users/42/orders/7"), "/users/{}/orders/{}")
        let first = recording.isNew(method: "GET", origin: "http://a", shape: "/users/{}")
        let again = recording.isNew(method: "GET", origin: "http://a", shape: "/users/{}")
        let otherMethod = recording.isNew(method: "DELETE", origin: "http://a", shape: "/users/{}")
        #expect(first && !again && otherMethod)
        expectEqual(recording.folded, 1)
    }

    /// A credential where the importer does not look for one: in an earlier request's path and
    /// query (referenced once the later request shows it is a secret), in a field whose name says
    /// nothing (hidden by the last guard).
    @Test func aCredentialAnywhereElseIsReferencedOrHidden() throws {
        let exchanges = [
            Self.exchange("GET", "http://127.0.0.1:8081/tokens/tok-early-9911?t=tok-early-9911"),
            Self.exchange("POST", "http://127.0.0.1:8081/echo", headers: [("Content-Type", "application/json")],
                          body: #"{"note":"tok-early-9911","n":1}"#),
            Self.exchange("GET", "http://127.0.0.1:8081/me", headers: [("Authorization", "Bearer tok-early-9911")]),
        ]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = RecordingFiles(workspace: directory + "/api.yaml", har: directory + "/api.har", origin: "test")
        try files.write(exchanges)
        let yaml = try String(contentsOfFile: directory + "/api.yaml", encoding: .utf8)
        #expect(yaml.contains("url: /tokens/{{secret.token}}?t={{secret.token}}\n"), "\(yaml)")
        #expect(yaml.contains("note: ‹redacted›"), "\(yaml)")
        #expect(!yaml.contains("tok-early-9911"), "\(yaml)")
        #expect(!(try String(contentsOfFile: directory + "/api.har", encoding: .utf8)).contains("tok-early-9911"))
        _ = try Workspace.load(path: directory + "/api.yaml")
    }

    @Test func theWorkspaceHoldsNoCredential() throws {
        let exchanges = [
            Self.exchange("GET", "http://127.0.0.1:8081/users/42?page=2&access_token=tok-in-query-123",
                          headers: [("Authorization", "Bearer sekrit-token-abc"), ("Accept", "application/json")]),
            Self.exchange("GET", "http://127.0.0.1:8081/users/43?page=1&access_token=tok-in-query-123",
                          headers: [("Authorization", "Bearer sekrit-token-abc")]),
            Self.exchange("POST", "http://127.0.0.1:8081/login", headers: [("Content-Type", "application/json"), ("Cookie", "session=cookie-value-xyz")],
                          body: #"{"user":"ann","password":"pa55word-qq"}"#, status: 201),
            Self.exchange("GET", "https://localhost:8443/basic", headers: [("Authorization", "Basic " + Data("ann:basic-pw-77".utf8).base64EncodedString())],
                          status: 401),
            Self.exchange("GET", "http://127.0.0.1:8081/basic-auth/ann/path-pw-55",
                          headers: [("Authorization", "Basic " + Data("ann:path-pw-55".utf8).base64EncodedString())]),
        ]
        let files = RecordingFiles(workspace: nil, har: nil, origin: "record through 127.0.0.1:8080")
        let result = files.workspace(of: exchanges)
        let yaml = result.workspace.yaml()
        for secret in ["sekrit-token-abc", "tok-in-query-123", "cookie-value-xyz", "pa55word-qq", "basic-pw-77", "path-pw-55",
                       Data("ann:basic-pw-77".utf8).base64EncodedString()] {
            #expect(!yaml.contains(secret), "\(secret) in\n\(yaml)")
        }
        #expect(yaml.contains("baseUrl: \"{{baseUrl}}\""), "\(yaml)")
        #expect(yaml.contains("    token: {env: COURIER_RECORDED_TOKEN}"), "\(yaml)")
        #expect(yaml.contains("url: /users/{{userId}}?page=2&access_token={{secret.access_token}}\n"), "\(yaml)")
        #expect(yaml.contains("{{localhost_url}}/basic"), "\(yaml)")
        #expect(yaml.contains("status == 401"), "\(yaml)")
        #expect(yaml.contains("url: /basic-auth/ann/{{secret.password3}}\n"), "\(yaml)")
        expectEqual(result.workspace.requests.count, 4)
        // The file loads as a workspace.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try yaml.write(toFile: directory + "/recorded.yaml", atomically: true, encoding: .utf8)
        let workspace = try Workspace.load(path: directory + "/recorded.yaml")
        expectEqual(workspace.environmentNames, ["recorded"])
        // The HAR hides them too.
        let har = String(decoding: RecordedHAR.redacted(exchanges), as: UTF8.self)
        for secret in ["sekrit-token-abc", "tok-in-query-123", "cookie-value-xyz", "pa55word-qq", "basic-pw-77"] {
            #expect(!har.contains(secret), "\(secret) in the HAR")
        }
    }
}
