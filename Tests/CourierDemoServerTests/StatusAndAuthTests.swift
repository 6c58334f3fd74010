import Foundation
import Testing

@Suite("Status, redirects and authentication")
struct StatusAndAuthTests {
    @Test("status codes are returned with a JSON body", arguments: [200, 201, 404, 418, 500, 503])
    func status(code: Int) async throws {
        try await withDemoServer { _, client in
            let result = try await client.request("/status/\(code)")
            #expect(result.status == code)
            #expect(result.json["status"] as? Int == code)
        }
    }

    @Test("204 has no body, 3xx points at /get, 1xx is rejected")
    func specialStatuses() async throws {
        try await withDemoServer { _, client in
            let noContent = try await client.request("/status/204")
            #expect(noContent.status == 204)
            #expect(noContent.body.isEmpty)
            let redirect = try await client.request("/status/301")
            #expect(redirect.status == 301)
            #expect(redirect.header("Location") == "/get")
            let informational = try await client.request("/status/101")
            #expect(informational.status == 400)
        }
    }

    @Test("basic auth passes with the right credentials and fails otherwise")
    func basicAuth() async throws {
        try await withDemoServer { _, client in
            let good = "Basic " + Data("alice:s3cret".utf8).base64EncodedString()
            let bad = "Basic " + Data("alice:wrong".utf8).base64EncodedString()
            let pass = try await client.request("/basic-auth/alice/s3cret", headers: ["Authorization": good])
            #expect(pass.status == 200)
            #expect(pass.json["authenticated"] as? Bool == true)
            #expect(pass.json["user"] as? String == "alice")
            let fail = try await client.request("/basic-auth/alice/s3cret", headers: ["Authorization": bad])
            #expect(fail.status == 401)
            #expect(fail.header("WWW-Authenticate") == #"Basic realm="courier""#)
            #expect(fail.json["authenticated"] as? Bool == false)
        }
    }

    @Test("bearer accepts any token and rejects a missing one")
    func bearer() async throws {
        try await withDemoServer { _, client in
            let pass = try await client.request("/bearer", headers: ["Authorization": "Bearer tok-123"])
            #expect(pass.status == 200)
            #expect(pass.json["token"] as? String == "tok-123")
            let fail = try await client.request("/bearer")
            #expect(fail.status == 401)
            #expect(fail.header("WWW-Authenticate") == "Bearer")
        }
    }

    @Test("a redirect chain steps down and ends at /get")
    func redirectChain() async throws {
        try await withDemoServer { server, client in
            let first = try await client.request("/redirect/3")
            #expect(first.status == 302)
            #expect(first.header("Location") == "/redirect/2")
            let last = try await client.request("/redirect/1")
            #expect(last.header("Location") == "/get")
            let followed = try await client.request("/redirect/3", followRedirects: true)
            #expect(followed.status == 200)
            #expect(followed.json["url"] as? String == "\(server.baseURL)/get")
            #expect(server.requestLog.map(\.path).suffix(4) == ["/redirect/3", "/redirect/2", "/redirect/1", "/get"])
        }
    }

    @Test("/delay with a fraction waits at least that long")
    func delay() async throws {
        try await withDemoServer { _, client in
            let clock = ContinuousClock()
            let start = clock.now
            let result = try await client.request("/delay/0.3")
            let elapsed = clock.now - start
            #expect(result.status == 200)
            #expect(elapsed >= .milliseconds(300))
            #expect(result.json["method"] as? String == "GET")
        }
    }

    @Test("login issues a token that /profile, /orders and /checkout accept")
    func loginFlow() async throws {
        try await withDemoServer { _, client in
            let anonymous = try await client.request("/profile")
            #expect(anonymous.status == 401)
            #expect(anonymous.json["error"] as? String == "unauthorized")
            let wrong = try await client.request(
                "/login", method: "POST", headers: ["Content-Type": "application/json"],
                body: Data(#"{"user":"demo","password":"nope"}"#.utf8)
            )
            #expect(wrong.status == 401)
            let login = try await client.request(
                "/login", method: "POST", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data("user=demo&password=secret".utf8)
            )
            #expect(login.status == 200)
            let token = try #require(login.json["token"] as? String)
            let auth = ["Authorization": "Bearer \(token)"]
            let profile = try await client.request("/profile", headers: auth)
            #expect(profile.json["user"] as? String == "demo")
            #expect(profile.json["tier"] as? String == "gold")
            let orders = try await client.request("/orders", headers: auth)
            #expect((orders.json["orders"] as? [[String: Any]])?.count == 2)
            let checkout = try await client.request(
                "/checkout", method: "POST", headers: auth.merging(["Content-Type": "application/json"]) { $1 },
                body: Data(#"{"orderId":101}"#.utf8)
            )
            #expect(checkout.json["status"] as? String == "confirmed")
            #expect(checkout.json["orderId"] as? Int == 101)
            let forged = try await client.request("/orders", headers: ["Authorization": "Bearer forged"])
            #expect(forged.status == 401)
        }
    }
}
