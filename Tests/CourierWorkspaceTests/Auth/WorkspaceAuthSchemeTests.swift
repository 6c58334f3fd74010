import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierHistory
@testable import CourierLoadRuns
@testable import CourierReports
@testable import CourierRunner
@testable import CourierWorkspace
import Foundation
import Testing

/// `auth: {digest|ntlm|negotiate|aws}`, `tls: {clientCert, clientKey, keyPassword}` and `http:`,
/// `resolve:`, `connectTo:`, `unixSocket:` in a workspace: read, written back, sent.
@Suite struct WorkspaceAuthSchemeTests {
    private static let yaml = """
        config:
          baseUrl: "{{demo}}"
          http: "1.1"
          connectTo: ["api.courier.invalid:80:127.0.0.1:1"]
        variables: {pw: l0velace, secret: "s3cr3t/key", p12pw: p12-secret}
        requests:
          digest:
            url: /digest-auth/auth/ada/l0velace/SHA-256
            auth:
              digest: {user: ada, password: "{{pw}}"}
          ntlm:
            url: /get
            auth: {ntlm: {user: "DOMAIN\\\\ada", password: pw}}
          negotiate:
            url: /get
            auth: {negotiate: true}
          aws:
            url: /anything?b=2&a=1
            auth:
              aws: {accessKey: AKIAEXAMPLE, secretKey: "{{secret}}", sessionToken: "tok3n", region: eu-west-3, service: execute-api}
          mtls:
            url: /get
            tls: {clientCert: client.p12, keyPassword: "{{p12pw}}"}
            http: 2-prior-knowledge
            resolve: ["api.example.test:443:127.0.0.1"]
            unixSocket: /run/api.sock
        """

