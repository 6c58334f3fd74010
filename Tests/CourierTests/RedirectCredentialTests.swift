import Courier
import Foundation
import Testing

/// Credentials and redirects, against two real loopback servers: a header that carries a
/// secret never reaches another origin (scheme, host, port) unless the request opts in, and
/// no redirect leaves http: and https:. Each test asserts what the second server received.
@Suite struct RedirectCredentialTests {
    /// Headers a server must not see unless it is the request's own origin: libcurl by itself
    /// drops only `Authorization` (and `Cookie`) on the way to another host.
    private static let secrets = ["X-Api-Key": "k-123456", "Private-Token": "p-123456",
                                  "X-Amz-Security-Token": "amz-123456", "Authorization": "Bearer b-123456"]
    private static let plain = ["X-Trace": "trace-1"]

    /// Runs `body` with a second demo server, the other origin.
    private func withOtherServer(_ body: (TestDemoServer) async throws -> Void) async throws {
        let other = try await TestDemoServer.start()
        do {
            try await body(other)
            await other.stop()
        } catch {
            await other.stop()
            throw error
        }
    }

    /// A request to `bed`'s server that redirects to `target`.
    private func redirecting(_ bed: TestBed, to target: String, status: Int = 302, method: HTTPMethod = .get,
                             headers: [String: String] = secrets.merging(plain) { $1 }) -> ConfigurableRequest {
        let query = "url=\(target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&status_code=\(status)"
        return bed.request("/redirect-to?\(query)", method: method, headers: headers)
    }

    private func received(_ server: TestDemoServer, path: String) async throws -> TestDemoServer.ServedRequest? {
        try await server.requestLog().last { $0.path == path }
    }

    @Test(arguments: ["127.0.0.1", "localhost"])
    func secretHeadersDoNotFollowARedirectToAnotherOrigin(host: String) async throws {
        try await withTestBed { bed in
            try await withOtherServer { other in
                let request = try await redirecting(bed, to: "http://\(host):\(other.port)/anything").run()
                expectEqual(request.responseStatusCode, 200)
                let seen = try #require(await received(other, path: "/anything"), "the other server was reached")
                for name in Self.secrets.keys {
                    #expect(seen.header(name) == nil, "\(name) crossed to \(host):\(other.port)")
                }
                #expect(seen.header("X-Trace") == "trace-1", "headers without secrets go along")
                expectEqual(request.metrics?.redirectCount, 1)
                expectEqual(request.response?.url, "http://\(host):\(other.port)/anything")
            }
        }
    }

