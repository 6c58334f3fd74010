import CourierDemoServer
import Foundation
import Testing

@Suite("Viewer samples and the HTTPS redirect")
struct ViewerSampleTests {
    @Test("/cjk is UTF-8 JSON with Chinese, Japanese and emoji that round-trips")
    func cjk() async throws {
        try await withDemoServer { _, client in
            let result = try await client.request("/cjk")
            expectEqual(result.status, 200)
            expectEqual(result.header("Content-Type"), "application/json; charset=utf-8")
            let text = try #require(String(data: result.body, encoding: .utf8))
            expectEqual(Data(text.utf8), result.body)
            let products = try #require(result.json["products"] as? [[String: Any]])
            let names = products.compactMap { $0["name"] as? String }
            #expect(names.contains("抹茶ラテ"))
            #expect(names.contains("北京烤鸭"))
            #expect(products.contains { ($0["description"] as? String)?.contains("🍜") == true })
        }
    }

    @Test("/malformed-json claims to be JSON but is cut off")
    func malformedJSON() async throws {
        try await withDemoServer { _, client in
            let result = try await client.request("/malformed-json")
            expectEqual(result.status, 200)
            expectEqual(result.header("Content-Type"), "application/json")
            #expect(!result.body.isEmpty)
            #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: result.body) }
        }
    }

    @Test("/redirect-to-https points at https:// on the same host and port")
    func httpsRedirect() async throws {
        try await withDemoServer { server, client in
            let result = try await client.request("/redirect-to-https")
            expectEqual(result.status, 302)
            expectEqual(result.header("Location"), "https://127.0.0.1:\(server.port)/get")
        }
    }
}
