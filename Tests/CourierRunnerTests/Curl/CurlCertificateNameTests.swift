import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierRunner
import Foundation
import Testing

/// curl reads `--cert file[:password]`: a colon in the certificate's file name must be
/// written `\:` (and a backslash `\\`), or curl takes what follows as the password.
@Suite struct CurlCertificateNameTests {
    @Test func aColonInTheCertificatePathIsEscapedAndRoundTrips() throws {
        let workspace = try Workspace.parse(yaml: #"""
            requests:
              colon:
                url: https://h.example/m
                tls: {clientCert: "/certs/host:8443/c.pem", clientKey: /k.pem, keyPassword: pw}
              backslash:
                url: https://h.example/m
                tls: {clientCert: '/certs/a\b:c.pem'}
            """#, file: "certs.yaml")
        let runner = try WorkspaceRunner(workspace: workspace, options: RunOptions())
        let colon = try CurlExport.command(for: runner.makeRequest("colon"))
        #expect(colon.contains(#"--cert '/certs/host\:8443/c.pem'"#), "\(colon)")
        for name in workspace.requestNames {
            let original = runner.makeRequest(name)
            let (copy, command, yaml) = try CurlRoundTripTests.copy(of: original, runner: runner)
            #expect(try copy.preparedRequest().tlsPolicy.clientCertificate == original.preparedRequest().tlsPolicy.clientCertificate, "\(command)\n\(yaml)")
            #expect(try CurlRoundTripTests.summary(of: copy) == CurlRoundTripTests.summary(of: original), "\(command)\n\(yaml)")
        }
    }
}
