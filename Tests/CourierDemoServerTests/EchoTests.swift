import Foundation
import Testing

@Suite("Echo endpoints")
struct EchoTests {
    @Test("each verb path echoes method, args and headers", arguments: ["GET", "POST", "PUT", "PATCH", "DELETE"])
    func verbEcho(method: String) async throws {
        try await withDemoServer { server, client in
            let result = try await client.request(
                "/\(method.lowercased())?a=1&a=2&b=x%20y", method: method, headers: ["X-Courier-Test": "yes"]
            )
            expectEqual(result.status, 200)
            expectEqual(result.header("Content-Type"), "application/json")
            let json = result.json
            expectEqual(json["method"] as? String, method)
            expectEqual(json["path"] as? String, "/\(method.lowercased())")
            expectEqual(json["url"] as? String, "\(server.baseURL)/\(method.lowercased())?a=1&a=2&b=x%20y")
            let args = json["args"] as? [String: Any]
            expectEqual(args?["a"] as? [String], ["1", "2"])
            expectEqual(args?["b"] as? String, "x y")
            let headers = json["headers"] as? [String: String]
            expectEqual(headers?["X-Courier-Test"], "yes")
            expectEqual(headers?["Host"], "127.0.0.1:\(server.port)")
        }
    }

    @Test("form and JSON bodies are parsed")
    func bodies() async throws {
        try await withDemoServer { _, client in
            let form = try await client.request(
                "/post", method: "POST", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data("name=Ada+L&tag=a&tag=b".utf8)
            )
            let fields = form.json["form"] as? [String: Any]
            expectEqual(fields?["name"] as? String, "Ada L")
            expectEqual(fields?["tag"] as? [String], ["a", "b"])
            expectEqual(form.json["data"] as? String, "name=Ada+L&tag=a&tag=b")

            let json = try await client.request(
                "/put", method: "PUT", headers: ["Content-Type": "application/json"],
                body: Data(#"{"id":7,"tags":["x"],"ok":true}"#.utf8)
            )
            let parsed = json.json["json"] as? [String: Any]
            expectEqual(parsed?["id"] as? Int, 7)
            expectEqual(parsed?["tags"] as? [String], ["x"])
            expectEqual(parsed?["ok"] as? Bool, true)
            #expect(json.json["data"] as? String == #"{"id":7,"tags":["x"],"ok":true}"#)
        }
    }

    @Test("multipart uploads show up in files and form")
    func multipart() async throws {
        try await withDemoServer { _, client in
            let (contentType, body) = HTTPTestClient.multipart(
                fields: [("title", "report")],
                files: [
                    ("doc", "notes.txt", "text/plain", Data("hello file".utf8)),
                    ("blob", "raw.bin", "application/octet-stream", Data([0xFF, 0xFE, 0x00])),
                ]
            )
            let result = try await client.request(
                "/anything/upload", method: "POST", headers: ["Content-Type": contentType], body: body
            )
            expectEqual(result.status, 200)
            expectEqual((result.json["form"] as? [String: Any])?["title"] as? String, "report")
            let files = result.json["files"] as? [String: String]
            expectEqual(files?["doc"], "hello file")
            expectEqual(files?["blob"], "data:application/octet-stream;base64,//4A")
            expectEqual(result.json["data"] as? String, "")
        }
    }

    @Test("/anything accepts any method and sub-path")
    func anything() async throws {
        try await withDemoServer { _, client in
            let result = try await client.request("/anything/a/b?q=1", method: "OPTIONS")
            expectEqual(result.status, 200)
            expectEqual(result.json["method"] as? String, "OPTIONS")
            expectEqual(result.json["path"] as? String, "/anything/a/b")
        }
    }

    @Test("HEAD has the GET headers but no body", arguments: ["/get?x=1", "/anything", "/bytes/5000", "/json", "/small.json"])
    func head(path: String) async throws {
        try await withDemoServer { _, client in
            let get = try await client.request(path)
            let head = try await client.request(path, method: "HEAD")
            expectEqual(head.status, 200)
            #expect(head.body.isEmpty)
            #expect(get.body.count > 0)
            expectEqual(head.header("Content-Length"), String(get.body.count))
            expectEqual(head.header("Content-Type"), get.header("Content-Type"))
        }
    }

    @Test("wrong method gives 405 and unknown paths a JSON 404")
    func errors() async throws {
        try await withDemoServer { _, client in
            let wrongMethod = try await client.request("/get", method: "POST")
            expectEqual(wrongMethod.status, 405)
            let missing = try await client.request("/no/such/thing")
            expectEqual(missing.status, 404)
            expectEqual(missing.header("Content-Type"), "application/json")
            expectEqual(missing.json["error"] as? String, "not found")
            expectEqual(missing.json["path"] as? String, "/no/such/thing")
        }
    }

    @Test("/headers and /response-headers")
    func headerEndpoints() async throws {
        try await withDemoServer { _, client in
            let headers = try await client.request("/headers", headers: ["X-Trace": "abc"])
            expectEqual((headers.json["headers"] as? [String: String])?["X-Trace"], "abc")
            let response = try await client.request("/response-headers?X-Demo=1&Cache-Control=no-store")
            expectEqual(response.header("X-Demo"), "1")
            expectEqual(response.header("Cache-Control"), "no-store")
            expectEqual(response.json["X-Demo"] as? String, "1")
        }
    }
}
