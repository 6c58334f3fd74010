import CourierDemoServer
import Foundation
import Testing

@Suite("Big JSON documents")
struct BigJSONTests {
    @Test("items=N is a JSON catalogue of N items of every JSON type, with its Content-Length")
    func items() async throws {
        try await withDemoServer { _, client in
            let result = try await client.request("/big-json?items=50")
            expectEqual(result.status, 200)
            expectEqual(result.header("Content-Type"), "application/json")
            expectEqual(result.header("Content-Length"), String(result.body.count))
            let document = try #require(try JSONSerialization.jsonObject(with: result.body) as? [String: Any])
            expectEqual(document["count"] as? Int, 50)
            let items = try #require(document["items"] as? [[String: Any]])
            expectEqual(items.count, 50)
            #expect(items.map { $0["id"] as? Int } == (1...50).map { $0 })
            let first = items[0]
            #expect(first["tags"] is [String])
            expectEqual((first["dimensions"] as? [String: Any])?["unit"] as? String, "cm")
            #expect((first["supplier"] as? [String: Any])?["name"] is String)
            #expect(first["price"] is Double)
            expectEqual(first["inStock"] as? Bool, true)
            #expect(first["discount"] is NSNull)
            expectEqual(items[4]["discount"] as? Double, 0.15)
            let names = items.compactMap { $0["name"] as? String }
            #expect(names.contains { $0.unicodeScalars.contains { (0x3040...0x9FFF).contains($0.value) } })
        }
    }

    @Test("two calls send identical bytes; no parameters means 100 items")
    func deterministic() async throws {
        try await withDemoServer { _, client in
            let first = try await client.request("/big-json")
            let second = try await client.request("/big-json")
            #expect(first.body.count > 10_000)
            expectEqual(first.body, second.body)
            expectEqual(first.json["count"] as? Int, 100)
        }
    }

    @Test("bytes=N gives a document within 10% of N bytes", arguments: [20_000, 300_000, 1_000_000])
    func approximateSize(bytes: Int) async throws {
        try await withDemoServer { _, client in
            let result = try await client.request("/big-json?bytes=\(bytes)")
            #expect(abs(result.body.count - bytes) <= bytes / 10, "\(result.body.count) bytes")
            #expect(try JSONSerialization.jsonObject(with: result.body) is [String: Any])
        }
    }

    @Test("a multi-megabyte document streams to the end and parses")
    func multiMegabyte() async throws {
        try await withDemoServer { _, client in
            let result = try await client.request("/big-json?bytes=4000000")
            #expect(result.error == nil)
            expectEqual(result.header("Content-Length"), String(result.body.count))
            let document = try #require(try JSONSerialization.jsonObject(with: result.body) as? [String: Any])
            let items = try #require(document["items"] as? [Any])
            expectEqual(items.count, document["count"] as? Int)
            #expect(items.count > 10_000)
        }
    }

    @Test("items and bytes together, or out of range, are rejected with 400")
    func badParameters() async throws {
        try await withDemoServer { _, client in
            for query in ["items=5&bytes=5000", "items=-1", "items=many", "bytes=1e6"] {
                let result = try await client.request("/big-json?\(query)")
                #expect(result.status == 400, "\(query)")
            }
        }
    }
}
