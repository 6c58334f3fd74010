import Courier
@testable import CourierChecks
@testable import CourierFormat
@testable import CourierFormatCore
@testable import CourierRunner
import Testing

/// import-curl of the options export-curl writes for libcurl's auth schemes, a client
/// certificate, the HTTP version and the route.
@Suite("import-curl: auth schemes, client certificates, HTTP versions and routes")
struct CurlImportOptionsTests {
    /// The definition import-curl makes of `command`.
    func imported(_ command: String) throws -> RequestDefinition {
        let yaml = try CurlImport.yaml(from: command)
        let workspace = try Workspace.parse(yaml: "requests:\n" + yaml.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"),
                                            file: "imported.yaml")
        return try #require(workspace.requests["imported"], "\(yaml)")
    }

    /// Each request of `yaml` exported and imported back sends the same, by the round trip test's summary.
    func expectRoundTrips(_ yaml: String) throws {
        let workspace = try Workspace.parse(yaml: yaml, file: "options.yaml")
        let runner = try WorkspaceRunner(workspace: workspace, options: RunOptions())
        #expect(!workspace.requestNames.isEmpty)
        for name in workspace.requestNames {
            let original = runner.makeRequest(name)
            let (copy, command, imported) = try CurlRoundTripTests.copy(of: original, runner: runner)
            #expect(try CurlRoundTripTests.summary(of: copy) == CurlRoundTripTests.summary(of: original), "\(name): \(command)\n\(imported)")
        }
    }

    @Test("--digest, --ntlm, --negotiate and --aws-sigv4 with -u become auth:, secrets inline as -u basic is")
    func authSchemes() throws {
        expectEqual(try imported("curl --digest -u 'ann:p w:x' https://h/d").auth, .scheme(.digest(user: "ann", password: "p w:x")))
        expectEqual(try imported("curl --ntlm -u 'DOM\\ann:pw' https://h/n").auth, .scheme(.ntlm(user: "DOM\\ann", password: "pw")))
        expectEqual(try imported("curl --negotiate -u : https://h/k").auth, .scheme(.negotiate))
        expectEqual(try imported("curl --digest --basic -u ann:pw https://h/b").auth, .basic(user: "ann", password: "pw"))
        let aws = try imported("""
            curl -H 'X-Amz-Security-Token: sess' -H 'X-Other: 1' --aws-sigv4 aws:amz:eu-west-1:s3 -u AKID:secret https://b.s3.amazonaws.com/k
            """)
        #expect(aws.auth == .scheme(.aws(AWSCredentials(accessKey: "AKID", secretKey: "secret", sessionToken: "sess",
                                                        region: "eu-west-1", service: "s3"))))
        expectEqual(aws.headers.map(\.name), ["X-Other"])
        #expect(try CurlImport.yaml(from: "curl --digest -u ann:pw https://h/d") == """
            imported:
              url: "https://h/d"
              auth:
                digest:
                  user: ann
                  password: pw

            """)
        #expect(throws: CurlImport.Failure.self) { try CurlImport.yaml(from: "curl --aws-sigv4 aws:amz:us-east-1:s3 https://h/") }
        #expect(throws: CurlImport.Failure.self) { try CurlImport.yaml(from: "curl --aws-sigv4 aws:amz -u a:b https://h/") }
        #expect(throws: CurlImport.Failure.self) { try CurlImport.yaml(from: "curl --aws-sigv4 osc:osc:r:s -u a:b https://h/") }
    }

    @Test("--cert, --key, --pass and --cert-type become tls: clientCert, clientKey, keyPassword")
    func clientCertificates() throws {
        let pem = try imported("curl --cacert /ca.pem --cert /c.pem --key /k.pem --pass 'pw!' https://h/")
        expectEqual(pem.tls?.clientCertificate, ClientCertificate(certificateFile: "/c.pem", keyFile: "/k.pem", keyPassword: "pw!"))
        expectEqual(pem.tls?.caFile, "/ca.pem")
        #expect(try imported("curl --cert '/my\\:dir/c.pem:pw' https://h/").tls?.clientCertificate
                == ClientCertificate(certificateFile: "/my:dir/c.pem", keyPassword: "pw"))
        let p12 = try imported("curl --cert /c.p12 --cert-type P12 --pass pw https://h/").tls?.clientCertificate
        expectEqual(p12?.format, .pkcs12)
        expectEqual(p12?.keyPassword, "pw")
        #expect(throws: CurlImport.Failure.self) { try CurlImport.yaml(from: "curl --cert /c.pem --cert-type P12 https://h/") }
        #expect(throws: CurlImport.Failure.self) { try CurlImport.yaml(from: "curl --cert /c.pem --cert-type DER https://h/") }
        #expect(throws: CurlImport.Failure.self) { try CurlImport.yaml(from: "curl --key /k.pem https://h/") }
    }

    @Test("--http1.1, --http2, --http2-prior-knowledge, --resolve, --connect-to and --unix-socket become http: and the route")
    func connection() throws {
        expectEqual(try imported("curl --http1.1 https://h/").connection.http, .http1_1)
        expectEqual(try imported("curl --http2 https://h/").connection.http, .http2)
        expectEqual(try imported("curl --http2-prior-knowledge http://h/").connection.http, .http2PriorKnowledge)
        expectEqual(try imported("curl https://h/").connection.http, nil)
        let routed = try imported("""
            curl --resolve h:443:127.0.0.1 --resolve 'h:80:[::1]' --connect-to h:443:other:8443 --unix-socket /run/d.sock https://h/
            """)
        #expect(routed.connection.route == ConnectionRoute(resolve: ["h:443:127.0.0.1", "h:80:[::1]"],
                                                           connectTo: ["h:443:other:8443"], unixSocket: "/run/d.sock"))
    }

    @Test("requests with each auth scheme, client certificate, HTTP version and route survive export-curl then import-curl")
    func roundTrips() throws {
        try expectRoundTrips("""
            requests:
              digest:
                url: https://h.example/d
                auth: {digest: {user: ann, password: "p:w"}}
              ntlm:
                method: POST
                url: https://h.example/n
                auth: {ntlm: {user: ann, password: pw}}
                body: {json: {a: 1}}
              negotiate:
                url: https://h.example/k
                auth: {negotiate: {}}
              aws:
                url: https://b.s3.amazonaws.com/k?b=2&a=1
                auth: {aws: {accessKey: AKID, secretKey: "s/k", sessionToken: sess, region: eu-west-1, service: s3}}
              pem:
                url: https://h.example/m
                tls: {caFile: /ca.pem, clientCert: /c.pem, clientKey: /k.pem, keyPassword: "it's"}
              p12:
                url: https://h.example/m
                tls: {clientCert: /c.p12, keyPassword: pw}
              http11:
                url: https://h.example/
                http: "1.1"
              http2:
                url: https://h.example/
                http: "2"
              prior:
                url: http://h.example/
                http: 2-prior-knowledge
              routed:
                url: https://h.example/
                resolve: ["h.example:443:127.0.0.1", "h.example:80:[::1]"]
                connectTo: h.example:443:other:8443
                unixSocket: /run/d.sock
            """)
    }
}
