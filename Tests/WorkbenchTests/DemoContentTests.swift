import Foundation
import Testing
@testable import Workbench

@Suite("Demo workspace content")
struct DemoContentTests {
    let demo = repositoryRoot + "/workspaces/demo.yaml"

    @Test("the failures batch fails each request with its error family and code")
    func failures() async throws {
        let run = await headlessRun(demo, ["failures"]) { $0.json = true }
        #expect(run.status == 1)
        var outcomes: [String: String] = [:]
        for object in try jsonLines(run.output).dropLast() {
            let name = try #require(object["name"] as? String)
            let error = object["error"] as? [String: Any]
            outcomes[name] = "\(error?["family"] as? String ?? "none") \(error?["code"] as? Int ?? 0)"
        }
        #expect(outcomes == [
            "refused": "transport -1004",
            "timeout": "transport -1001",
            "tls-failure": "transport -1200",
            "not-json": "serialization -1016",
            "bad-json": "serialization -1017",
            "server-error": "validation -8",
            "json-invalid": "validation -9",
            "missing-var": "parameter -10",
        ])
    }

    @Test("the viewers batch succeeds: CJK text, a 3 MB catalogue, a long URL, many headers")
    func viewers() async throws {
        let run = await headlessRun(demo, ["viewers"]) { $0.json = true }
        #expect(run.status == 0)
        let objects = try jsonLines(run.output).dropLast()
        #expect(Set(objects.compactMap { $0["name"] as? String }) == ["cjk", "big-json", "long-url", "many-headers"])
        #expect(objects.allSatisfy { $0["ok"] as? Bool == true })
        let bigJSON = try #require(objects.first { $0["name"] as? String == "big-json" })
        let bytes = try #require(bigJSON["bytes"] as? Int)
        #expect(abs(bytes - 3_000_000) < 300_000)
        let longURL = try #require(objects.first { $0["name"] as? String == "long-url" }?["url"] as? String)
        #expect(longURL.count > 300)
    }
}
