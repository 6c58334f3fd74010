import Foundation
import Testing

@Suite("Status, redirects and authentication")
struct StatusAndAuthTests {
    @Test("status codes are returned with a JSON body", arguments: [200, 201, 404, 418, 500, 503])
    func status(code: Int) async throws {
        try await withDemoServer { _, client in
            let result = try await client.request("/status/\(code)")
            expectEqual(result.status, code)
            expectEqual(result.json["status"] as? Int, code)
        }
    }

    @Test("204 has no body, 3xx points at /get, 1xx is rejected")
    func specialStatuses() async throws {
        try await withDemoServer { _, client in
            let noContent = try await client.request("/status/204")
            expectEqual(noContent.status, 204)
            #expect(noContent.body.isEmpty)
            let redirect = try await client.request("/status/301")
            expectEqual(redirect.status, 301)
            expectEqual(redirect.header("Location"), "/get")
            let informational = try await client.request("/status/101")
            expectEqual(informational.status, 400)
        }
    }

    @Test("basic auth passes with the right credentials and fails otherwise")
    func basicAuth() async throws {
        try await withDemoServer { _, client in
            let good = "Basic " + Data("alice:s3cret".utf8).base64EncodedString()
            let bad = "Basic " + Data("alice:wrong".utf8).base64EncodedString()
            let pass = try await client.request("/basic-auth/alice/s3cret", headers: ["Authorization": good])
            expectEqual(pass.status, 200)
            expectEqual(pass.json["authenticated"] as? Bool, true)
            expectEqual(pass.json["user"] as? String, "alice")
            let fail = try await client.request("/basic-auth/alice/s3cret", headers: ["Authorization": bad])
            expectEqual(fail.status, 401)
            #expect(fail.header("WWW-Authenticate") == #"Basic realm="courier""#)
            expectEqual(fail.json["authenticated"] as? Bool, false)
        }
    }

    @Test("bearer accepts any token and rejects a missing one")
    func bearer() async throws {
        try await withDemoServer { _, client in
            let pass = try await client.request("/bearer", headers: ["Authorization": "Bearer tok-123"])
            expectEqual(pass.status, 200)
            expectEqual(pass.json["token"] as? String, "tok-123")
            let fail = try await client.request("/bearer")
            expectEqual(fail.status, 401)
            expectEqual(fail.header("WWW-Authenticate"), "Bearer")
        }
    }

    @Test("a redirect chain steps down and ends at /get")
    func redirectChain() async throws {
        try await withDemoServer { server, client in
            let first = try await client.request("/redirect/3")
            expectEqual(first.status, 302)
            expectEqual(first.header("Location"), "/redirect/2")
            let last = try await client.request("/redirect/1")
            expectEqual(last.header("Location"), "/get")
            let followed = try await client.request("/redirect/3", followRedirects: true)
            expectEqual(followed.status, 200)
            expectEqual(followed.json["url"] as? String, "\(server.baseURL)/get")
            expectEqual(server.requestLog.map(\.path).suffix(4), ["/redirect/3", "/redirect/2", "/redirect/1", "/get"])
        }
    }

    @Test("/delay with a fraction waits at least that long")
    func delay() async throws {
        try await withDemoServer { _, client in
            let clock = ContinuousClock()
            let start = clock.now
            let result = try await client.request("/delay/0.3")
            let elapsed = clock.now - start
            expectEqual(result.status, 200)
            #expect(elapsed >= .milliseconds(300))
            expectEqual(result.json["method"] as? String, "GET")
        }
    }

    @Test("login issues a token that /profile, /orders and /checkout accept")
    func loginFlow() async throws {
        try await withDemoServer { _, client in
            let anonymous = try await client.request("/profile")
            expectEqual(anonymous.status, 401)
            expectEqual(anonymous.json["error"] as? String, "unauthorized")
            let wrong = try await client.request(
                "/login", method: "POST", headers: ["Content-Type": "application/json"],
                body: Data(#"{"user":"demo","password":"nope"}"#.utf8)
            )
            expectEqual(wrong.status, 401)
            let login = try await client.request(
                "/login", method: "POST", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data("user=demo&password=secret".utf8)
            )
            expectEqual(login.status, 200)
            let token = try #require(login.json["token"] as? String)
            let auth = ["Authorization": "Bearer \(token)"]
            let profile = try await client.request("/profile", headers: auth)
            expectEqual(profile.json["user"] as? String, "demo")
            expectEqual(profile.json["tier"] as? String, "gold")
            let orders = try await client.request("/orders", headers: auth)
            expectEqual((orders.json["orders"] as? [[String: Any]])?.count, 2)
            let checkout = try await client.request(
                "/checkout", method: "POST", headers: auth.merging(["Content-Type": "application/json"]) { $1 },
                body: Data(#"{"orderId":101}"#.utf8)
            )
            expectEqual(checkout.json["status"] as? String, "confirmed")
            expectEqual(checkout.json["orderId"] as? Int, 101)
            let forged = try await client.request("/orders", headers: ["Authorization": "Bearer forged"])
            expectEqual(forged.status, 401)
        }
    }
}
