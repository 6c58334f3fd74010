import CourierDemoServer
import Foundation
import Testing

@Suite("Deterministic byte downloads")
struct ByteStreamTests {
    @Test("deterministicBytes at an offset equals the slice of a longer prefix")
    func streamOffsets() {
        let prefix = DemoServer.deterministicBytes(count: 300, seed: 42)
        for offset in [0, 1, 7, 8, 13, 64, 250] {
            let slice = DemoServer.deterministicBytes(count: 50, seed: 42, offset: offset)
            expectEqual(slice[...], prefix[offset..<(offset + 50)])
        }
        #expect(DemoServer.deterministicBytes(count: 64, seed: 1) != DemoServer.deterministicBytes(count: 64, seed: 2))
    }

    @Test("/bytes serves exactly the deterministic stream with validators")
    func fullBody() async throws {
        try await withDemoServer { _, client in
            let length = 200_000  // several 64 KiB chunks plus a tail
            let result = try await client.request("/bytes/\(length)?seed=7")
            expectEqual(result.status, 200)
            expectEqual(result.header("Content-Type"), "application/octet-stream")
            expectEqual(result.header("Accept-Ranges"), "bytes")
            expectEqual(result.header("ETag"), "\"bytes-\(length)-7\"")
            expectEqual(result.header("Last-Modified"), "Wed, 01 Jan 2025 00:00:00 GMT")
            expectEqual(result.body, Data(DemoServer.deterministicBytes(count: length, seed: 7)))
        }
    }

    @Test("rate=R paces the body to R bytes per second, with the same content")
    func paced() async throws {
        try await withDemoServer { _, client in
            let clock = ContinuousClock()
            let start = clock.now
            let result = try await client.request("/bytes/300000?seed=5&rate=1000000")
            #expect(clock.now - start >= .milliseconds(290), "300 kB at 1 MB/s, less the pacing's 10 ms slack")
            expectEqual(result.body, Data(DemoServer.deterministicBytes(count: 300_000, seed: 5)))
            expectEqual(try await client.request("/bytes/10?rate=1").status, 400)
        }
    }

    @Test("Range requests give 206 with the right Content-Range and content")
    func ranges() async throws {
        try await withDemoServer { _, client in
            let expected = DemoServer.deterministicBytes(count: 1000, seed: 3)
            let cases: [(range: String, start: Int, end: Int)] = [
                ("bytes=10-19", 10, 19), ("bytes=990-", 990, 999), ("bytes=-5", 995, 999), ("bytes=900-5000", 900, 999),
            ]
            for (range, start, end) in cases {
                let result = try await client.request("/bytes/1000?seed=3", headers: ["Range": range])
                #expect(result.status == 206, "\(range)")
                #expect(result.header("Content-Range") == "bytes \(start)-\(end)/1000", "\(range)")
                #expect(result.body == Data(expected[start...end]), "\(range)")
            }
        }
    }

    @Test("an unsatisfiable Range gives 416 with bytes */n")
    func unsatisfiable() async throws {
        try await withDemoServer { _, client in
            let result = try await client.request("/bytes/1000", headers: ["Range": "bytes=1000-"])
            expectEqual(result.status, 416)
            expectEqual(result.header("Content-Range"), "bytes */1000")
        }
    }

    @Test("If-Range honours Range only while the validator matches")
    func ifRange() async throws {
        try await withDemoServer { server, client in
            let etagMatch = try await client.request(
                "/bytes/100?seed=1", headers: ["Range": "bytes=50-", "If-Range": "\"bytes-100-1\""]
            )
            expectEqual(etagMatch.status, 206)
            expectEqual(etagMatch.body.count, 50)
            let dateMatch = try await client.request(
                "/bytes/100?seed=1", headers: ["Range": "bytes=50-", "If-Range": "Wed, 01 Jan 2025 00:00:00 GMT"]
            )
            expectEqual(dateMatch.status, 206)
            let mismatch = try await client.request(
                "/bytes/100?seed=1", headers: ["Range": "bytes=50-", "If-Range": "\"bytes-100-2\""]
            )
            expectEqual(mismatch.status, 200)
            expectEqual(mismatch.header("Content-Range"), nil)
            expectEqual(mismatch.body, Data(DemoServer.deterministicBytes(count: 100, seed: 1)))
            let logged = try #require(server.requestLog.last)
            expectEqual(logged.path, "/bytes/100")
            expectEqual(logged.query, "seed=1")
            expectEqual(logged.header("range"), "bytes=50-")
            expectEqual(logged.header("If-Range"), "\"bytes-100-2\"")
        }
    }

    @Test("/drop cuts every response after N bytes until the rest fits")
    func drop() async throws {
        try await withDemoServer { _, client in
            let path = "/drop?after=1000&bytes=2500&seed=5"
            let expected = DemoServer.deterministicBytes(count: 2500, seed: 5)
            let first = try await client.request(path)
            expectEqual(first.status, 200)
            expectEqual(first.header("Content-Length"), "2500")
            #expect(first.error != nil)
            expectEqual(first.body, Data(expected[0..<1000]))

            let second = try await client.request(path, headers: ["Range": "bytes=1000-"])
            expectEqual(second.status, 206)
            expectEqual(second.header("Content-Range"), "bytes 1000-2499/2500")
            #expect(second.error != nil)
            expectEqual(second.body, Data(expected[1000..<2000]))

            let last = try await client.request(path, headers: ["Range": "bytes=2000-", "If-Range": "\"bytes-2500-5\""])
            expectEqual(last.status, 206)
            #expect(last.error == nil)
            expectEqual(last.body, Data(expected[2000..<2500]))
        }
    }

    @Test("/drop delivers every promised byte before closing, even for large cut-offs")
    func dropLarge() async throws {
        try await withDemoServer { _, client in
            let result = try await client.request("/drop?after=3000000&bytes=8000000&seed=11")
            #expect(result.error != nil)
            expectEqual(result.body.count, 3_000_000)
            expectEqual(result.body.suffix(16), Data(DemoServer.deterministicBytes(count: 16, seed: 11, offset: 2_999_984)))
        }
    }

    @Test("touching a /mutable resource changes its ETag and content")
    func mutable() async throws {
        try await withDemoServer { _, client in
            let before = try await client.request("/mutable/report?bytes=64")
            let etag = try #require(before.header("ETag"))
            let again = try await client.request("/mutable/report?bytes=64")
            expectEqual(again.header("ETag"), etag)
            let touch = try await client.request("/mutable/report/touch", method: "POST")
            expectEqual(touch.json["revision"] as? Int, 2)
            let after = try await client.request("/mutable/report?bytes=64")
            #expect(after.header("ETag") != etag)
            #expect(after.header("Last-Modified") != before.header("Last-Modified"))
            #expect(after.body != before.body)
            let staleResume = try await client.request(
                "/mutable/report?bytes=64", headers: ["Range": "bytes=32-", "If-Range": etag]
            )
            expectEqual(staleResume.status, 200)
            expectEqual(staleResume.body, after.body)
        }
    }
}
