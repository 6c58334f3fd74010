import Courier
import Foundation
import Synchronization
import Testing

/// ``RequestAuthenticator``: credentials prepared asynchronously before the transfer, one
/// recovery after a failure, never a loop, and the run's callbacks and accessories once.
@Suite struct AuthenticatorTests {
    /// Hands out the tokens in `tokens`, one more each time a recovery is asked for, and counts.
    final class ScriptedAuthenticator: RequestAuthenticator {
        let tokens: [String]
        let recovers: Bool
        private let counts = Mutex((credentials: 0, retries: 0, index: 0))

        init(tokens: [String], recovers: Bool = true) {
            self.tokens = tokens
            self.recovers = recovers
        }

        var credentialCalls: Int { counts.withLock { $0.credentials } }
        var retryCalls: Int { counts.withLock { $0.retries } }

        func credentials(for request: Request) async throws -> [String: String] {
            // Suspends, as a token fetch does, before answering.
            await Task.yield()
            let token = counts.withLock { counts in
                counts.credentials += 1
                return tokens[min(counts.index, tokens.count - 1)]
            }
            return ["Authorization": token]
        }

        func shouldRetry(_ request: Request, after failure: AuthenticationFailure) async -> Bool {
            counts.withLock { counts in
                counts.retries += 1
                counts.index += 1
            }
            return recovers && failure.isUnauthorized && failure.sent.header("Authorization") != nil
        }
    }

    private static func basic(_ user: String, _ password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    @Test func credentialsArePreparedBeforeTheTransfer() async throws {
        try await withTestBed { bed in
            let authenticator = ScriptedAuthenticator(tokens: [Self.basic("ann", "pw")])
            let request = bed.request("/basic-auth/ann/pw") { $0.authenticator = authenticator }
            try await request.run()
            expectEqual(request.responseJSON?["user"]?.stringValue, "ann")
            expectEqual(authenticator.credentialCalls, 1)
            expectEqual(authenticator.retryCalls, 0)
        }
    }

    @Test func aRefusedCredentialIsRecoveredOnceAndTheCallbacksRunOnce() async throws {
        try await withTestBed { bed in
            let authenticator = ScriptedAuthenticator(tokens: [Self.basic("ann", "stale"), Self.basic("ann", "pw")])
            let log = EventLog()
            let request = bed.request("/basic-auth/ann/pw") { $0.authenticator = authenticator }
            request.addAccessory(log)
            request.delegate = log
            try await request.run()
            expectEqual(request.responseStatusCode, 200)
            expectEqual(authenticator.credentialCalls, 2)
            expectEqual(authenticator.retryCalls, 1)
            await log.waitForEvents(4)
            expectEqual(log.events, ["accessory.willStart", "accessory.willStop", "delegate.finished", "accessory.didStop"])
            #expect(request.retryCount == 0, "the retry policy's count is not the authenticator's")
        }
    }

    @Test func aSecond401FailsWithoutAskingAgain() async throws {
        try await withTestBed { bed in
            let authenticator = ScriptedAuthenticator(tokens: ["Bearer one", "Bearer two", "Bearer three"])
            let log = EventLog()
            // `/status/401` answers 401 to any token: without the one-recovery rule this loops.
            let request = bed.request("/status/401") { $0.authenticator = authenticator }
            request.addAccessory(log)
            request.delegate = log
            await #expect(throws: RequestError.self) { try await request.run() }
            expectEqual(request.responseStatusCode, 401)
            expectEqual(authenticator.credentialCalls, 2)
            expectEqual(authenticator.retryCalls, 1)
            await log.waitForEvents(4)
            expectEqual(log.events, ["accessory.willStart", "accessory.willStop", "delegate.failed", "accessory.didStop"])
        }
    }

    @Test func theConfigsAuthenticatorServesRequestsWithoutTheirOwn() async throws {
        let authenticator = ScriptedAuthenticator(tokens: [Self.basic("bob", "pw")])
        try await withTestBed({ $0.authenticator = authenticator }) { bed in
            let request = bed.request("/basic-auth/bob/pw")
            try await request.run()
            expectEqual(request.responseStatusCode, 200)
            expectEqual(authenticator.credentialCalls, 1)
        }
    }

    struct FailingAuthenticator: RequestAuthenticator {
        struct Reason: Error, CustomStringConvertible { var description: String { "the token service is down" } }
        func credentials(for request: Request) async throws -> [String: String] { throw Reason() }
    }

    @Test func failingCredentialsFailTheRequestBeforeAnyTransfer() async throws {
        try await withTestBed { bed in
            let counter = bed.uniqueName("never")
            let request = bed.request("/counter/\(counter)") { $0.authenticator = FailingAuthenticator() }
            let error = await #expect(throws: RequestError.self) { try await request.run() }
            expectEqual(error?.family, .parameter)
            expectEqual(error?.message.contains("the token service is down"), true)
            let count = try await bed.counterValue(counter)
            expectEqual(count, 0)
        }
    }
}
