@testable import Courier
import Foundation
import Testing

/// AWS Signature Version 4 through libcurl's `CURLOPT_AWS_SIGV4`, checked against AWS's
/// published test suite and against botocore, an independent signer.
@Suite struct AWSSigV4Tests {
    static let suiteCredentials = AWSCredentials(accessKey: "AKIDEXAMPLE", secretKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
                                                 region: "us-east-1", service: "service")

    /// aws-sig-v4-test-suite: `get-vanilla-query-order-key-case` and `get-vanilla-query-order-encoded`,
    /// both written out of order, as libcurl 7.88 would sign them wrongly as written.
    @Test(arguments: [
        ("Param2=value2&Param1=value1", "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"),
        ("Param-3=Value3&Param=Value2&%E1%88%B4=Value1", "371d3713e185cc334048618a97f809c9ffe339c62934c032af5a0e595648fcac"),
    ])
    func signsAWSTestSuiteVectors(query: String, signature: String) async throws {
        let server = try HeadEchoServer()
        defer { server.stop() }
        let config = NetworkConfig()
        config.proxy = .none
        let request = ConfigurableRequest("http://example.amazonaws.com/?" + query, headers: ["X-Amz-Date": "20150830T123600Z"])
        request.definition.httpAuthentication = .aws(Self.suiteCredentials)
        request.definition.connectionRoute = ConnectionRoute(connectTo: ["example.amazonaws.com:80:127.0.0.1:\(server.port)"])
        request.definition.responseSerializer = .raw
        request.agent = NetworkAgent(config: config)
        try await request.run()
        let head = try #require(request.responseString)
        #expect(head.contains("Host: example.amazonaws.com\r\n"))
        #expect(head.contains("Authorization: AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
            + "SignedHeaders=host;x-amz-date, Signature=\(signature)\r\n"), "\(head)")
    }

    @Test func theQueryIsPutInAWSsCanonicalForm() {
        let cases = [("b=2&a=1", "a=1&b=2"), ("a=2&a=1", "a=1&a=2"), ("q=a+b&x=%7e", "q=a%20b&x=~"), ("flag&z=", "flag=&z="),
                     ("k=%2F/", "k=%2F%2F")]
        for (written, canonical) in cases {
            #expect(AWSCanonicalQuery.canonical(written) == canonical, "\(written)")
        }
        expectEqual(AWSCanonicalQuery.canonicalizing("http://h/p?b=1&a=2#frag"), "http://h/p?a=2&b=1")
    }

    /// A POST with a body, a query out of order, a space in a value and a session token: the
    /// Authorization libcurl sent equals what botocore computes for the same request.
    @Test func botocoreComputesTheSameSignature() async throws {
        let python = try Self.botocorePython()
        try await withTestBed { bed in
            let credentials = AWSCredentials(accessKey: "AKIAEXAMPLE", secretKey: "s3cr3t/key+value", sessionToken: "token/with+chars=",
                                             region: "eu-west-3", service: "execute-api")
            let request = bed.request("/anything?zeta=last&alpha=first&space=a%20b", method: .post, arguments: ["name": "courier"]) {
                $0.httpAuthentication = .aws(credentials)
                $0.requestSerializer = .json
            }
            try await request.run()
            let echo = try #require(request.responseJSON)
            let headers = try #require(echo["headers"]?.objectValue)
            let authorization = try #require(headers["Authorization"]?.stringValue)
            let signed = try #require(authorization.split(separator: "SignedHeaders=").last?.split(separator: ",").first)
                .split(separator: ";").map(String.init)
            #expect(signed.contains("x-amz-security-token") && signed.contains("content-type"), "\(authorization)")
            let sent = try #require(request.response?.url)
            #expect(sent.hasSuffix("/anything?alpha=first&space=a%20b&zeta=last"))
            let given: JSONValue = .object([
                "method": "POST", "url": .string(sent), "body": echo["data"] ?? "",
                "headers": .object(headers.compactMapValues { $0.stringValue.map(JSONValue.string) }),
                "signed": .array(signed.map(JSONValue.string)), "amzDate": .string(headers["X-Amz-Date"]?.stringValue ?? ""),
                "accessKey": .string(credentials.accessKey), "secretKey": .string(credentials.secretKey),
                "sessionToken": .string(credentials.sessionToken!), "region": .string(credentials.region), "service": .string(credentials.service),
            ])
            let input = try given.serialized()
            let botocore = try await offThePool { try Self.run(python.executable, arguments: python.arguments + ["-c", Self.botocoreSigner], input: input) }
            expectEqual(botocore.trimmingCharacters(in: .whitespacesAndNewlines), authorization)
        }
    }

    /// A python3 with botocore: the test venv's (scripts/test-servers-bootstrap.sh installs it
    /// there), else the one on PATH; without one the test is cancelled (reported as skipped)
    /// with the reason.
    static func botocorePython() throws -> (executable: String, arguments: [String]) {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [(root.path + "/.build/test-venv/bin/python", [String]()), ("/usr/bin/env", ["python3"])]
        for (executable, arguments) in candidates where FileManager.default.isExecutableFile(atPath: executable) {
            if (try? run(executable, arguments: arguments + ["-c", "import botocore"], input: Data())) != nil { return (executable, arguments) }
        }
        let reason = "no python3 with botocore (make test installs it into .build/test-venv; or pip install botocore)"
        print("skipping the botocore comparison: \(reason)")
        try Test.cancel(Comment(rawValue: reason))
    }

    static func run(_ executable: String, arguments: [String], input: Data) throws -> String {
        let (status, output) = try ChildProcess.run([executable] + arguments, input: input, discardingErrors: true)
        guard status == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: output]) }
        return output
    }

    /// Signs the request described on stdin with botocore's SigV4Auth at the request's own
    /// X-Amz-Date, over the headers libcurl signed, and prints the Authorization it computes.
    static let botocoreSigner = """
    import json, sys
    from botocore.auth import SigV4Auth
    from botocore.awsrequest import AWSRequest
    from botocore.credentials import Credentials
    given = json.load(sys.stdin)
    headers = {name: value for name, value in given["headers"].items() if name.lower() in given["signed"]}
    request = AWSRequest(method=given["method"], url=given["url"], data=given["body"].encode(), headers=headers)
    auth = SigV4Auth(Credentials(given["accessKey"], given["secretKey"], given["sessionToken"]), given["service"], given["region"])
    request.context["timestamp"] = given["amzDate"]
    canonical = auth.canonical_request(request)
    signature = auth.signature(auth.string_to_sign(request, canonical), request)
    names = auth.signed_headers(auth.headers_to_sign(request))
    print(f"AWS4-HMAC-SHA256 Credential={auth.scope(request)}, SignedHeaders={names}, Signature={signature}")
    """
}
