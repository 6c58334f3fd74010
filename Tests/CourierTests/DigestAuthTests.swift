import Courier
import Foundation
import Testing

/// HTTP Digest done by libcurl (``HTTPAuthentication/digest(user:password:)``), against the
/// demo server's RFC 7616 route and against httpbin, which nobody here wrote.
@Suite struct DigestAuthTests {
    @Test(arguments: ["", "/MD5", "/SHA-256", "/MD5-sess", "/SHA-256-sess"])
    func answersTheDemoServersChallenge(algorithm: String) async throws {
        try await withTestBed { bed in
            let request = bed.request("/digest-auth/auth/ada/l0velace" + algorithm) {
                $0.httpAuthentication = .digest(user: "ada", password: "l0velace")
            }
            try await request.run()
            expectEqual(request.responseStatusCode, 200)
            expectEqual(request.responseJSON?["authenticated"], true)
        }
    }

    @Test func aWrongPasswordOrNoneIsRefused() async throws {
        try await withTestBed { bed in
            let wrong = bed.request("/digest-auth/auth/ada/l0velace/SHA-256") {
                $0.httpAuthentication = .digest(user: "ada", password: "guess")
            }
            await #expect(throws: RequestError.self) { try await wrong.run() }
            expectEqual(wrong.responseStatusCode, 401)
            let basicInstead = bed.request("/digest-auth/auth/ada/l0velace") { $0.basicAuthorization = ("ada", "l0velace") }
            await #expect(throws: RequestError.self) { try await basicInstead.run() }
            expectEqual(basicInstead.responseStatusCode, 401)
        }
    }

    @Test(arguments: ["", "/SHA-256"])
    func answersHttpbinsChallenge(algorithm: String) async throws {
        let server = try await HTTPBinServer.required()
        defer { server.stop() }
        let agent = HTTPBinServer.agent()
        let request = server.request("/digest-auth/auth/user/passwd" + algorithm, agent: agent) {
            $0.httpAuthentication = .digest(user: "user", password: "passwd")
        }
        try await request.run()
        expectEqual(request.responseStatusCode, 200)
        expectEqual(request.responseJSON?["authenticated"], true)
        let wrong = server.request("/digest-auth/auth/user/passwd" + algorithm, agent: agent) {
            $0.httpAuthentication = .digest(user: "user", password: "nope")
        }
        await #expect(throws: RequestError.self) { try await wrong.run() }
        expectEqual(wrong.responseStatusCode, 401)
    }
}

/// Which Authorization header goes out when a request has both a scheme and its own header.
@Suite struct AuthorizationHeaderPrecedenceTests {
    @Test func theRequestsOwnHeaderWinsOverItsSchemes() throws {
        let request = ConfigurableRequest("http://127.0.0.1:9/get")
        request.definition.httpAuthentication = HTTPAuthentication(BasicAuth(user: "ada", password: "l0velace"))
        request.definition.headers = ["authorization": "Token written-by-hand"]
        let sent = try request.preparedRequest().headers.filter { $0.name.caseInsensitiveCompare("Authorization") == .orderedSame }
        expectEqual(sent.map(\.value), ["Token written-by-hand"])
        let schemeOnly = ConfigurableRequest("http://127.0.0.1:9/get")
        schemeOnly.definition.httpAuthentication = HTTPAuthentication(BearerAuth(token: "t0ken"))
        #expect(try schemeOnly.preparedRequest().headers.contains { $0.name == "Authorization" && $0.value == "Bearer t0ken" })
    }
}
