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
import Testing

/// `courier history --har`: the recorded exchanges of real runs against the demo server, as
/// HAR 1.2, checked field by field against the specification's required members.
@Suite struct HARExportTests {
    let demo = repositoryRoot + "/workspaces/demo.yaml"

    /// `courier history --har` streams the document one exchange at a time; what it writes
    /// is the same document as the one built in memory, for every selection.
    @Test func theStreamedFileIsTheSameDocument() async throws {
        let state = temporaryDirectory("courier-state")
        _ = await headlessRun(demo, ["login", "get-args"]) { $0.stateDirectory = state }
        _ = await headlessRun(demo, ["server-error", "refused", "get-args"]) { $0.stateDirectory = state }
        let store = try HistoryStore(stateDirectory: state)
        var failed = HistoryQuery()
        failed.failedOnly = true
        var lastTwo = HistoryQuery()
        lastTwo.last = 2
        var none = HistoryQuery()
        none.request = "no-such-request"
        for query in [HistoryQuery(), failed, lastTwo, none] {
            let path = temporaryDirectory("courier-har") + "/out.har"
            let count = try HARExport.write(from: store, query: query, to: path, creatorVersion: "9.9")
            let expected = try store.exchangesWithBodies(query)
            expectEqual(count, expected.count)
            let streamed = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? NSDictionary
            let built = try JSONSerialization.jsonObject(with: HARExport.text(expected, creatorVersion: "9.9")) as? NSDictionary
            #expect(streamed != nil && streamed == built, "query \(query)")
            expectEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent) == ["out.har"],
                    "no partial file left")
        }
    }

    @Test func recordedRunsExportAsHAR12FieldByField() async throws {
        let state = temporaryDirectory("courier-state")
        _ = await headlessRun(demo, ["login", "get-args"]) { $0.stateDirectory = state }
        _ = await headlessRun(demo, ["server-error", "refused"]) { $0.stateDirectory = state }
        let exchanges = try HistoryStore(stateDirectory: state).exchangesWithBodies()
        expectEqual(exchanges.count, 4)
        let data = HARExport.text(exchanges, creatorVersion: "9.9")
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let log = try #require(root["log"] as? [String: Any])
        expectEqual(log["version"] as? String, "1.2")
        expectEqual((log["creator"] as? [String: Any])?["name"] as? String, "Courier")
        expectEqual((log["creator"] as? [String: Any])?["version"] as? String, "9.9")
        let pages = try #require(log["pages"] as? [[String: Any]])
        expectEqual(pages.count, 2)   // one per run
        for page in pages {
            for key in ["startedDateTime", "id", "title", "pageTimings"] { #expect(page[key] != nil, "page.\(key)") }
        }
        let entries = try #require(log["entries"] as? [[String: Any]])
        expectEqual(entries.count, 4)
        let pageIDs = Set(pages.compactMap { $0["id"] as? String })
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for entry in entries {
            for key in ["pageref", "startedDateTime", "time", "request", "response", "cache", "timings"] { #expect(entry[key] != nil, "entry.\(key)") }
            #expect(pageIDs.contains(entry["pageref"] as? String ?? ""))
            #expect(iso.date(from: entry["startedDateTime"] as? String ?? "") != nil)
            let request = try #require(entry["request"] as? [String: Any])
            for key in ["method", "url", "httpVersion", "cookies", "headers", "queryString", "headersSize", "bodySize"] {
                #expect(request[key] != nil, "request.\(key)")
            }
            let response = try #require(entry["response"] as? [String: Any])
            for key in ["status", "statusText", "httpVersion", "cookies", "headers", "content", "redirectURL", "headersSize", "bodySize"] {
                #expect(response[key] != nil, "response.\(key)")
            }
            let content = try #require(response["content"] as? [String: Any])
            #expect(content["size"] is Int && content["mimeType"] is String)
            let timings = try #require(entry["timings"] as? [String: Any])
            for key in ["send", "wait", "receive"] { #expect(((timings[key] as? NSNumber)?.doubleValue ?? -1) >= 0, "timings.\(key)") }
            for key in ["blocked", "dns", "connect", "ssl"] { #expect(((timings[key] as? NSNumber)?.doubleValue ?? -2) >= -1, "timings.\(key)") }
        }
        let login = entries[0]
        let request = try #require(login["request"] as? [String: Any])
        expectEqual(request["method"] as? String, "POST")
        let post = try #require(request["postData"] as? [String: Any])
        expectEqual(post["mimeType"] as? String, "application/json")
        expectEqual((post["text"] as? String)?.contains("‹redacted›"), true)   // the password
        let response = try #require(login["response"] as? [String: Any])
        expectEqual(response["status"] as? Int, 200)
        expectEqual(response["statusText"] as? String, "OK")
        expectEqual(((response["content"] as? [String: Any])?["text"] as? String)?.contains("\"token\":\"‹redacted›\""), true)
        let getArgs = try #require(entries[1]["request"] as? [String: Any])
        let query = try #require(getArgs["queryString"] as? [[String: String]])
        #expect(query.contains { $0["name"] == "lang" && $0["value"] == "swift" })
        expectEqual((entries[2]["response"] as? [String: Any])?["status"] as? Int, 500)
        let refused = entries[3]
        expectEqual((refused["response"] as? [String: Any])?["status"] as? Int, 0)
        expectEqual((refused["_error"] as? String)?.hasPrefix("transport -1004"), true)
    }
}