    @Test func secretHeadersFollowARedirectWithinTheirOrigin() async throws {
        try await withTestBed { bed in
            let request = try await redirecting(bed, to: "/anything/same").run()
            expectEqual(request.responseStatusCode, 200)
            let seen = try #require(await received(bed.server, path: "/anything/same"))
            for (name, value) in Self.secrets { #expect(seen.header(name) == value, "\(name) at its own origin") }
        }
    }

    @Test func theSecretsGoBackWhenTheRedirectsReturnToTheirOrigin() async throws {
        try await withTestBed { bed in
            try await withOtherServer { other in
                let back = bed.server.baseURL + "/anything/back"
                let viaOther = other.baseURL + "/redirect-to?url=\(back.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
                let request = try await redirecting(bed, to: viaOther).run()
                expectEqual(request.responseStatusCode, 200)
                expectEqual(request.metrics?.redirectCount, 2)
                let atOther = try #require(await received(other, path: "/redirect-to"))
                expectEqual(atOther.header("X-Api-Key"), nil)
                let home = try #require(await received(bed.server, path: "/anything/back"))
                expectEqual(home.header("X-Api-Key"), "k-123456")
            }
        }
    }

    @Test func aRequestThatOptsInKeepsItsCredentialsEverywhere() async throws {
        try await withTestBed { bed in
            try await withOtherServer { other in
                let request = redirecting(bed, to: "http://localhost:\(other.port)/anything")
                request.definition.transferOptions.keepsCredentialsOnRedirect = true
                try await request.run()
                let seen = try #require(await received(other, path: "/anything"))
                for (name, value) in Self.secrets { #expect(seen.header(name) == value, "\(name) kept on request") }
            }
        }
    }

    @Test func aSubclassNamesItsOwnSecretHeaders() async throws {
        final class KnowsItsSecret: ConfigurableRequest, @unchecked Sendable {
            override func isCredentialHeader(name: String, value: String) -> Bool {
                value == "only-i-know" || super.isCredentialHeader(name: name, value: value)
            }
        }
        try await withTestBed { bed in
            try await withOtherServer { other in
                let target = "http://127.0.0.1:\(other.port)/anything"
                let request = KnowsItsSecret("/redirect-to?url=\(target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)",
                                             headers: ["X-Innocent": "only-i-know", "X-Trace": "t"])
                request.agent = bed.agent
                try await request.run()
                let seen = try #require(await received(other, path: "/anything"))
                expectEqual(seen.header("X-Innocent"), nil)
                expectEqual(seen.header("X-Trace"), "t")
            }
        }
    }

    @Test func a307RepeatsThePostWithoutTheSecrets() async throws {
        try await withTestBed { bed in
            try await withOtherServer { other in
                let request = redirecting(bed, to: "http://localhost:\(other.port)/anything", status: 307, method: .post)
                request.definition.arguments = ["name": "value"]
                request.definition.requestSerializer = .json
                try await request.run()
                let seen = try #require(await received(other, path: "/anything"))
                expectEqual(seen.method, "POST")
                expectEqual(seen.header("X-Api-Key"), nil)
                #expect(request.responseJSON?["json"]?["name"]?.stringValue == "value", "the body went again")
            }
        }
    }

    @Test func a303TurnsThePostIntoAGetWithoutItsBody() async throws {
        try await withTestBed { bed in
            try await withOtherServer { other in
                let request = redirecting(bed, to: "http://localhost:\(other.port)/anything", status: 303, method: .post)
                request.definition.arguments = ["name": "value"]
                request.definition.requestSerializer = .json
                try await request.run()
                let seen = try #require(await received(other, path: "/anything"))
                expectEqual(seen.method, "GET")
                expectEqual(seen.header("Content-Type"), nil)
                expectEqual(seen.header("Authorization"), nil)
            }
        }
    }

    /// `maxRedirects` (``TransferOptions/maxRedirects``) bounds both ways of following: libcurl's
    /// (no credential header) and the transport's own (a secret header); 0 follows none.
    @Test(arguments: [false, true])
    func maxRedirectsBoundsTheRedirectsFollowed(withSecrets: Bool) async throws {
        try await withTestBed { bed in
            let headers = withSecrets ? Self.secrets : Self.plain
            let within = bed.request("/redirect/3", headers: headers)
            within.requestSettings.transferOptions.maxRedirects = 3
            try await within.run()
            expectEqual(within.responseStatusCode, 200)
            let beyond = bed.request("/redirect/3", headers: headers)
            beyond.requestSettings.transferOptions.maxRedirects = 2
            await #expect(throws: RequestError.self) { try await beyond.run() }
            #expect(beyond.error?.code == .tooManyRedirects, "\(String(describing: beyond.error))")
            let none = bed.request("/redirect/3", headers: headers)
            none.requestSettings.transferOptions.maxRedirects = 0
            none.requestSettings.acceptableStatusCodes = [302]
            try await none.run()
            #expect(none.responseStatusCode == 302, "the redirect is the response")
        }
    }

    @Test func redirectsFollowedHereStopAtSixteen() async throws {
        try await withTestBed { bed in
            let request = bed.request("/redirect/20", headers: Self.secrets)
            await #expect(throws: RequestError.self) { try await request.run() }
            expectEqual(request.error?.code, .tooManyRedirects)
        }
    }

    /// A redirect to ftp: is refused before any connection, whoever follows it: libcurl for
    /// a request without credentials, the transport for one with them.
    @Test(arguments: [false, true])
    func aRedirectToAnotherProtocolIsRefused(withCredentials: Bool) async throws {
        let listener = try FaultServer(.silent)
        defer { listener.stop() }
        try await withTestBed { bed in
            let request = redirecting(bed, to: "ftp://127.0.0.1:\(listener.port)/file",
                                      headers: withCredentials ? Self.secrets : Self.plain)
            // Bounds the unfixed case (the silent ftp: server never greets); generous for ThreadSanitizer.
            request.definition.timeoutInterval = 20
            await #expect(throws: RequestError.self) { try await request.run() }
            #expect(request.error?.code == .redirectRefused, "\(request.error.map(String.init(describing:)) ?? "no error")")
            expectEqual(request.error?.message.contains("ftp:"), true)
            #expect(listener.acceptedConnections == 0, "no connection to the ftp: server")
        }
    }
}
