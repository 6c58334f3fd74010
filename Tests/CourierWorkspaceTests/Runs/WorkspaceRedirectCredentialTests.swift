@testable import CourierChecks
import CourierDemoServer
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
@testable import CourierWorkspace
import Foundation
import Testing

/// A workspace's known secrets are credentials wherever they are placed: a `sensitive`
/// value or a secret `{{env.NAME}}` under an innocent header name does not follow a redirect
/// to another origin; `redirects: {keepCredentials: true}` lets it. Two real servers; the
/// assertions read what the second one received.
@Suite struct WorkspaceRedirectCredentialTests {
    private func run(keepCredentials: Bool) async throws -> DemoServer.LoggedRequest? {
        let first = try await DemoServer.start()
        let second = try await DemoServer.start()
        let variable = "COURIER_REDIRECT_\(UUID().uuidString.prefix(6))_TOKEN"
        setenv(variable, "env-secret-5521", 1)
        defer { unsetenv(variable) }
        let target = "http://localhost:\(second.port)/anything/landed"
        let path = writeWorkspace("""
        requests:
          hop:
            url: \(first.baseURL)/redirect-to
            args: {url: "\(target)"}
            headers:
              X-Innocent: "{{env.\(variable)}}"
              X-Marked: marked-7781
              X-Plain: plain-value
            sensitive: [marked-7781]
        \(keepCredentials ? "    redirects: {keepCredentials: true}" : "")
        """)
        let result = await headlessRun(path, ["hop"])
        let landed = second.requestLog.last { $0.path == "/anything/landed" }
        await first.stop()
        await second.stop()
        #expect(result.status == 0, "\(result.output) \(result.errors)")
        return landed
    }

    @Test func knownSecretsStayWithTheirOrigin() async throws {
        let landed = try #require(try await run(keepCredentials: false), "the redirect was followed")
        #expect(landed.header("X-Innocent") == nil, "a secret env value crossed origins")
        #expect(landed.header("X-Marked") == nil, "a sensitive value crossed origins")
        expectEqual(landed.header("X-Plain"), "plain-value")
    }

    @Test func keepCredentialsSendsThemAlong() async throws {
        let landed = try #require(try await run(keepCredentials: true))
        expectEqual(landed.header("X-Innocent"), "env-secret-5521")
        expectEqual(landed.header("X-Marked"), "marked-7781")
    }
}
