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

/// demo.yaml's TLS requests through `courier run`'s code (``HeadlessRun``): `{{demoTLS}}`,
/// `{{demoMTLS}}` and the demo CA and client certificate in `tls:` reach libcurl, which
/// negotiates HTTP/2 with the demo server's own listeners.
@Suite("courier run: the demo server's TLS listeners")
struct DemoTLSRunTests {
    let demo = repositoryRoot + "/workspaces/demo.yaml"

    /// `courier run`'s capture with `start` as the demo server.
    private func run(_ names: [String], start: @escaping @Sendable () async throws -> DemoServerHandle) async -> RunCapture {
        var run = HeadlessRun(workspacePath: demo, names: names)
        run.cacheDirectory = temporaryDirectory("courier-cache")
        run.stateDirectory = temporaryDirectory("courier-state")
        run.json = true
        var output: [String] = []
        var errors: [String] = []
        let status = await run.run(startDemoServer: start, output: { output.append($0) }, errors: { errors.append($0) })
        return RunCapture(status: status, output: output, errors: errors)
    }

#if DemoTLS
    @Test("http2-tls and client-certificate succeed over HTTP/2, verified against the CA the server made")
    func http2AndAClientCertificate() async throws {
        let capture = await run(["http2-tls", "client-certificate"]) {
            let server = try await DemoServer.start(tls: true)
            let tls = try #require(server.tls, "\(server.tlsFailure ?? "no reason")")
            let variables = DemoTLSVariables(baseURL: tls.baseURL, clientCertificateBaseURL: tls.clientCertificateBaseURL,
                                             caFile: tls.files.caFile, clientCertificateFile: tls.files.clientCertificateFile,
                                             clientKeyFile: tls.files.clientKeyFile)
            return DemoServerHandle(baseURL: server.baseURL, tls: variables, stop: { await server.stop() })
        }
        #expect(capture.status == 0, "\(capture.output) \(capture.errors)")
        let objects = try jsonLines(capture.output).dropLast()
        #expect(objects.map { $0["name"] as? String } == ["http2-tls", "client-certificate"])
        #expect(objects.allSatisfy { $0["ok"] as? Bool == true && $0["httpVersion"] as? String == "HTTP/2" }, "\(objects)")
    }
#endif

    @Test("without the listeners the run warns why, and the requests name the built-in that has no value")
    func listenersThatDidNotStart() async throws {
        let capture = await run(["http2-tls"]) {
            let server = try await DemoServer.start()
            return DemoServerHandle(baseURL: server.baseURL, tlsFailure: "the port is taken", stop: { await server.stop() })
        }
        expectEqual(capture.status, 1)
        #expect(capture.errors.contains("courier run: warning: the demo server's TLS listeners did not start: the port is taken"))
        #expect(capture.output.first?.contains("demoTLS") == true, "\(capture.output)")
    }

    @Test("a workspace that uses only the TLS built-ins starts the demo server; tls: files take placeholders")
    func theBuiltInsAreKnown() throws {
        let workspace = try parseWorkspace("""
            name: t
            requests:
              secure:
                url: "{{demoTLS}}/get"
                tls: {caFile: "{{demoCA}}", clientCert: "{{demoClientCert}}", clientKey: "{{demoClientKey}}"}
            """)
        #expect(workspace.usesDemoServer)
        var options = RunOptions()
        options.demoTLS = DemoTLSVariables(baseURL: "https://127.0.0.1:1", clientCertificateBaseURL: "https://127.0.0.1:2",
                                           caFile: "/d/ca.pem", clientCertificateFile: "/d/client.pem", clientKeyFile: "/d/client.key")
        let runner = try WorkspaceRunner(workspace: workspace, options: options)
        let resolution = try RequestResolution(try #require(workspace.requests["secure"]), scope: runner.scope, workspace: workspace)
        let policy = try #require(resolution.settings.tlsPolicy)
        expectEqual(policy.caFile, "/d/ca.pem")
        expectEqual(policy.clientCertificate?.certificateFile, "/d/client.pem")
        expectEqual(policy.clientCertificate?.keyFile, "/d/client.key")
        expectEqual(resolution.settings.requestURL, "https://127.0.0.1:1/get")
    }
}
