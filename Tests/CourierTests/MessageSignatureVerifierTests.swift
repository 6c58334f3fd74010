@testable import Courier
import Foundation
import Testing

/// Requests Courier signs (RFC 9421) and sends, verified by an independent implementation:
/// pyauth's `http-message-signatures` behind a loopback server (``MessageSignatureVerifier``).
/// Cancelled, with the reason printed, when it is not installed.
@Suite(.serialized) struct MessageSignatureVerifierTests {
    /// Courier's keys (RFC 9421 B.1) in a directory the verifier reads its public halves from.
    static func keyDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rfc9421-keys-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try MessageSignatureVectorTests.ed25519Public.write(toFile: directory + "/test-key-ed25519.pem", atomically: true, encoding: .utf8)
        try MessageSignatureVectorTests.p256Public.write(toFile: directory + "/test-key-ecc-p256.pem", atomically: true, encoding: .utf8)
        try Data(base64Encoded: MessageSignatureVectorTests.sharedSecret)!.write(to: URL(fileURLWithPath: directory + "/test-shared-secret.key"))
        try MessageSignatureVectorTests.ed25519Private.write(toFile: directory + "/ed25519-private.pem", atomically: true, encoding: .utf8)
        return directory
    }

    /// Sends `request` to the verifier; its answer: 200 and what was covered, or 401 and why.
    static func send(_ request: ConfigurableRequest, to server: HTTPBinServer) async throws -> (status: Int, answer: [String: JSONValue]) {
        let config = NetworkConfig()
        config.proxy = .none
        request.definition.requestURL = server.baseURL + request.definition.requestURL
        request.definition.acceptableStatusCodes = [200, 401]
        request.agent = NetworkAgent(config: config)
        try await request.run()
        return (request.responseStatusCode, request.responseJSON?.objectValue ?? [:])
    }

    /// Adds a header field when the request is sent, after the builder: it must be signed.
    struct LateHeader: RequestAuthenticator {
        func credentials(for request: Request) async throws -> [String: String] { ["X-Late": "added-at-send"] }
    }

    @Test("ed25519, hmac-sha256 and ecdsa-p256-sha256 signatures verify, bodies and late headers included")
    func theVerifierAcceptsCourierSignatures() async throws {
        let keys = try Self.keyDirectory()
        defer { try? FileManager.default.removeItem(atPath: keys) }
        let server = try await MessageSignatureVerifier.start(keys: keys)
        defer { server.stop() }

        // The default components over a GET with a query, a PEM key from a file.
        let get = ConfigurableRequest("/things?b=2&a=1")
        get.definition.httpAuthentication = HTTPAuthentication(MessageSignatureAuth(keyID: "test-key-ed25519", algorithm: "ed25519",
                                                                                    keyFile: keys + "/ed25519-private.pem"))
        let (status, answer) = try await Self.send(get, to: server)
        #expect(status == 200, "\(answer)")
        #expect(answer["covered"] == ["\"@method\"", "\"@authority\"", "\"@path\"", "\"@query\""], "\(answer)")

        // A JSON body: content-digest and content-type covered by default; the digest checked against the body.
        let post = ConfigurableRequest("/orders", method: .post, arguments: ["item": "book", "count": 2])
        post.definition.requestSerializer = .json
        post.definition.httpAuthentication = HTTPAuthentication(MessageSignatureAuth(keyID: "test-shared-secret", algorithm: "hmac-sha256",
                                                                                     key: MessageSignatureVectorTests.sharedSecret))
        let posted = try await Self.send(post, to: server)
        #expect(posted.status == 200, "\(posted.answer)")
        #expect(posted.answer["covered"]?.arrayValue?.contains("\"content-digest\"") == true, "\(posted.answer)")

        // Listed components, fields Courier adds (date, content-length, user-agent), a header an
        // authenticator sets at send time, and every parameter.
        let put = ConfigurableRequest("/orders/7?dry=1", method: .put, arguments: ["count": 3])
        put.definition.requestSerializer = .json
        var scheme = MessageSignatureAuth(keyID: "test-key-ecc-p256", algorithm: "ecdsa-p256-sha256", key: MessageSignatureVectorTests.p256Private)
        scheme.components = ["@method", "@target-uri", "@authority", "@path", "@query", "content-type", "content-digest",
                             "content-length", "date", "user-agent", "x-late"]
        (scheme.expires, scheme.nonce, scheme.tag, scheme.label) = (300, "n-\(UUID().uuidString)", "courier-test", "order")
        put.definition.httpAuthentication = HTTPAuthentication(scheme)
        put.definition.authenticator = LateHeader()
        let putted = try await Self.send(put, to: server)
        #expect(putted.status == 200, "\(putted.answer)")
        #expect(putted.answer["verified"] == "order" && putted.answer["algorithm"] == "ecdsa-p256-sha256", "\(putted.answer)")
    }

    @Test("a signature made with another key is refused: the verifier is no rubber stamp")
    func theVerifierRefusesAnotherKey() async throws {
        let keys = try Self.keyDirectory()
        defer { try? FileManager.default.removeItem(atPath: keys) }
        let server = try await MessageSignatureVerifier.start(keys: keys)
        defer { server.stop() }
        let request = ConfigurableRequest("/things")
        let otherSecret = Data(repeating: 7, count: 32).base64EncodedString()
        request.definition.httpAuthentication = HTTPAuthentication(MessageSignatureAuth(keyID: "test-shared-secret", algorithm: "hmac-sha256",
                                                                                        key: otherSecret))
        let (status, answer) = try await Self.send(request, to: server)
        #expect(status == 401, "\(answer)")
    }
}