    @Test func everySchemeAndSettingIsRead() throws {
        let workspace = try Workspace.parse(yaml: Self.yaml, file: "auth.yaml")
        #expect(workspace.requests["digest"]?.auth == .scheme(.digest(user: "ada", password: "{{pw}}")))
        expectEqual(workspace.requests["ntlm"]?.auth, .scheme(.ntlm(user: "DOMAIN\\ada", password: "pw")))
        expectEqual(workspace.requests["negotiate"]?.auth, .scheme(.negotiate))
        #expect(workspace.requests["aws"]?.auth == .scheme(.aws(AWSCredentials(accessKey: "AKIAEXAMPLE", secretKey: "{{secret}}",
                                                                               sessionToken: "tok3n", region: "eu-west-3",
                                                                               service: "execute-api"))))
        let mtls = try #require(workspace.requests["mtls"])
        #expect(mtls.tls?.clientCertificate == ClientCertificate(certificateFile: "client.p12", keyPassword: "{{p12pw}}", format: .pkcs12))
        expectEqual(mtls.connection.http, .http2PriorKnowledge)
        expectEqual(mtls.connection.route, ConnectionRoute(resolve: ["api.example.test:443:127.0.0.1"], unixSocket: "/run/api.sock"))
        expectEqual(workspace.config.connection.http, .http1_1)
        // A request's own settings win; what it leaves unset comes from the config.
        let merged = mtls.connection.over(workspace.config.connection)
        #expect(merged.http == .http2PriorKnowledge && merged.route.connectTo == ["api.courier.invalid:80:127.0.0.1:1"])
    }

    @Test func mistakesNameTheirPlace() {
        let cases = [
            ("auth: {aws: {accessKey: a, secretKey: b, service: s3}}", "auth.yaml:4:", "missing key \"region\""),
            ("auth: {digest: {user: a}}", "auth.yaml:4:", "missing key \"password\""),
            ("auth: {negotiate: false}", "auth.yaml:4:", "negotiate: true or {}"),
            ("http: \"3\"", "auth.yaml:4:", "http is one of: auto, 1.1, 2, 2-prior-knowledge"),
            ("resolve: [\"example.com:443\"]", "auth.yaml:4:", "expected host:port:address"),
            ("tls: {keyPassword: x}", "auth.yaml:4:", "clientKey and keyPassword go with clientCert"),
            ("tls: {clientCert: c.pem, keyPassword: \"{{nope}}\"}", "auth.yaml:4:", "undefined variable {{nope}}"),
        ]
        for (line, place, words) in cases {
            let yaml = "requests:\n  r:\n    url: https://example.com/\n    \(line)\n"
            do {
                _ = try Workspace.parse(yaml: yaml, file: "auth.yaml")
                Issue.record("\(line) was accepted")
            } catch {
                #expect(error.description.contains(place) && error.description.contains(words), "\(line): \(error.description)")
            }
        }
    }

    @Test func theComposersYAMLReadsBackTheSame() throws {
        let workspace = try Workspace.parse(yaml: Self.yaml, file: "auth.yaml")
        for name in ["digest", "ntlm", "negotiate", "aws", "mtls"] {
            let original = try #require(workspace.requests[name])
            let block = RequestYAML.block(for: original, name: name)
            let indented = block.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
            let copy = try #require(try Workspace.parse(yaml: "variables: {pw: x, secret: y, p12pw: z}\nrequests:\n" + indented, file: "copy.yaml").requests[name], "\(block)")
            #expect(copy.auth == original.auth, "\(block)")
            #expect(copy.tls == original.tls, "\(block)")
            #expect(copy.connection == original.connection, "\(block)")
        }
    }

    /// Sent by `courier run` against the demo server: libcurl answers the digest challenge and
    /// signs the AWS request (the demo server does not check the signature); the passwords, secret key and session
    /// token are in no line the run prints.
    @Test func theRunnerSendsThemAndPrintsNoSecret() async throws {
        let path = writeWorkspace(Self.yaml.replacingOccurrences(of: "  http: \"1.1\"\n", with: ""))
        let human = await headlessRun(path, ["digest", "aws"])
        #expect(human.status == 0, "\(human.output + human.errors)")
        #expect(human.output.contains { $0.contains("✓ digest") && $0.contains("  200  ") }, "\(human.output)")
        let json = await headlessRun(path, ["aws"]) { $0.json = true }
        let printed = (json.output + json.errors).joined(separator: "\n")
        #expect(try jsonLines(json.output).first?["status"] as? Int == 200, "\(printed)")
        for secret in ["l0velace", "s3cr3t/key", "tok3n"] {
            #expect(!(human.output + human.errors).joined().contains(secret))
            #expect(!printed.contains(secret), "\(secret) in \(printed)")
        }
    }

    @Test func exportCurlCarriesTheSchemesTheCertificateAndTheRoute() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "{{demo}}", with: "https://api.example.org")
        let runner = try WorkspaceRunner(workspace: try Workspace.parse(yaml: yaml, file: "auth.yaml"), options: RunOptions())
        let digest = try CurlExport.command(for: runner.makeRequest("digest"))
        #expect(digest.contains(" --digest -u ada:l0velace"), "\(digest)")
        #expect(digest.contains(" --http1.1") && digest.contains(" --connect-to api.courier.invalid:80:127.0.0.1:1"), "\(digest)")
        let aws = try CurlExport.command(for: runner.makeRequest("aws"))
        #expect(aws.contains("/anything?a=1&b=2"), "\(aws)")
        #expect(aws.contains(" --aws-sigv4 aws:amz:eu-west-3:execute-api -u AKIAEXAMPLE:s3cr3t/key"), "\(aws)")
        let hidden = try CurlExport.command(for: runner.makeRequest("aws"), hidingSecrets: true)
        #expect(!hidden.contains("s3cr3t") && !hidden.contains("tok3n"), "\(hidden)")
        let mtls = try CurlExport.command(for: runner.makeRequest("mtls"))
        #expect(mtls.contains(" --cert client.p12 --cert-type P12 --pass p12-secret --http2-prior-knowledge"
            + " --resolve api.example.test:443:127.0.0.1 --connect-to api.courier.invalid:80:127.0.0.1:1 --unix-socket /run/api.sock"),
                "\(mtls)")
        #expect(!(try CurlExport.command(for: runner.makeRequest("mtls"), hidingSecrets: true)).contains("p12-secret"))
    }

    /// The runner names a version other than HTTP/1.1 before the status, and `--json` always
    /// carries the version of a response.
    @Test func theRunnerSaysWhichHTTPVersionAnswered() async throws {
        var result = RequestResult(name: "h2", method: "GET", url: "https://example.org/", status: 200, ok: true, skipped: false,
                                   fromCache: false, durationMs: 1, bytes: 2, timings: nil, error: nil)
        result.httpVersion = "HTTP/2"
        #expect(HumanReport.line(for: result).contains("  HTTP/2 200  "))
        result.httpVersion = "HTTP/1.1"
        #expect(HumanReport.line(for: result).contains("  https://example.org/  200  "))
        let run = await headlessRun(writeWorkspace(Self.yaml), ["digest"]) { $0.json = true }
        #expect(try jsonLines(run.output).first?["httpVersion"] as? String == "HTTP/1.1", "\(run.output)")
    }
}
